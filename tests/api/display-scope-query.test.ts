import { describe, expect, it } from "vitest";
import { IssuedCredential } from "../../contracts/access/schema.ts";
import { DeviceList } from "../../contracts/devices/schema.ts";
import { api, makeDevice, makeGroup, makeLocation, memberOf } from "../factories.ts";

type Admin = Awaited<ReturnType<typeof memberOf>>;

async function addDisplayLink(admin: Admin, body: Record<string, unknown>) {
  const res = await api(`/api/space/${admin.space.space_uuid}/display-link/add/`, {
    method: "POST",
    token: admin.token,
    json: { name: "Lobby wall", ...body },
  });
  expect(res.status).toBe(201);
  return IssuedCredential.parse(await res.json());
}

/*
 * A narrowed display link's scope holds for every form of a query that names a location or a
 * group: a filter parameter may be repeated (the device list reads `location_uuid=a&location_uuid=b`
 * as "any of"), so every value is checked, not only the first.
 */
describe("a narrowed display link: repeated query parameters", () => {
  it("refuses a device list whose repeated location_uuid names another location after the allowed one", async () => {
    const admin = await memberOf("admin");
    const s = admin.space.space_uuid;
    const inside = await makeLocation(s);
    const outside = await makeLocation(s);
    await makeDevice(s, { location_uuid: inside.uuid });
    const elsewhere = await makeDevice(s, { location_uuid: outside.uuid });
    const link = await addDisplayLink(admin, { location_uuid: inside.uuid });
    const get = (query: string) => api(`/api/space/${s}/device/items/?${query}`, { token: link.secret });

    const allowed = await get(`location_uuid=${inside.uuid}`);
    expect(allowed.status).toBe(200);
    expect(DeviceList.parse(await allowed.json()).devices.map((d) => d.location_uuid)).toEqual([inside.uuid]);

    for (const query of [
      `location_uuid=${inside.uuid}&location_uuid=${outside.uuid}`,
      `location_uuid=${outside.uuid}&location_uuid=${inside.uuid}`,
      `location_uuid=${inside.uuid}&location_uuid=${inside.uuid}&location_uuid=${outside.uuid}`,
      `location_uuid=${inside.uuid}&location_uuid=${outside.uuid.toUpperCase()}`,
      `location_uuid=${inside.uuid}&location_uuid=%20${outside.uuid}%20`,
    ]) {
      const res = await get(query);
      expect(res.status, query).toBe(403);
      expect(JSON.stringify(await res.json()), query).not.toContain(elsewhere.uuid);
    }
    // The allowed location repeated, or written in capitals or with spaces, is still itself.
    expect((await get(`location_uuid=${inside.uuid}&location_uuid=${inside.uuid}`)).status).toBe(200);
    expect((await get(`location_uuid=${inside.uuid.toUpperCase()}`)).status).toBe(200);
  });

  it("checks every value of the group and location parameters of a group-narrowed link", async () => {
    const admin = await memberOf("admin");
    const s = admin.space.space_uuid;
    const inside = await makeLocation(s);
    const outside = await makeLocation(s);
    const group = await makeGroup(s, {}, [inside]);
    const otherGroup = await makeGroup(s, {}, [outside]);
    const link = await addDisplayLink(admin, { location_group_uuid: group.uuid });
    const status = async (path: string) => (await api(path, { token: link.secret })).status;

    expect(await status(`/api/space/${s}/device/items/?location_uuid=${inside.uuid}`)).toBe(200);
    expect(
      await status(`/api/space/${s}/device/items/?location_uuid=${inside.uuid}&location_uuid=${outside.uuid}`),
    ).toBe(403);
    expect(await status(`/api/space/${s}/wall/?group=${group.uuid}&group=${otherGroup.uuid}`)).toBe(403);
    expect(await status(`/api/space/${s}/wall/?location=${inside.uuid}&location=${outside.uuid}`)).toBe(403);
  });
});
