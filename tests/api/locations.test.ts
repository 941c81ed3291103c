import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ApiErrorBody } from "../../contracts/http/errors.ts";
import { Location } from "../../contracts/locations/schema.ts";
import { LOCATION_TYPE_UUID } from "../../contracts/reference.ts";
import {
  deviceTable,
  locationTable,
  locationTagTable,
  spaceTable,
  workingTimeTable,
} from "../../drizzle/schema/index.ts";
import {
  api,
  auditOf,
  db,
  errorsOf,
  locationAddInput,
  makeDevice,
  makeLocation,
  makeTag,
  memberOf,
  tagLocation,
} from "../factories.ts";

const stored = (uuid: string) => db().select().from(locationTable).where(eq(locationTable.uuid, uuid)).get();

const valid = { ...locationAddInput, description: "By the square", latitude: 45.81, longitude: 15.97 };

/** Enables custom fields 1 (required by its alias) and 2 (required and unique) in the space. */
const enableCustomFields = (spaceUuid: string) =>
  db()
    .update(spaceTable)
    .set({
      location_custom_1_alias: "Manager req",
      location_custom_1_enabled: true,
      location_custom_2_alias: "Store code (REQ unq)",
      location_custom_2_enabled: true,
      location_custom_3_alias: "Notes",
      location_custom_3_enabled: false,
    })
    .where(eq(spaceTable.space_uuid, spaceUuid));

describe("POST /api/space/{space}/location/add/", () => {
  it("creates the location with tags, answers 201 with it and audits the change", async () => {
    const { space, token, user } = await memberOf("content_manager");
    const s = space.space_uuid;
    const tag = await makeTag(s, "vip");
    const res = await api(`/api/space/${s}/location/add/`, {
      method: "POST",
      token,
      json: { ...valid, tag_uuids: [tag.uuid, tag.uuid] },
    });
    expect(res.status).toBe(201);
    const location = Location.parse(await res.json());
    expect(location).toMatchObject({
      ...valid,
      location_type_name: "Shop",
      country_name: "Croatia",
      global_timezone_enabled: true,
      tags: [{ uuid: tag.uuid, name: "vip" }],
      online_status: "offline",
      total_number: 0,
    });
    expect(await stored(location.uuid)).toMatchObject({ space_uuid: s, name: "Main shop", display_id: "MS-1" });
    const links = await db().select().from(locationTagTable).where(eq(locationTagTable.location_uuid, location.uuid));
    expect(links).toHaveLength(1);
    expect(await auditOf(location.uuid)).toEqual([
      expect.objectContaining({ action: "location.create", actor_user_uuid: user.uuid, space_uuid: s }),
    ]);
  });

  it("replies in the same envelope as the other add calls: 201 with the new record itself, as GET returns it", async () => {
    const { space, token } = await memberOf("content_manager");
    const s = space.space_uuid;
    const add = async (path: string, json: object) => {
      const res = await api(`/api/space/${s}/${path}/add/`, { method: "POST", token, json });
      expect(res.status).toBe(201);
      return (await res.json()) as Record<string, unknown>;
    };
    const location = await add("location", valid);
    const group = await add("location-group", { name: "North" });
    const tag = await add("tag", { name: "envelope" });
    for (const record of [location, group, tag]) {
      expect(typeof record.uuid).toBe("string");
      expect(record).not.toHaveProperty("data");
    }
    expect(location).toMatchObject({ name: valid.name, display_id: valid.display_id });
    const read = await api(`/api/space/${s}/location/${location.uuid}/`, { token });
    expect(await read.json()).toEqual(location);
  });

  it("answers Required for the fixed required fields, and the timezone once a type is set", async () => {
    const { space, token } = await memberOf("content_manager");
    const res = await api(`/api/space/${space.space_uuid}/location/add/`, {
      method: "POST",
      token,
      json: { name: "", city: null, location_type_uuid: LOCATION_TYPE_UUID.shop },
    });
    expect(res.status).toBe(400);
    expect(await errorsOf(res)).toEqual({
      name: ["Required"],
      country_code: ["Required"],
      city: ["Required"],
      address: ["Required"],
      zip_code: ["Required"],
      timezone: ["Required"],
    });
  });

  it("checks lengths, coordinates and references (type, country, tags of this space only)", async () => {
    const { space, token } = await memberOf("content_manager");
    const other = await memberOf("content_manager");
    const foreignTag = await makeTag(other.space.space_uuid);
    const path = `/api/space/${space.space_uuid}/location/add/`;
    const long = await api(path, {
      method: "POST",
      token,
      json: { ...valid, name: "x".repeat(257), description: "d".repeat(1001), latitude: 91 },
    });
    expect(ApiErrorBody.parse(await long.json())).toMatchObject({
      errors: {
        name: ["Ensure this field has no more than 256 characters."],
        description: ["Ensure this field has no more than 1000 characters."],
        latitude: ["Ensure this value is less than or equal to 90."],
      },
    });
    const types = await api(path, { method: "POST", token, json: { ...valid, latitude: "north", tag_uuids: "vip" } });
    expect(await errorsOf(types)).toEqual({
      latitude: ["A valid number is required."],
      tag_uuids: ["Invalid input: expected array, received string"],
    });
    const refs = await api(path, {
      method: "POST",
      token,
      json: {
        ...valid,
        location_type_uuid: crypto.randomUUID(),
        country_code: "XX",
        timezone: "Mars/Olympus",
        tag_uuids: [foreignTag.uuid],
      },
    });
    expect(refs.status).toBe(400);
    expect(ApiErrorBody.parse(await refs.json())).toMatchObject({
      errors: {
        location_type_uuid: ["Location type not found."],
        country_code: ["Country not found."],
        timezone: ["Unknown timezone."],
        tag_uuids: [`Tags not found: ${foreignTag.uuid}.`],
      },
    });
    const count = await db().select().from(locationTable).where(eq(locationTable.space_uuid, space.space_uuid));
    expect(count).toHaveLength(0);
  });

  it("applies the custom-field rules of the space's enabled fields", async () => {
    const { space, token } = await memberOf("content_manager");
    const s = space.space_uuid;
    await enableCustomFields(s);
    const path = `/api/space/${s}/location/add/`;
    const empty = await api(path, { method: "POST", token, json: { ...valid, location_custom_3: "ignored" } });
    expect(ApiErrorBody.parse(await empty.json())).toMatchObject({
      errors: {
        location_custom_1: ["Manager req is required."],
        location_custom_2: ["Store code (REQ unq) is required and must be unique."],
      },
    });
    await makeLocation(s, { location_custom_2: "S-1" });
    const taken = await api(path, {
      method: "POST",
      token,
      json: { ...valid, location_custom_1: "Ana", location_custom_2: "S-1" },
    });
    expect(await errorsOf(taken)).toEqual({
      location_custom_2: ["Store code (REQ unq) is required and must be unique."],
    });
    const ok = await api(path, {
      method: "POST",
      token,
      json: { ...valid, location_custom_1: "Ana", location_custom_2: "S-2", location_custom_3: "ignored" },
    });
    expect(ok.status).toBe(201);
    const location = Location.parse(await ok.json());
    expect(location).toMatchObject({
      location_custom_1: "Ana",
      location_custom_1_alias: "Manager req",
      location_custom_2: "S-2",
      location_custom_3: "",
      location_custom_3_enabled: false,
    });
  });

  it("answers 409 when the display id is taken in the space (and not across spaces)", async () => {
    const { space, token } = await memberOf("admin");
    await makeLocation(space.space_uuid, { display_id: "MS-1" });
    const res = await api(`/api/space/${space.space_uuid}/location/add/`, { method: "POST", token, json: valid });
    expect(res.status).toBe(409);
    expect(ApiErrorBody.parse(await res.json())).toMatchObject({
      message: "Location with this display id already exists.",
    });
    const other = await memberOf("admin");
    const elsewhere = await api(`/api/space/${other.space.space_uuid}/location/add/`, {
      method: "POST",
      token: other.token,
      json: valid,
    });
    expect(elsewhere.status).toBe(201);
  });

  it("refuses Viewers (403), callers without a token (401) and of another space (403), storing nothing", async () => {
    const viewer = await memberOf("viewer");
    const outsider = await memberOf("admin");
    const path = `/api/space/${viewer.space.space_uuid}/location/add/`;
    expect((await api(path, { method: "POST", token: viewer.token, json: valid })).status).toBe(403);
    expect((await api(path, { method: "POST", json: valid })).status).toBe(401);
    expect((await api(path, { method: "POST", token: outsider.token, json: valid })).status).toBe(403);
    const rows = await db().select().from(locationTable).where(eq(locationTable.space_uuid, viewer.space.space_uuid));
    expect(rows).toHaveLength(0);
  });
});

describe("GET /api/space/{space}/location/{loc}/", () => {
  it("returns the location to any member, 404 for another space's or an unknown one", async () => {
    const { space, token } = await memberOf("viewer");
    const location = await makeLocation(space.space_uuid, { name: "Depot" });
    await makeDevice(space.space_uuid, { location_uuid: location.uuid, connected_status: "connected", online: true });
    const res = await api(`/api/space/${space.space_uuid}/location/${location.uuid}`, { token });
    expect(res.status).toBe(200);
    expect(Location.parse(await res.json())).toMatchObject({ name: "Depot", online_status: "online", total_number: 1 });
    const theirs = await makeLocation((await memberOf("viewer")).space.space_uuid);
    expect((await api(`/api/space/${space.space_uuid}/location/${theirs.uuid}/`, { token })).status).toBe(404);
    expect((await api(`/api/space/${space.space_uuid}/location/${crypto.randomUUID()}/`, { token })).status).toBe(404);
  });
});

describe("PATCH /api/space/{space}/location/{loc}/", () => {
  const located = async (role: "content_manager" | "viewer" = "content_manager") => {
    const member = await memberOf(role);
    const location = await makeLocation(member.space.space_uuid, {
      name: "Old",
      display_id: "OLD-1",
      location_type_uuid: LOCATION_TYPE_UUID.mobile,
    });
    return { ...member, location, path: `/api/space/${member.space.space_uuid}/location/${location.uuid}/` };
  };

  it("updates fields and tags, computes global_timezone_enabled, audits and answers 200", async () => {
    const { space, token, location, path } = await located();
    const keep = await makeTag(space.space_uuid, "keep");
    const drop = await makeTag(space.space_uuid, "drop");
    await tagLocation(location, drop);
    const res = await api(path, {
      method: "PATCH",
      token,
      json: { name: "New", timezone: "America/New_York", tag_uuids: [keep.uuid], global_timezone_enabled: true },
    });
    expect(res.status).toBe(200);
    const body = Location.parse(await res.json());
    expect(body).toMatchObject({
      name: "New",
      display_id: "OLD-1",
      global_timezone_enabled: false,
      tag_uuids: [keep.uuid],
    });
    expect(await stored(location.uuid)).toMatchObject({ name: "New", timezone: "America/New_York" });
    expect(await auditOf(location.uuid)).toEqual([expect.objectContaining({ action: "location.update" })]);
    const back = Location.parse(
      await (await api(path, { method: "PATCH", token, json: { timezone: "Europe/Zagreb" } })).json(),
    );
    expect(back.global_timezone_enabled).toBe(true);
  });

  it("requires name and display id on edit; other fields are validated only when filled", async () => {
    const { space, token, path } = await located();
    const blank = await api(path, { method: "PATCH", token, json: { name: "", display_id: "", city: "" } });
    expect(blank.status).toBe(400);
    expect(await errorsOf(blank)).toEqual({ name: ["Required"], display_id: ["Required"] });
    const noDisplayId = await makeLocation(space.space_uuid);
    const res = await api(`/api/space/${space.space_uuid}/location/${noDisplayId.uuid}/`, {
      method: "PATCH",
      token,
      json: { name: "Renamed" },
    });
    expect(await errorsOf(res)).toEqual({ display_id: ["Required"] });
    const filled = await api(path, { method: "PATCH", token, json: { country_code: "XX", timezone: "Nowhere/City" } });
    expect(await errorsOf(filled)).toEqual({ country_code: ["Country not found."], timezone: ["Unknown timezone."] });
  });

  it("requires nothing more of any type on edit: place fields are checked only when filled", async () => {
    const { token, path } = await located();
    const shop = await api(path, {
      method: "PATCH",
      token,
      json: { location_type_uuid: LOCATION_TYPE_UUID.shop, country_code: null, city: "", address: "", zip_code: "" },
    });
    expect(shop.status).toBe(200);
    const homeOk = await api(path, {
      method: "PATCH",
      token,
      json: { location_type_uuid: LOCATION_TYPE_UUID.home, country_code: "hr", city: "Split" },
    });
    expect(homeOk.status).toBe(200);
    expect(Location.parse(await homeOk.json())).toMatchObject({ location_type_name: "Home", country_code: "HR" });
    const other = await api(path, {
      method: "PATCH",
      token,
      json: { location_type_uuid: LOCATION_TYPE_UUID.other, country_code: null, city: "" },
    });
    expect(other.status).toBe(200);
  });

  it("uses the edit form's custom-field messages", async () => {
    const { space, token, path } = await located();
    await enableCustomFields(space.space_uuid);
    await makeLocation(space.space_uuid, { location_custom_2: "S-1" });
    const res = await api(path, { method: "PATCH", token, json: { location_custom_1: "", location_custom_2: "S-1" } });
    expect(await errorsOf(res)).toEqual({
      location_custom_1: ["Manager req cannot be blank"],
      location_custom_2: ["Store code (REQ unq) is required and must be unique"],
    });
    const ok = await api(path, {
      method: "PATCH",
      token,
      json: { location_custom_1: "Ana", location_custom_2: "S-9" },
    });
    expect(ok.status).toBe(200);
  });

  it("takes the body console.md §7.2 names: fields, tags, timezone flag and enabled custom fields with value, alias and enabled", async () => {
    const { space, token, location, path } = await located();
    await enableCustomFields(space.space_uuid);
    const tag = await makeTag(space.space_uuid, "edge");
    const res = await api(path, {
      method: "PATCH",
      token,
      json: {
        name: "Harbour",
        description: "By the sea",
        display_id: "HB-1",
        zip_code: "21000",
        country_code: "HR",
        city: "Split",
        address: "Riva 2",
        latitude: 43.508,
        longitude: 16.44,
        tag_uuids: [tag.uuid],
        timezone: "Europe/Zagreb",
        global_timezone_enabled: true,
        location_custom_1: "Ana",
        location_custom_1_alias: "Manager req",
        location_custom_1_enabled: true,
        location_custom_2: "S-7",
        location_custom_2_alias: "Store code (REQ unq)",
        location_custom_2_enabled: true,
        // Disabled in the space: its value is not stored, whatever the body says.
        location_custom_3: "ignored",
        location_custom_3_alias: "Notes",
        location_custom_3_enabled: true,
      },
    });
    expect(res.status).toBe(200);
    const body = Location.parse(await res.json());
    expect(body).toMatchObject({
      uuid: location.uuid,
      name: "Harbour",
      display_id: "HB-1",
      city: "Split",
      latitude: 43.508,
      tag_uuids: [tag.uuid],
      global_timezone_enabled: true,
      location_custom_1: "Ana",
      location_custom_1_alias: "Manager req",
      location_custom_1_enabled: true,
      location_custom_2: "S-7",
      location_custom_3: "",
      location_custom_3_enabled: false,
    });
    // The alias and enabled flag are the space's settings: a location PATCH does not change them.
    const settings = await db().select().from(spaceTable).where(eq(spaceTable.space_uuid, space.space_uuid)).get();
    expect(settings).toMatchObject({ location_custom_3_enabled: false, location_custom_1_alias: "Manager req" });
    const wrongType = await api(path, { method: "PATCH", token, json: { location_custom_1_enabled: "yes" } });
    expect(await errorsOf(wrongType)).toEqual({ location_custom_1_enabled: ["Must be a valid boolean."] });
  });

  it("answers 409 for a display id another location of the space has", async () => {
    const { space, token, path } = await located();
    await makeLocation(space.space_uuid, { display_id: "TAKEN" });
    const res = await api(path, { method: "PATCH", token, json: { display_id: "TAKEN" } });
    expect(res.status).toBe(409);
    expect(ApiErrorBody.parse(await res.json())).toMatchObject({
      message: "Location with this display id already exists.",
    });
  });

  it("saves a working-time schedule carried by the same call", async () => {
    const { space, token, location, path } = await located();
    const monday = [
      { start: "13:00:00", end: "17:00:00" },
      { start: "08:00:00", end: "12:00:00" },
    ];
    const res = await api(path, { method: "PATCH", token, json: { working_time_monday: monday } });
    expect(res.status).toBe(200);
    expect(Location.parse(await res.json()).global_working_time_enabled).toBe(false);
    const rows = await db()
      .select()
      .from(workingTimeTable)
      .where(and(eq(workingTimeTable.space_uuid, space.space_uuid), eq(workingTimeTable.location_uuid, location.uuid)))
      .orderBy(workingTimeTable.position);
    expect(rows.map((r) => [r.day, r.position, r.start, r.end])).toEqual([
      ["monday", 0, "08:00:00", "12:00:00"],
      ["monday", 1, "13:00:00", "17:00:00"],
    ]);
    const bad = await api(path, {
      method: "PATCH",
      token,
      json: { working_time_tuesday: [{ start: "8:00", end: "12:00:00" }] },
    });
    expect(ApiErrorBody.parse(await bad.json())).toMatchObject({
      errors: { working_time_tuesday: [{ start: ["Time must be in hh:mm:ss format"] }] },
    });
  });

  it("refuses Viewers (403) and another space's location (404), changing nothing", async () => {
    const viewer = await located("viewer");
    expect((await api(viewer.path, { method: "PATCH", token: viewer.token, json: { name: "X" } })).status).toBe(403);
    const cm = await memberOf("content_manager");
    const crossPath = `/api/space/${cm.space.space_uuid}/location/${viewer.location.uuid}/`;
    expect((await api(crossPath, { method: "PATCH", token: cm.token, json: { name: "X" } })).status).toBe(404);
    expect((await api(viewer.path, { method: "PATCH", json: { name: "X" } })).status).toBe(401);
    expect((await stored(viewer.location.uuid))?.name).toBe("Old");
  });
});

describe("DELETE /api/space/{space}/location/{loc}/", () => {
  it("deletes the location (204); its devices stay without a location", async () => {
    const { space, token, user } = await memberOf("content_manager");
    const location = await makeLocation(space.space_uuid);
    const device = await makeDevice(space.space_uuid, { location_uuid: location.uuid });
    const res = await api(`/api/space/${space.space_uuid}/location/${location.uuid}/`, { method: "DELETE", token });
    expect(res.status).toBe(204);
    expect(await stored(location.uuid)).toBeUndefined();
    const kept = await db().select().from(deviceTable).where(eq(deviceTable.uuid, device.uuid)).get();
    expect(kept?.location_uuid).toBeNull();
    expect(await auditOf(location.uuid)).toEqual([
      expect.objectContaining({ action: "location.delete", actor_user_uuid: user.uuid }),
    ]);
  });

  it("refuses Viewers (403) and another space's location (404)", async () => {
    const viewer = await memberOf("viewer");
    const location = await makeLocation(viewer.space.space_uuid);
    const path = `/api/space/${viewer.space.space_uuid}/location/${location.uuid}/`;
    expect((await api(path, { method: "DELETE", token: viewer.token })).status).toBe(403);
    const cm = await memberOf("content_manager");
    const cross = `/api/space/${cm.space.space_uuid}/location/${location.uuid}/`;
    expect((await api(cross, { method: "DELETE", token: cm.token })).status).toBe(404);
    expect(await stored(location.uuid)).toBeDefined();
  });
});
