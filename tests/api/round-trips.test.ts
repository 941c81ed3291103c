import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { LocationGroupQuery } from "../../contracts/location-groups/schema.ts";
import { LocationListQuery } from "../../contracts/locations/schema.ts";
import { WEEKDAYS } from "../../contracts/locations/working-time.ts";
import { LOCATION_TYPE_UUID } from "../../contracts/reference.ts";
import { auditLogTable, deviceTable, deviceTagTable, locationTagTable } from "../../drizzle/schema/index.ts";
import { listComments } from "../../worker/services/devices/comments.ts";
import { getDeviceDetail } from "../../worker/services/devices/detail.ts";
import { updateDevice } from "../../worker/services/devices/devices.ts";
import { getDeviceAvailability, listDeviceAudit } from "../../worker/services/devices/history.ts";
import { listGroups } from "../../worker/services/locations/group-queries.ts";
import { getLocation, listLocations } from "../../worker/services/locations/queries.ts";
import { getDisplayConfiguration } from "../../worker/services/peripherals/display-config.ts";
import { countingContext } from "../d1-counting.ts";
import {
  api,
  auditOf,
  db,
  errorsOf,
  makeCamera,
  makeComment,
  makeDevice,
  makeDisplay,
  makeDisplayApplication,
  makeGroup,
  makeLocation,
  makePeripheral,
  makeTag,
  makeWorkingTime,
  memberOf,
  tagDevice,
} from "../factories.ts";

const linksOf = async (deviceUuid: string) =>
  (await db().select().from(deviceTagTable).where(eq(deviceTagTable.device_uuid, deviceUuid)))
    .map((l) => l.tag_uuid)
    .sort();

describe("device edit: one D1 round trip before the publish", () => {
  it("checks, writes and audits in one round trip, then tells the dashboards", async () => {
    const { space, user } = await memberOf("content_manager");
    const s = space.space_uuid;
    const [zeta, alpha] = [await makeTag(s, "zeta"), await makeTag(s, "alpha")];
    const device = await makeDevice(s, { name: "Before" });
    const { counting, ctx } = countingContext(space, user);
    let tripsAtPublish = -1;
    const published: Promise<unknown>[] = [];
    const detail = await updateDevice({
      ctx,
      input: { uuid: device.uuid, name: "After", tag_uuids: [zeta.uuid, alpha.uuid, zeta.uuid] },
      defer: (work) => {
        tripsAtPublish = counting.trips();
        published.push(work);
      },
    });
    expect(tripsAtPublish).toBe(1);
    await Promise.all(published);
    // What the reply carries: the new name, each tag once, by name.
    expect(detail).toMatchObject({ name: "After", tag_uuids: [alpha.uuid, zeta.uuid] });
    expect(await linksOf(device.uuid)).toEqual([alpha.uuid, zeta.uuid].sort());
  });

  it("audits the before-state the batch found: the old name, description and tags by name", async () => {
    const { space, token } = await memberOf("content_manager");
    const s = space.space_uuid;
    const [zeta, alpha, other] = [await makeTag(s, "zeta"), await makeTag(s, "alpha"), await makeTag(s, "other")];
    const device = await makeDevice(s, { name: "Old", description: "was" });
    await tagDevice(device, zeta, alpha);
    const res = await api(`/api/space/${s}/device/${device.uuid}/`, {
      method: "PATCH",
      token,
      json: { description: "now", tag_uuids: [other.uuid] },
    });
    expect(res.status).toBe(200);
    const [entry] = await auditOf(device.uuid);
    expect(entry.before).toEqual({ name: "Old", description: "was", tag_uuids: [alpha.uuid, zeta.uuid] });
    expect(entry.after).toEqual({ description: "now", tag_uuids: [other.uuid] });
    expect(await linksOf(device.uuid)).toEqual([other.uuid]);
    // tag_uuids null clears the tags; a device without tags audits an empty list.
    const cleared = await api(`/api/space/${s}/device/${device.uuid}/`, {
      method: "PATCH",
      token,
      json: { tag_uuids: null },
    });
    expect(cleared.status).toBe(200);
    expect(await linksOf(device.uuid)).toEqual([]);
    const again = await api(`/api/space/${s}/device/${device.uuid}/`, { method: "PATCH", token, json: { name: "N" } });
    expect(again.status).toBe(200);
    // In the order made (rowid: entries of one millisecond tie on created_at).
    const entries = await auditOf(device.uuid);
    expect(entries.map((e) => (e.before as { tag_uuids: string[] }).tag_uuids)).toEqual([
      [alpha.uuid, zeta.uuid],
      [other.uuid],
      [],
    ]);
  });

  it("a refused edit writes nothing: another space's device keeps its name and tags, and no entry is made", async () => {
    const { space, token } = await memberOf("content_manager");
    const s = space.space_uuid;
    const mine = await makeTag(s);
    const elsewhere = (await memberOf("admin")).space.space_uuid;
    const foreignTag = await makeTag(elsewhere);
    const foreign = await makeDevice(elsewhere, { name: "Theirs" });
    await tagDevice(foreign, foreignTag);
    const res = await api(`/api/space/${s}/device/${foreign.uuid}/`, {
      method: "PATCH",
      token,
      json: { name: "Mine now", tag_uuids: [mine.uuid] },
    });
    expect(res.status).toBe(404);
    const row = await db().select().from(deviceTable).where(eq(deviceTable.uuid, foreign.uuid)).get();
    expect(row?.name).toBe("Theirs");
    expect(await linksOf(foreign.uuid)).toEqual([foreignTag.uuid]);
    expect(await auditOf(foreign.uuid)).toEqual([]);
    // An own device with one unknown tag among known ones: 400, and its tags stay.
    const own = await makeDevice(s, { name: "Keep" });
    await tagDevice(own, mine);
    const partly = await api(`/api/space/${s}/device/${own.uuid}/`, {
      method: "PATCH",
      token,
      json: { name: "Again", tag_uuids: [mine.uuid, "nope"] },
    });
    expect(partly.status).toBe(400);
    expect(await errorsOf(partly)).toEqual({ tag_uuids: ["Tags not found: nope."] });
    expect(await linksOf(own.uuid)).toEqual([mine.uuid]);
    expect((await db().select().from(deviceTable).where(eq(deviceTable.uuid, own.uuid)).get())?.name).toBe("Keep");
    expect(await auditOf(own.uuid)).toEqual([]);
  });
});

describe("device detail: one D1 round trip", () => {
  it("reads the device, its tags, peripherals, displays with their applications, code, camera and schedule at once", async () => {
    const { space, user } = await memberOf("viewer");
    const s = space.space_uuid;
    const location = await makeLocation(s, { global_working_time_enabled: false });
    // Its own hours, all day every day: the device is expected online whenever the test runs.
    for (const day of WEEKDAYS) await makeWorkingTime(s, location.uuid, day, [{ start: "00:00:00", end: "23:59:59" }]);
    const device = await makeDevice(s, { location_uuid: location.uuid, connected_status: "disconnected" });
    await tagDevice(device, await makeTag(s, "zeta"), await makeTag(s, "alpha"));
    await makePeripheral(device, { name: "Reader" });
    const display = await makeDisplay(device, { name: "HDMI-1", primary: true });
    await makeDisplay(device, { name: "HDMI-2" });
    const app = await makeDisplayApplication(display, { a: 1 });
    await makeCamera(location, { device_uuid: device.uuid });
    const { counting, ctx } = countingContext(space, user);

    const detail = await getDeviceDetail({ ctx, input: { uuid: device.uuid } });
    expect(counting.trips()).toBe(1);
    expect(detail.tags.map((t) => t.name)).toEqual(["alpha", "zeta"]);
    expect(detail.peripherals.map((p) => p.name)).toEqual(["Reader"]);
    expect(detail.displays.map((x) => [x.name, x.applications.map((a) => a.uuid)])).toEqual([
      ["HDMI-1", [app.uuid]],
      ["HDMI-2", []],
    ]);
    expect(detail).toMatchObject({ total_number: 3, expected_online: true, location_name: location.name });
    expect(detail.camera?.ip_address).toBe("10.0.0.9");

    // Not this space's: still one round trip, and not found.
    const other = await makeDevice((await memberOf("admin")).space.space_uuid);
    await expect(getDeviceDetail({ ctx, input: { uuid: other.uuid } })).rejects.toThrow("Device not found.");
    expect(counting.trips()).toBe(2);
  });
});

describe("location list and view: two D1 round trips per page, one per location", () => {
  it("counts and reads the page in one, then the page's device totals and tags in another", async () => {
    const { space, user } = await memberOf("viewer");
    const s = space.space_uuid;
    const shop = await makeLocation(s, {
      name: "A shop",
      location_type_uuid: LOCATION_TYPE_UUID.shop,
      country_code: "HR",
    });
    await makeLocation(s, { name: "B home", location_type_uuid: LOCATION_TYPE_UUID.home });
    await makeLocation(s, { name: "C third" });
    await db()
      .insert(locationTagTable)
      .values({ space_uuid: s, location_uuid: shop.uuid, tag_uuid: (await makeTag(s, "vip")).uuid });
    await makeDevice(s, { location_uuid: shop.uuid, connected_status: "connected", online: true });
    const { counting, ctx } = countingContext(space, user);
    const url = `http://outpost.test/api/space/${s}/location/items/?page_size=2&ordering=name`;
    const page = await listLocations({
      ctx,
      input: { ...LocationListQuery.parse({ page_size: "2", ordering: "name" }), url },
    });
    expect(counting.trips()).toBe(2);
    expect(page.objects_count).toBe(3);
    // Three selected columns are called `name` (the location's, its type's, its country's): each arrives.
    expect(page.locations.map((l) => [l.name, l.location_type_name, l.country_name])).toEqual([
      ["A shop", "Shop", "Croatia"],
      ["B home", "Home", null],
    ]);
    expect(page.locations[0]).toMatchObject({ total_number: 1, online_status: "online", tags: [{ name: "vip" }] });

    // One location (its view): its row, totals and tags are one round trip.
    const before = counting.trips();
    const one = await getLocation({ ctx, input: { uuid: shop.uuid } });
    expect(counting.trips() - before).toBe(1);
    expect(one).toMatchObject({
      name: "A shop",
      location_type_name: "Shop",
      country_name: "Croatia",
      total_number: 1,
      online_status: "online",
      tags: [{ name: "vip" }],
    });
    const elsewhere = await makeLocation((await memberOf("admin")).space.space_uuid);
    await expect(getLocation({ ctx, input: { uuid: elsewhere.uuid } })).rejects.toThrow("Location not found.");
  });
});

describe("location group list: two D1 round trips per page", () => {
  it("counts and reads the page in one, then the groups' locations and their device totals in another", async () => {
    const { space, user } = await memberOf("viewer");
    const s = space.space_uuid;
    const [north, south, empty] = [
      await makeLocation(s, { name: "North" }),
      await makeLocation(s, { name: "South" }),
      await makeLocation(s, { name: "Empty" }),
    ];
    await makeDevice(s, { location_uuid: north.uuid, connected_status: "connected", online: true });
    await makeDevice(s, { location_uuid: south.uuid, connected_status: "connected", online: false });
    // A device of a location in no group is not counted.
    await makeDevice(s, { location_uuid: (await makeLocation(s)).uuid, connected_status: "connected", online: true });
    await makeGroup(s, { name: "Both", created_at: "2026-01-02T00:00:00.000Z" }, [north, south]);
    await makeGroup(s, { name: "Quiet", created_at: "2026-01-01T00:00:00.000Z" }, [empty]);
    const { counting, ctx } = countingContext(space, user);
    const url = `http://outpost.test/api/space/${s}/location-group/items/`;
    const page = await listGroups({ ctx, input: { ...LocationGroupQuery.parse({}), url } });
    expect(counting.trips()).toBe(2);
    expect(page.objects_count).toBe(2);
    expect(
      page.location_groups.map((g) => [
        g.name,
        g.online_status,
        g.locations.map((l) => [l.name, l.online_status, l.total_number]),
      ]),
    ).toEqual([
      [
        "Both",
        "partially_online",
        [
          ["North", "online", 1],
          ["South", "offline", 1],
        ],
      ],
      ["Quiet", "offline", [["Empty", "offline", 0]]],
    ]);
  });
});

describe("a device's tabs: one D1 round trip each, the device's check included", () => {
  it("comments, audit entries, availability and display configuration; another space's device is 404", async () => {
    const { space, user } = await memberOf("content_manager");
    const s = space.space_uuid;
    const device = await makeDevice(s, { name: "Till" });
    await makeComment(device, user.uuid, { value: "hello" });
    const display = await makeDisplay(device, { name: "HDMI-1", primary: true });
    const app = await makeDisplayApplication(display, {});
    // An agent's audit entry shows the device's name as its actor.
    await db().insert(auditLogTable).values({
      space_uuid: s,
      actor_device_uuid: device.uuid,
      action: "device.hello",
      entity_type: "device",
      entity_uuid: device.uuid,
    });
    const { counting, ctx } = countingContext(space, user);
    const url = `http://outpost.test/api/space/${s}/device/${device.uuid}/audit/items/`;
    const once = async <T>(read: () => Promise<T>) => {
      const before = counting.trips();
      const result = await read();
      expect(counting.trips() - before).toBe(1);
      return result;
    };

    const comments = await once(() => listComments({ ctx, input: { device_uuid: device.uuid } }));
    expect(comments.comments.map((c) => [c.value, c.account_display_name])).toEqual([["hello", user.display_name]]);
    const audit = await once(() => listDeviceAudit({ ctx, input: { uuid: device.uuid, page: 1, page_size: 10, url } }));
    expect(audit.objects_count).toBe(1);
    expect(audit.entries[0]).toMatchObject({ action: "device.hello", actor_display_name: "Till" });
    const availability = await once(() => getDeviceAvailability({ ctx, input: { uuid: device.uuid, days: 3 } }));
    expect(availability.days).toHaveLength(3);
    const configuration = await once(() => getDisplayConfiguration({ ctx, input: { uuid: device.uuid } }));
    expect(configuration.displays.map((d) => [d.name, d.applications.map((a) => a.uuid)])).toEqual([
      ["HDMI-1", [app.uuid]],
    ]);

    const foreign = await makeDevice((await memberOf("admin")).space.space_uuid);
    for (const read of [
      () => listComments({ ctx, input: { device_uuid: foreign.uuid } }),
      () => listDeviceAudit({ ctx, input: { uuid: foreign.uuid, page: 1, page_size: 10, url } }),
      () => getDeviceAvailability({ ctx, input: { uuid: foreign.uuid, days: 3 } }),
      () => getDisplayConfiguration({ ctx, input: { uuid: foreign.uuid } }),
    ]) {
      await expect(read()).rejects.toThrow("Device not found.");
    }
  });
});
