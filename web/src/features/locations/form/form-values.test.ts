import { LocationEditInput } from "@contracts/locations/schema";
import { describe, expect, it } from "vitest";
import { emptyLocationValues, toEditInput } from "./form-values";
import type { CustomFieldRule } from "./location-rules";

const rules: CustomFieldRule[] = [{ key: "location_custom_2", alias: "Store code", required: true, unique: false }];

describe("toEditInput (console.md §7.2 location PATCH body)", () => {
  it("sends the fields, global_timezone_enabled and each enabled custom field with value, alias and enabled", () => {
    const values = {
      ...emptyLocationValues("Europe/Zagreb"),
      name: " Harbour ",
      display_id: "HB-1",
      latitude: "43.5",
      location_custom_2: " S-7 ",
      location_custom_3: "not enabled",
    };
    const body = toEditInput(values, rules, "Europe/Zagreb");
    expect(body).toMatchObject({
      name: "Harbour",
      display_id: "HB-1",
      latitude: 43.5,
      longitude: null,
      tag_uuids: [],
      timezone: "Europe/Zagreb",
      global_timezone_enabled: true,
      location_custom_2: "S-7",
      location_custom_2_alias: "Store code",
      location_custom_2_enabled: true,
    });
    expect(body).not.toHaveProperty("location_custom_3");
    expect(body).not.toHaveProperty("location_custom_3_alias");
    // The server's schema takes it as it is.
    expect(LocationEditInput.safeParse(body).success).toBe(true);
  });

  it("clears global_timezone_enabled when the timezone is not the space's", () => {
    const values = { ...emptyLocationValues("Europe/Zagreb"), timezone: "America/New_York" };
    expect(toEditInput(values, [], "Europe/Zagreb").global_timezone_enabled).toBe(false);
  });
});
