import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { LocationGroup, LocationGroupList } from "../../contracts/location-groups/schema.ts";
import { locationGroupLocationTable, locationGroupTable, locationTable } from "../../drizzle/schema/index.ts";
import {
  api,
  auditOf,
  db,
  errorsOf,
  makeDevice,
  makeGroup,
  makeLocation,
  memberOf,
  outsiderStatuses,
} from "../factories.ts";

const groupRow = (uuid: string) =>
  db().select().from(locationGroupTable).where(eq(locationGroupTable.uuid, uuid)).get();
const linksOf = async (uuid: string) =>
  (await db().select().from(locationGroupLocationTable).where(eq(locationGroupLocationTable.location_group_uuid, uuid)))
    .map((r) => r.location_uuid)
    .sort();

describe("GET /api/space/{space}/location-group/items/", () => {
  it("lists groups with their locations, counts and online status", async () => {
    const { space, token } = await memberOf("viewer");
    const s = space.space_uuid;
    const up = await makeLocation(s, { name: "A up", city: "Zagreb", address: "Ilica 1" });
    const down = await makeLocation(s, { name: "B down" });
    await makeDevice(s, { location_uuid: up.uuid, connected_status: "connected", online: true });
    await makeDevice(s, { location_uuid: down.uuid, connected_status: "connected", online: false });
    const mixed = await makeGroup(s, { name: "Mixed" }, [up, down]);
    await makeGroup(s, { name: "Only up" }, [up]);
    await makeGroup(s, { name: "Empty" });
    const res = await api(`/api/space/${s}/location-group/items/`, { token });
    expect(res.status).toBe(200);
    const { location_groups, objects_count } = LocationGroupList.parse(await res.json());
    expect(objects_count).toBe(3);
    const by = Object.fromEntries(location_groups.map((g) => [g.name, g]));
    expect(by.Mixed).toMatchObject({ uuid: mixed.uuid, locations_number: 2, online_status: "partially_online" });
    expect(by.Mixed.locations).toEqual([
      { uuid: up.uuid, name: "A up", address: "Ilica 1", city: "Zagreb", online_status: "online", total_number: 1 },
      { uuid: down.uuid, name: "B down", address: "", city: "", online_status: "offline", total_number: 1 },
    ]);
    expect(by["Only up"].online_status).toBe("online");
    expect(by.Empty).toMatchObject({ locations: [], locations_number: 0, online_status: "offline" });
  });

  it("orders (-created_at by default, active, updated_at), searches and pages", async () => {
    const { space, token } = await memberOf("viewer");
    const s = space.space_uuid;
    const day = (d: number) => `2030-01-0${d}T00:00:00.000Z`;
    await makeGroup(s, { name: "First", created_at: day(1), updated_at: day(9), active: false });
    await makeGroup(s, { name: "Second", created_at: day(2), updated_at: day(8) });
    await makeGroup(s, { name: "Third", created_at: day(3), updated_at: day(7) });
    const names = async (q: string) => {
      const body = LocationGroupList.parse(
        await (await api(`/api/space/${s}/location-group/items/${q}`, { token })).json(),
      );
      return body.location_groups.map((g) => g.name);
    };
    expect(await names("")).toEqual(["Third", "Second", "First"]);
    expect(await names("?ordering=updated_at")).toEqual(["Third", "Second", "First"]);
    expect((await names("?ordering=active"))[0]).toBe("First");
    expect(await names("?search=sec")).toEqual(["Second"]);
    const page = LocationGroupList.parse(
      await (await api(`/api/space/${s}/location-group/items/?page_size=2`, { token })).json(),
    );
    expect(page).toMatchObject({ objects_count: 3, pages_count: 2 });
    expect(new URL(page.links.next ?? "").searchParams.get("page")).toBe("2");
  });

  it("refuses callers without a token (401) and of another space (403)", async () => {
    expect(await outsiderStatuses((s) => `/api/space/${s}/location-group/items/`)).toEqual([401, 403]);
  });
});

describe("location group add, read, edit, delete", () => {
  it("adds a group (201) linked to the space's locations and audits it", async () => {
    const { space, token, user } = await memberOf("content_manager");
    const s = space.space_uuid;
    const one = await makeLocation(s);
    const two = await makeLocation(s);
    const res = await api(`/api/space/${s}/location-group/add/`, {
      method: "POST",
      token,
      json: { name: "North", location_uuids: [one.uuid, two.uuid, one.uuid] },
    });
    expect(res.status).toBe(201);
    const group = LocationGroup.parse(await res.json());
    expect(group).toMatchObject({ name: "North", active: true, locations_number: 2 });
    expect(await groupRow(group.uuid)).toMatchObject({ space_uuid: s, name: "North", active: true });
    expect(await linksOf(group.uuid)).toEqual([one.uuid, two.uuid].sort());
    const audit = await auditOf(group.uuid);
    expect(audit).toEqual([expect.objectContaining({ action: "location_group.create", actor_user_uuid: user.uuid })]);
  });

  it("validates the name and refuses locations that are not the space's (never linking them)", async () => {
    const { space, token } = await memberOf("content_manager");
    const s = space.space_uuid;
    const mine = await makeLocation(s);
    const theirs = await makeLocation((await memberOf("admin")).space.space_uuid);
    const path = `/api/space/${s}/location-group/add/`;
    const missing = await api(path, { method: "POST", token, json: { location_uuids: [] } });
    expect(await errorsOf(missing)).toEqual({ name: ["Required"] });
    const long = await api(path, { method: "POST", token, json: { name: "g".repeat(257) } });
    expect(await errorsOf(long)).toEqual({ name: ["Ensure this field has no more than 256 characters."] });
    const foreign = await api(path, {
      method: "POST",
      token,
      json: { name: "Mixed", location_uuids: [mine.uuid, theirs.uuid, "nope"] },
    });
    expect(foreign.status).toBe(400);
    expect(await errorsOf(foreign)).toEqual({ location_uuids: [`Locations not found: ${theirs.uuid}, nope.`] });
    expect(await db().select().from(locationGroupTable).where(eq(locationGroupTable.space_uuid, s))).toHaveLength(0);
  });

  it("reads a group; another space's group is 404", async () => {
    const { space, token } = await memberOf("viewer");
    const group = await makeGroup(space.space_uuid, { name: "Mine" });
    const res = await api(`/api/space/${space.space_uuid}/location-group/${group.uuid}/`, { token });
    expect(res.status).toBe(200);
    expect(LocationGroup.parse(await res.json())).toMatchObject({ uuid: group.uuid, name: "Mine" });
    const other = await makeGroup((await memberOf("viewer")).space.space_uuid);
    expect((await api(`/api/space/${space.space_uuid}/location-group/${other.uuid}/`, { token })).status).toBe(404);
  });

  it("edits name, active and the linked locations (200 with the group)", async () => {
    const { space, token } = await memberOf("admin");
    const s = space.space_uuid;
    const [a, b, c] = [await makeLocation(s), await makeLocation(s), await makeLocation(s)];
    const group = await makeGroup(s, { name: "Old" }, [a, b]);
    const path = `/api/space/${s}/location-group/${group.uuid}/`;
    const res = await api(path, {
      method: "PATCH",
      token,
      json: { name: "New", active: false, location_uuids: [b.uuid, c.uuid] },
    });
    expect(res.status).toBe(200);
    expect(LocationGroup.parse(await res.json())).toMatchObject({ name: "New", active: false, locations_number: 2 });
    expect(await linksOf(group.uuid)).toEqual([b.uuid, c.uuid].sort());
    const renamed = await api(path, { method: "PATCH", token, json: { name: "Newer" } });
    expect(LocationGroup.parse(await renamed.json()).locations_number).toBe(2);
    expect((await groupRow(group.uuid))?.name).toBe("Newer");
    const theirs = await makeLocation((await memberOf("admin")).space.space_uuid);
    const refused = await api(path, { method: "PATCH", token, json: { location_uuids: [theirs.uuid] } });
    expect(refused.status).toBe(400);
    expect(await linksOf(group.uuid)).toEqual([b.uuid, c.uuid].sort());
    const blank = await api(path, { method: "PATCH", token, json: { name: " " } });
    expect(await errorsOf(blank)).toEqual({ name: ["Required"] });
  });

  it("deletes a group (204); its locations stay", async () => {
    const { space, token } = await memberOf("content_manager");
    const location = await makeLocation(space.space_uuid);
    const group = await makeGroup(space.space_uuid, {}, [location]);
    const res = await api(`/api/space/${space.space_uuid}/location-group/${group.uuid}/`, { method: "DELETE", token });
    expect(res.status).toBe(204);
    expect(await groupRow(group.uuid)).toBeUndefined();
    expect(await linksOf(group.uuid)).toEqual([]);
    expect(await db().select().from(locationTable).where(eq(locationTable.uuid, location.uuid)).get()).toBeDefined();
  });

  it("refuses Viewers' writes (403) and another space's group (404), changing nothing", async () => {
    const viewer = await memberOf("viewer");
    const group = await makeGroup(viewer.space.space_uuid, { name: "Stay" });
    const base = `/api/space/${viewer.space.space_uuid}/location-group`;
    const t = viewer.token;
    expect((await api(`${base}/add/`, { method: "POST", token: t, json: { name: "X" } })).status).toBe(403);
    expect((await api(`${base}/${group.uuid}/`, { method: "PATCH", token: t, json: { name: "X" } })).status).toBe(403);
    expect((await api(`${base}/${group.uuid}/`, { method: "DELETE", token: t })).status).toBe(403);
    const cm = await memberOf("content_manager");
    const cross = `/api/space/${cm.space.space_uuid}/location-group/${group.uuid}/`;
    expect((await api(cross, { method: "PATCH", token: cm.token, json: { name: "X" } })).status).toBe(404);
    expect((await api(cross, { method: "DELETE", token: cm.token })).status).toBe(404);
    expect((await groupRow(group.uuid))?.name).toBe("Stay");
  });
});

describe("GET /api/space/{space}/location-group/items/export/", () => {
  it("answers a CSV attachment of every matching group", async () => {
    const { space, token } = await memberOf("viewer");
    const s = space.space_uuid;
    const l1 = await makeLocation(s, { name: "Alpha" });
    const l2 = await makeLocation(s, { name: "Beta" });
    const group = await makeGroup(s, { name: 'East, "main"', created_at: "2030-01-02T00:00:00.000Z" }, [l1, l2]);
    await makeGroup(s, { name: "West", created_at: "2030-01-01T00:00:00.000Z", active: false });
    const res = await api(`/api/space/${s}/location-group/items/export/`, { token });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="location_groups_export.csv"');
    const lines = (await res.text()).split("\r\n");
    expect(lines[0]).toBe("name,active,locations_number,locations,online_status,created_at,updated_at");
    expect(lines[1]).toBe(`"East, ""main""",Yes,2,"Alpha, Beta",offline,2030-01-02T00:00:00.000Z,${group.updated_at}`);
    expect(lines[2].startsWith("West,No,0,,offline,")).toBe(true);
    expect(lines).toHaveLength(4);
  });
});
