import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ApiErrorBody } from "../../contracts/http/errors.ts";
import { CameraList, LocationDeviceList } from "../../contracts/locations/assets.ts";
import { LocationList } from "../../contracts/locations/schema.ts";
import { COUNTRY_UUID, DEVICE_TYPE_UUID, LOCATION_TYPE_UUID } from "../../contracts/reference.ts";
import { deviceTable, spaceTable } from "../../drizzle/schema/index.ts";
import {
  api,
  db,
  makeCamera,
  makeDevice,
  makeLocation,
  makeTag,
  memberOf,
  outsiderStatuses,
  tagDevice,
  tagLocation,
} from "../factories.ts";

const list = async (spaceUuid: string, token: string, query = "") => {
  const res = await api(`/api/space/${spaceUuid}/location/items/${query}`, { token });
  expect(res.status).toBe(200);
  return LocationList.parse(await res.json());
};

/** A space with four locations whose devices make them online, partially online, offline and empty. */
async function fleet() {
  const member = await memberOf("viewer");
  const s = member.space.space_uuid;
  const online = await makeLocation(s, { name: "Online shop" });
  const partial = await makeLocation(s, { name: "Partial shop" });
  const offline = await makeLocation(s, { name: "Offline shop" });
  const empty = await makeLocation(s, { name: "Empty shop" });
  const at = (l: { uuid: string }, overrides: Partial<typeof deviceTable.$inferInsert>) =>
    makeDevice(s, { location_uuid: l.uuid, ...overrides });
  await at(online, { connected_status: "connected", online: true });
  await at(online, { connected_status: "connected", online: true });
  await at(online, { connected_status: "non_connected" });
  await at(partial, { connected_status: "connected", online: true });
  await at(partial, { connected_status: "connected", online: false });
  await at(partial, { connected_status: "disconnected" });
  await at(partial, { connected_status: "installation_pending" });
  await at(partial, { connected_status: "archived" });
  await at(partial, { connected_status: "archived", device_type_uuid: DEVICE_TYPE_UUID.camera });
  await at(offline, { connected_status: "connected", online: false });
  await at(offline, { connected_status: "disconnected", online: false });
  return { ...member, online, partial, offline, empty };
}

describe("GET /api/space/{space}/location/items/", () => {
  it("computes online status and totals from the devices", async () => {
    const f = await fleet();
    const { locations, objects_count } = await list(f.space.space_uuid, f.token);
    expect(objects_count).toBe(4);
    const by = Object.fromEntries(locations.map((l) => [l.name, l]));
    expect(by["Online shop"].online_status).toBe("online");
    expect(by["Partial shop"].online_status).toBe("partially_online");
    expect(by["Offline shop"].online_status).toBe("offline");
    expect(by["Empty shop"].online_status).toBe("offline");
    expect(by["Partial shop"]).toMatchObject({
      total_number: 4,
      total_online_number: 1,
      total_connected_number: 2,
      total_disconnected_number: 1,
      total_non_connected_number: 1,
      total_archived_number: 2,
      archived_devices_number: 1,
      archived_cameras_number: 1,
    });
    expect(by["Online shop"]).toMatchObject({ total_number: 3, total_online_number: 2, total_non_connected_number: 1 });
    expect(by["Empty shop"].total_number).toBe(0);
  });

  it("orders by online status (default -online_status, uuid breaking ties) and by the other keys", async () => {
    const f = await fleet();
    const offlineDesc = [f.offline.uuid, f.empty.uuid].sort().reverse();
    const names = (r: LocationList) => r.locations.map((l) => l.uuid);
    expect(names(await list(f.space.space_uuid, f.token))).toEqual([f.online.uuid, f.partial.uuid, ...offlineDesc]);
    expect(names(await list(f.space.space_uuid, f.token, "?ordering=online_status"))).toEqual([
      ...[...offlineDesc].reverse(),
      f.partial.uuid,
      f.online.uuid,
    ]);
    const byName = await list(f.space.space_uuid, f.token, "?ordering=-name");
    expect(byName.locations.map((l) => l.name)).toEqual(["Partial shop", "Online shop", "Offline shop", "Empty shop"]);
    const bad = await api(`/api/space/${f.space.space_uuid}/location/items/?ordering=city`, { token: f.token });
    expect(bad.status).toBe(400);
  });

  it("pages with objects_count, pages_count and links carrying the page", async () => {
    const { space, token } = await memberOf("viewer");
    for (let i = 0; i < 5; i++) await makeLocation(space.space_uuid, { name: `L${i}` });
    const first = await list(space.space_uuid, token, "?page_size=2&ordering=name");
    expect(first).toMatchObject({ objects_count: 5, pages_count: 3 });
    expect(first.locations.map((l) => l.name)).toEqual(["L0", "L1"]);
    expect(first.links.previous).toBeNull();
    const next = new URL(first.links.next ?? "");
    expect(next.searchParams.get("page")).toBe("2");
    expect(next.searchParams.get("ordering")).toBe("name");
    const last = await list(space.space_uuid, token, "?page_size=2&ordering=name&page=3");
    expect(last.locations.map((l) => l.name)).toEqual(["L4"]);
    expect(last.links.next).toBeNull();
    expect(new URL(last.links.previous ?? "").searchParams.get("page")).toBe("2");
    const defaults = await list(space.space_uuid, token);
    expect(defaults).toMatchObject({ pages_count: 1, links: { next: null, previous: null } });
  });

  it("filters by search, name, type, country and tag, and never shows another space's locations", async () => {
    const { space, token } = await memberOf("viewer");
    const s = space.space_uuid;
    const other = await memberOf("viewer");
    await makeLocation(other.space.space_uuid, { name: "Zagreb elsewhere" });
    const zagreb = await makeLocation(s, {
      name: "Zagreb 100% shop",
      city: "Zagreb",
      location_type_uuid: LOCATION_TYPE_UUID.shop,
      country_code: "HR",
    });
    const split = await makeLocation(s, { name: "Split mall", city: "Split", country_code: "DE", display_id: "ZG-2" });
    const tag = await makeTag(s);
    await tagLocation(split, tag);
    const uuids = async (q: string) => (await list(s, token, q)).locations.map((l) => l.uuid).sort();
    expect(await uuids("?search=zg-")).toEqual([split.uuid]);
    expect(await uuids("?search=zagreb")).toEqual([zagreb.uuid]);
    expect(await uuids("?search=100%25")).toEqual([zagreb.uuid]);
    expect(await uuids("?search=0_")).toEqual([]);
    expect(await uuids("?name=mall")).toEqual([split.uuid]);
    expect(await uuids(`?location_type_uuid=${LOCATION_TYPE_UUID.shop}`)).toEqual([zagreb.uuid]);
    expect(await uuids(`?country_uuid=${COUNTRY_UUID.HR}`)).toEqual([zagreb.uuid]);
    expect(await uuids(`?tag_uuid=${tag.uuid}`)).toEqual([split.uuid]);
  });

  it("carries names, tags, space timezone and the custom-field settings", async () => {
    const { space, token } = await memberOf("viewer");
    const s = space.space_uuid;
    await db()
      .update(spaceTable)
      .set({ location_custom_2_alias: "Region", location_custom_2_enabled: true })
      .where(eq(spaceTable.space_uuid, s));
    const location = await makeLocation(s, {
      location_type_uuid: LOCATION_TYPE_UUID.mall,
      country_code: "HR",
      location_custom_2: "North",
    });
    const tag = await makeTag(s, "vip");
    await tagLocation(location, tag);
    const [l] = (await list(s, token)).locations;
    expect(l).toMatchObject({
      location_type_name: "Mall",
      country_name: "Croatia",
      space_timezone: "Europe/Zagreb",
      tags: [{ uuid: tag.uuid, name: "vip" }],
      tag_uuids: [tag.uuid],
      location_custom_2: "North",
      location_custom_2_alias: "Region",
      location_custom_2_enabled: true,
      location_custom_2_required: false,
    });
  });

  it("refuses callers without a token (401) and of another space (403)", async () => {
    expect(await outsiderStatuses((s) => `/api/space/${s}/location/items/`)).toEqual([401, 403]);
  });
});

describe("GET /api/space/{space}/location/items/export/", () => {
  it("answers a CSV attachment of every matching location, escaped", async () => {
    const { space, token } = await memberOf("viewer");
    const s = space.space_uuid;
    const tricky = await makeLocation(s, {
      name: 'Shop "North", Zagreb',
      address: "Ilica 1\nfloor 2",
      city: "=HYPERLINK(1)",
      country_code: "HR",
      location_type_uuid: LOCATION_TYPE_UUID.shop,
      timezone: "Europe/Zagreb",
    });
    await tagLocation(tricky, await makeTag(s, "a"), await makeTag(s, "b"));
    await makeDevice(s, { location_uuid: tricky.uuid, connected_status: "connected", online: true });
    for (let i = 0; i < 3; i++) await makeLocation(s, { name: `Plain ${i}` });
    const res = await api(`/api/space/${s}/location/items/export/?page_size=1&ordering=name`, { token });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="locations_export.csv"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 BOM for spreadsheets
    const lines = new TextDecoder().decode(bytes).split("\r\n");
    expect(lines[0]).toBe(
      "name,display_id,type,country,city,address,zip_code,timezone,online_status,total_number,tags,created_at",
    );
    expect(lines.slice(1, 4).map((l) => l.split(",")[0])).toEqual(["Plain 0", "Plain 1", "Plain 2"]);
    expect(lines[4]).toBe(
      `"Shop ""North"", Zagreb",,Shop,Croatia,'=HYPERLINK(1),"Ilica 1\nfloor 2",,Europe/Zagreb,online,1,"a, b",${tricky.created_at}`,
    );
    expect(lines[5]).toBe("");
    const filtered = await api(`/api/space/${s}/location/items/export/?search=plain 1`, { token });
    expect((await filtered.text()).trim().split("\r\n")).toHaveLength(2);
  });

  it("is for members only", async () => {
    const a = await memberOf("viewer");
    const b = await memberOf("viewer");
    expect((await api(`/api/space/${a.space.space_uuid}/location/items/export/`, { token: b.token })).status).toBe(403);
  });
});

describe("a location's devices and cameras", () => {
  it("lists the devices, newest first, paged, with type, category, location and tags", async () => {
    const { space, token } = await memberOf("viewer");
    const s = space.space_uuid;
    const location = await makeLocation(s, { name: "Depot" });
    const elsewhere = await makeLocation(s);
    await makeDevice(s, { location_uuid: elsewhere.uuid });
    const made = [];
    for (let i = 0; i < 3; i++) {
      made.push(
        await makeDevice(s, {
          location_uuid: location.uuid,
          name: `D${i}`,
          device_type_uuid: DEVICE_TYPE_UUID.linux,
          created_at: `2030-01-0${i + 1}T00:00:00.000Z`,
        }),
      );
    }
    const tag = await makeTag(s);
    await tagDevice(made[2], tag);
    const res = await api(`/api/space/${s}/location/${location.uuid}/asset/items/?ordering=-created_at&page_size=2`, {
      token,
    });
    expect(res.status).toBe(200);
    const page = LocationDeviceList.parse(await res.json());
    expect(page).toMatchObject({ objects_count: 3, pages_count: 2 });
    expect(page.devices.map((d) => d.name)).toEqual(["D2", "D1"]);
    expect(page.devices[0]).toMatchObject({
      device_type_name: "Linux Computer",
      device_type_shorthand: "LNX",
      device_category_name: "Unknown",
      location_uuid: location.uuid,
      location_name: "Depot",
      tags: [{ uuid: tag.uuid, name: tag.name }],
      tag_uuids: [tag.uuid],
    });
    expect(new URL(page.links.next ?? "").searchParams.get("page")).toBe("2");
  });

  it("GET /device/location/items/?location_uuid= pages by 36 with a next link carrying the page", async () => {
    const { space, token } = await memberOf("viewer");
    const s = space.space_uuid;
    const location = await makeLocation(s);
    for (let i = 0; i < 37; i += 5) {
      const rows = Array.from({ length: Math.min(5, 37 - i) }, (_, j) => `N${i + j}`);
      await db()
        .insert(deviceTable)
        .values(rows.map((name) => ({ space_uuid: s, name, location_uuid: location.uuid })));
    }
    const path = `/api/space/${s}/device/location/items/?location_uuid=${location.uuid}`;
    const first = LocationDeviceList.parse(await (await api(path, { token })).json());
    expect(first.devices).toHaveLength(36);
    expect(first).toMatchObject({ objects_count: 37, pages_count: 2 });
    const next = new URL(first.links.next ?? "");
    expect(next.searchParams.get("page")).toBe("2");
    expect(next.searchParams.get("location_uuid")).toBe(location.uuid);
    const second = LocationDeviceList.parse(await (await api(`${next.pathname}${next.search}`, { token })).json());
    expect(second.devices).toHaveLength(1);
    expect(second.links.next).toBeNull();
    const missing = await api(`/api/space/${s}/device/location/items/`, { token });
    expect(missing.status).toBe(400);
    expect(ApiErrorBody.parse(await missing.json())).toMatchObject({ errors: { location_uuid: ["Required"] } });
  });

  it("lists the cameras without their passwords", async () => {
    const { space, token } = await memberOf("viewer");
    const location = await makeLocation(space.space_uuid);
    const device = await makeDevice(space.space_uuid, { connected_status: "connected", online: true });
    const camera = await makeCamera(location, { name: "Door cam", device_uuid: device.uuid });
    const res = await api(`/api/space/${space.space_uuid}/location/${location.uuid}/camera/items/`, { token });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(JSON.stringify(body)).not.toContain("secret-password");
    const { cameras } = CameraList.parse(body);
    expect(cameras).toEqual([
      expect.objectContaining({ uuid: camera.uuid, name: "Door cam", online: true, connected_status: "connected" }),
    ]);
  });

  it("answers 404 for a location of another space, 403 for a non-member", async () => {
    const a = await memberOf("viewer");
    const b = await memberOf("viewer");
    const theirs = await makeLocation(b.space.space_uuid);
    await makeDevice(b.space.space_uuid, { location_uuid: theirs.uuid });
    await makeCamera(theirs);
    const s = a.space.space_uuid;
    for (const path of [
      `/api/space/${s}/location/${theirs.uuid}/asset/items/`,
      `/api/space/${s}/location/${theirs.uuid}/camera/items/`,
      `/api/space/${s}/device/location/items/?location_uuid=${theirs.uuid}`,
    ]) {
      expect((await api(path, { token: a.token })).status).toBe(404);
    }
    expect((await api(`/api/space/${s}/location/${theirs.uuid}/asset/items/`, { token: b.token })).status).toBe(403);
  });
});
