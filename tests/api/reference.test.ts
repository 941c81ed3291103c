import { describe, expect, it } from "vitest";
import { CountryList, LocationTypeList } from "../../contracts/locations/schema.ts";
import { COUNTRY_UUID, LOCATION_TYPE_UUID } from "../../contracts/reference.ts";
import { api, memberOf } from "../factories.ts";

describe("location types and countries", () => {
  it("lists the 12 location types globally and under a space", async () => {
    const { space, token } = await memberOf("viewer");
    for (const path of ["/api/location-type/items/", `/api/space/${space.space_uuid}/location-type/items/`]) {
      const res = await api(path, { token });
      expect(res.status).toBe(200);
      const { location_types } = LocationTypeList.parse(await res.json());
      expect(location_types).toHaveLength(12);
      expect(location_types[0]).toEqual({ uuid: LOCATION_TYPE_UUID.office_building, name: "Office Building" });
      expect(location_types.map((t) => t.name).slice(-2)).toEqual(["Mobile", "Other"]);
    }
  });

  it("lists the countries by name with uuid and code, globally and under a space", async () => {
    const { space, token } = await memberOf("viewer");
    for (const path of ["/api/country/items/", `/api/space/${space.space_uuid}/location/country/items/`]) {
      const res = await api(path, { token });
      expect(res.status).toBe(200);
      const { countries } = CountryList.parse(await res.json());
      expect(countries).toHaveLength(249);
      expect(countries).toContainEqual({
        uuid: COUNTRY_UUID.HR,
        name: "Croatia",
        code: "HR",
        timezone: "Europe/Zagreb",
      });
      // A country spanning several zones suggests none: the location form leaves the choice to the user.
      expect(countries.find((c) => c.code === "US")?.timezone).toBeNull();
      const names = countries.map((c) => c.name);
      expect(names.slice(0, 3)).toEqual(["Afghanistan", "Åland Islands", "Albania"]);
      expect(names.at(-1)).toBe("Zimbabwe");
    }
  });

  it("needs a signed-in user (401) and, under a space, membership (403)", async () => {
    const a = await memberOf("viewer");
    const b = await memberOf("viewer");
    expect((await api("/api/location-type/items/")).status).toBe(401);
    expect((await api("/api/country/items/")).status).toBe(401);
    expect((await api(`/api/space/${a.space.space_uuid}/location-type/items/`)).status).toBe(401);
    expect((await api(`/api/space/${a.space.space_uuid}/location-type/items/`, { token: b.token })).status).toBe(403);
    expect((await api(`/api/space/${a.space.space_uuid}/location/country/items/`, { token: b.token })).status).toBe(
      403,
    );
  });
});
