import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { OutageCause } from "../../contracts/devices/presence.ts";
import { DeviceList } from "../../contracts/devices/schema.ts";
import { WEEKDAYS } from "../../contracts/locations/working-time.ts";
import { MonitoringCounts } from "../../contracts/monitoring/schema.ts";
import { AvailabilityList, WallSummary } from "../../contracts/wall/schema.ts";
import { deviceOutageTable, devicePeripheralConditionTable, locationTable } from "../../drizzle/schema/index.ts";
import { listLocationAvailability } from "../../worker/services/monitoring/availability.ts";
import { wallSummary } from "../../worker/services/monitoring/wall-summary.ts";
import { countingContext } from "../d1-counting.ts";
import {
  api,
  db,
  makeDevice,
  makeGroup,
  makeLocation,
  makeSpace,
  makeWorkingTime,
  memberOf,
  outsiderStatuses,
} from "../factories.ts";

const get = async <T>(path: string, token: string, schema: { parse: (v: unknown) => T }) => {
  const res = await api(path, { token });
  expect(res.status, await res.clone().text()).toBe(200);
  return schema.parse(await res.json());
};
const summary = (space: string, token: string, query = "") =>
  get(`/api/space/${space}/wall/${query}`, token, WallSummary);
const availability = (space: string, token: string, query = "") =>
  get(`/api/space/${space}/location/availability/${query}`, token, AvailabilityList);
const listed = async (space: string, token: string, query: string) =>
  (await get(`/api/space/${space}/device/items/?page_size=1&${query}`, token, DeviceList)).objects_count;

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const WHOLE_DAY = [{ start: "00:00:00", end: "23:59:59" }];

/**
 * A fleet at two locations (L1 in group G, L2 not) plus a device without location: online,
 * offline, warning, critical (one offline, with a critical bill acceptor), never installed,
 * being installed, disconnected, archived; and another space's critical online device.
 */
async function fleet() {
  const member = await memberOf("viewer");
  const s = member.space.space_uuid;
  const l1 = await makeLocation(s, { name: "A Harbour", latitude: 45.8, longitude: 16 });
  const l2 = await makeLocation(s, { name: "B Square" });
  const group = await makeGroup(s, { name: "North" }, [l1]);
  const connected = { connected_status: "connected" as const };
  await makeDevice(s, { ...connected, name: "on-1", location_uuid: l1.uuid, online: true, combined_status: 0 });
  await makeDevice(s, { ...connected, name: "on-warn", location_uuid: l1.uuid, online: true, combined_status: 2 });
  const critical = await makeDevice(s, {
    ...connected,
    name: "off-crit",
    location_uuid: l1.uuid,
    online: false,
    combined_status: 3,
    cpu_condition: 3,
    peripherals_condition: 3,
  });
  await db()
    .insert(devicePeripheralConditionTable)
    .values({ space_uuid: s, device_uuid: critical.uuid, type: "bill_acceptor", condition: 3 });
  await makeDevice(s, { ...connected, name: "on-crit", location_uuid: l2.uuid, online: true, combined_status: 3 });
  await makeDevice(s, { ...connected, name: "off-2", location_uuid: l2.uuid, online: false });
  await makeDevice(s, { ...connected, name: "no-location", online: true });
  await makeDevice(s, { name: "never", location_uuid: l2.uuid, connected_status: "non_connected" });
  await makeDevice(s, { name: "pending", location_uuid: l2.uuid, connected_status: "installation_pending" });
  await makeDevice(s, { name: "gone", location_uuid: l2.uuid, connected_status: "disconnected", combined_status: 3 });
  await makeDevice(s, { name: "old", location_uuid: l1.uuid, connected_status: "archived", online: true });
  const other = await makeSpace();
  const elsewhere = await makeLocation(other.space_uuid);
  await makeDevice(other.space_uuid, { ...connected, location_uuid: elsewhere.uuid, online: true, combined_status: 3 });
  return { ...member, s, l1, l2, group, critical, elsewhere };
}

describe("GET /space/{space}/wall/", () => {
  it("counts the fleet as the device list and the monitoring counts do", async () => {
    const { s, token } = await fleet();
    const { totals } = await summary(s, token);
    const monitoring = await get(`/api/space/${s}/monitoring/counts/`, token, MonitoringCounts);
    expect(totals).toEqual({
      total: 9,
      online: await listed(s, token, "connected_status=connected&online=true"),
      offline: await listed(s, token, "connected_status=connected&online=false"),
      warning: monitoring.devices.warning,
      critical: monitoring.devices.critical,
      not_connected:
        (await listed(s, token, "connected_status=non_connected")) +
        (await listed(s, token, "connected_status=installation_pending")) +
        (await listed(s, token, "connected_status=disconnected")),
    });
    expect(totals).toMatchObject({ online: 4, offline: 2, warning: 1, critical: 2, not_connected: 3 });
  });

  it("gives each location its status and counts, the groups, and the critical devices offline first", async () => {
    const { s, token, l1, l2, group, critical } = await fleet();
    const body = await summary(s, token);
    expect(body.locations.map((l) => l.name)).toEqual(["A Harbour", "B Square"]);
    expect(body.locations[0]).toMatchObject({
      uuid: l1.uuid,
      latitude: 45.8,
      longitude: 16,
      status: "partially_online",
      devices_total: 3,
      devices_online: 2,
      devices_offline: 1,
      warning: 1,
      critical: 1,
      expected_online: null,
    });
    expect(body.locations[1]).toMatchObject({ uuid: l2.uuid, devices_total: 2, devices_online: 1, critical: 1 });
    expect(body.groups).toEqual([{ uuid: group.uuid, name: "North", location_uuids: [l1.uuid] }]);
    expect(body.critical_devices.map((d) => d.name)).toEqual(["off-crit", "on-crit"]);
    expect(body.critical_devices[0]).toMatchObject({
      uuid: critical.uuid,
      location_name: "A Harbour",
      online: false,
      headings: ["cpu"],
      peripherals: ["bill_acceptor"],
    });
    expect(body.scope).toEqual({ group: null, location: null });
  });

  it("lists every installed offline device with its location, the longest offline first, in scope", async () => {
    const { s, token, l1, group } = await fleet();
    const seen = (day: number) => `2026-11-${String(day).padStart(2, "0")}T08:00:00.000Z`;
    await makeDevice(s, {
      connected_status: "connected",
      name: "off-long",
      location_uuid: l1.uuid,
      last_seen: seen(2),
    });
    await makeDevice(s, {
      connected_status: "connected",
      name: "off-recent",
      location_uuid: l1.uuid,
      last_seen: seen(20),
    });
    const body = await summary(s, token);
    // Never seen (null) is the longest; archived, uninstalled and online devices are not listed.
    const names = body.offline_devices.map((d) => d.name);
    expect(names.slice(0, 2).sort()).toEqual(["off-2", "off-crit"]);
    expect(names.slice(2)).toEqual(["off-long", "off-recent"]);
    expect(body.offline_devices.length).toBe(body.totals.offline);
    expect(body.offline_devices.find((d) => d.name === "off-long")).toMatchObject({
      location_uuid: l1.uuid,
      location_name: "A Harbour",
      last_seen: seen(2),
    });
    const narrowed = await summary(s, token, `?group=${group.uuid}`);
    expect(narrowed.offline_devices.map((d) => d.name).sort()).toEqual(["off-crit", "off-long", "off-recent"]);
  });

  it("says whether a location is inside its working hours now", async () => {
    const space = await makeSpace({ timezone: "UTC" });
    const { token } = await memberOf("viewer", space);
    const s = space.space_uuid;
    const open = await makeLocation(s, { name: "open", global_working_time_enabled: false });
    for (const day of WEEKDAYS) await makeWorkingTime(s, open.uuid, day, WHOLE_DAY);
    await makeLocation(s, { name: "closed", global_working_time_enabled: false });
    const body = await summary(s, token);
    expect(Object.fromEntries(body.locations.map((l) => [l.name, l.expected_online]))).toEqual({
      open: true,
      closed: null,
    });
  });

  it("narrows to a group or a location of the space", async () => {
    const { s, token, l1, l2, group } = await fleet();
    const byGroup = await summary(s, token, `?group=${group.uuid}`);
    expect(byGroup.locations.map((l) => l.uuid)).toEqual([l1.uuid]);
    expect(byGroup.totals).toEqual({ total: 3, online: 2, offline: 1, warning: 1, critical: 1, not_connected: 0 });
    expect(byGroup.scope.group).toEqual({ uuid: group.uuid, name: "North" });
    expect(byGroup.critical_devices.map((d) => d.name)).toEqual(["off-crit"]);

    const byLocation = await summary(s, token, `?location=${l2.uuid}`);
    expect(byLocation.locations.map((l) => l.uuid)).toEqual([l2.uuid]);
    expect(byLocation.totals).toMatchObject({ online: 1, offline: 1, not_connected: 3, critical: 1 });
    // The group holds none of the scope's locations: nothing to show for it.
    expect(byLocation.groups).toEqual([]);

    const both = await summary(s, token, `?group=${group.uuid}&location=${l2.uuid}`);
    expect(both.locations).toEqual([]);
    expect(both.totals.total).toBe(0);
  });

  it("keeps a display link narrowed to a group within it, whatever the query leaves out", async () => {
    const { s, space, l1, group } = await fleet();
    const admin = await memberOf("admin", space);
    const added = await api(`/api/space/${s}/display-link/add/`, {
      method: "POST",
      token: admin.token,
      json: { name: "North wall", location_group_uuid: group.uuid },
    });
    expect(added.status, await added.clone().text()).toBe(201);
    const { secret } = (await added.json()) as { secret: string };
    const body = await summary(s, secret);
    expect(body.scope.group).toEqual({ uuid: group.uuid, name: "North" });
    expect(body.locations.map((l) => l.uuid)).toEqual([l1.uuid]);
    expect(body.totals.total).toBe(3);
    const week = await availability(s, secret, "?window=7d");
    expect(week.locations.map((l) => l.location_uuid)).toEqual([l1.uuid]);
  });

  it("refuses another space's group or location (404), outsiders (401, 403)", async () => {
    const { s, token, elsewhere } = await fleet();
    const foreignGroup = await makeGroup(elsewhere.space_uuid);
    expect((await api(`/api/space/${s}/wall/?location=${elsewhere.uuid}`, { token })).status).toBe(404);
    expect((await api(`/api/space/${s}/wall/?group=${foreignGroup.uuid}`, { token })).status).toBe(404);
    expect(await outsiderStatuses((space) => `/api/space/${space}/wall/`)).toEqual([401, 403]);
  });
});

/** Writes an outage [from, to) of a device (to: null while it is still offline), as the DeviceRoom does. */
async function recordOutage(
  space: string,
  device: string,
  from: number,
  to: number | null,
  cause: OutageCause = "unknown",
) {
  await db()
    .insert(deviceOutageTable)
    .values({
      space_uuid: space,
      device_uuid: device,
      started_at: iso(from),
      ended_at: to === null ? null : iso(to),
      cause,
    });
}

/**
 * The instants the availability figures are checked at: past midnight UTC with the outage on the
 * day before (the night hours an estimate from daily totals got wrong), Monday 00:30, a month's
 * last second, both Zagreb clock changes, New York's spring one, and noon.
 */
const INSTANTS = [
  "2026-11-29T02:10:00Z",
  "2026-11-30T00:30:00Z",
  "2026-11-30T23:59:59Z",
  "2026-03-29T01:30:00Z",
  "2026-10-25T02:30:00Z",
  "2026-03-08T07:30:00Z",
  "2026-06-15T12:00:00Z",
].map(Date.parse);

describe("the wall summary's D1 round trips", () => {
  it("is one round trip, working hours and a named scope's check included", async () => {
    const { s, space, l1, l2, group } = await fleet();
    for (const day of WEEKDAYS) await makeWorkingTime(s, l1.uuid, day, WHOLE_DAY);
    await db().update(locationTable).set({ global_working_time_enabled: false }).where(eq(locationTable.uuid, l1.uuid));
    const { counting, ctx } = countingContext(space);
    const whole = await wallSummary({ ctx, input: {} });
    expect(counting.trips()).toBe(1);
    expect(Object.fromEntries(whole.locations.map((l) => [l.uuid, l.expected_online]))).toEqual({
      [l1.uuid]: true,
      [l2.uuid]: null,
    });
    // A group's schedules are its locations' only; the group is checked in the same batch.
    const byGroup = await wallSummary({ ctx, input: { group: group.uuid } });
    expect(counting.trips()).toBe(2);
    expect(byGroup.locations.map((l) => [l.uuid, l.expected_online])).toEqual([[l1.uuid, true]]);
    expect(byGroup.scope).toEqual({ group: { uuid: group.uuid, name: "North" }, location: null });
    const both = await wallSummary({ ctx, input: { group: group.uuid, location: l2.uuid } });
    expect(counting.trips()).toBe(3);
    expect(both.scope.location).toEqual({ uuid: l2.uuid, name: "B Square" });
    expect(both.locations).toEqual([]);
    // Not the space's: 404 after the same one trip, the group's before the location's.
    await expect(wallSummary({ ctx, input: { group: crypto.randomUUID(), location: l2.uuid } })).rejects.toThrow(
      "Location group not found.",
    );
    await expect(wallSummary({ ctx, input: { location: crypto.randomUUID() } })).rejects.toThrow("Location not found.");
    expect(counting.trips()).toBe(5);
    // The availability panels the same way: one trip with the scope's check.
    const panel = await listLocationAvailability({ ctx, input: { window: "24h", group: group.uuid } });
    expect(counting.trips()).toBe(6);
    expect(panel.locations.map((l) => l.location_uuid)).toEqual([l1.uuid]);
    await expect(
      listLocationAvailability({ ctx, input: { window: "7d", group: crypto.randomUUID() } }),
    ).rejects.toThrow("Location group not found.");
  });
});

describe("GET /space/{space}/location/availability/", () => {
  /** A space whose global schedule is the whole week, with four locations, as at `now`. */
  async function availabilityFleet(now = Date.now(), timezone = "UTC") {
    const space = await makeSpace({ timezone });
    const { token } = await memberOf("viewer", space);
    const s = space.space_uuid;
    for (const day of WEEKDAYS) await makeWorkingTime(s, null, day, WHOLE_DAY);
    const installed = iso(now - 10 * 24 * HOUR);
    const connected = { connected_status: "connected" as const, installed_at: installed };
    /** A device at `location` offline for the last `hours` (its outage open). */
    const downFor = async (location: { uuid: string }, hours: number) => {
      const device = await makeDevice(s, {
        ...connected,
        location_uuid: location.uuid,
        online: false,
        last_seen: iso(now - hours * HOUR),
      });
      await recordOutage(s, device.uuid, now - hours * HOUR, null, "connection_lost");
    };
    const down = await makeLocation(s, { name: "Down 6h", global_working_time_enabled: true });
    await makeDevice(s, {
      ...connected,
      location_uuid: down.uuid,
      online: true,
      online_since: iso(now - 20 * 24 * HOUR),
    });
    await downFor(down, 6);
    // Always up.
    const up = await makeLocation(s, { name: "Up", global_working_time_enabled: true });
    await makeDevice(s, { ...connected, location_uuid: up.uuid, online: true, online_since: installed });
    // Its own schedule is empty: no working time, no figure.
    const unscheduled = await makeLocation(s, { name: "Unscheduled", global_working_time_enabled: false });
    await makeDevice(s, { ...connected, location_uuid: unscheduled.uuid, online: false, last_seen: installed });
    // Its own schedule (the whole week) and one device down for the last 12 hours.
    const local = await makeLocation(s, { name: "Local hours", global_working_time_enabled: false });
    for (const day of WEEKDAYS) await makeWorkingTime(s, local.uuid, day, WHOLE_DAY);
    await downFor(local, 12);
    // Back 3 h ago after 2 h offline (a closed outage), beside a device online throughout.
    const back = await makeLocation(s, { name: "Back 3h ago", global_working_time_enabled: true });
    await makeDevice(s, {
      ...connected,
      location_uuid: back.uuid,
      online: true,
      online_since: iso(now - 9 * 24 * HOUR),
    });
    const returned = await makeDevice(s, {
      ...connected,
      location_uuid: back.uuid,
      online: true,
      online_since: iso(now - 3 * HOUR),
    });
    await recordOutage(s, returned.uuid, now - 5 * HOUR, now - 3 * HOUR, "heartbeat_missed");
    const group = await makeGroup(s, {}, [up]);
    return { s, space, token, down, up, unscheduled, local, back, group };
  }

  it("gives the exact share of working time with every device online, worst first, at any hour", async () => {
    for (const now of INSTANTS) {
      const { space, down, back } = await availabilityFleet(now);
      const { ctx } = countingContext(space);
      const day = await listLocationAvailability({ ctx, input: { window: "24h" }, now });
      expect(day.window).toBe("24h");
      expect(day.to).toBe(iso(now));
      expect(day.locations.map((l) => l.location_name)).toEqual([
        "Local hours",
        "Down 6h",
        "Back 3h ago",
        "Up",
        "Unscheduled",
      ]);
      const [local, worst, returned, best, none] = day.locations;
      // Whole seconds: the schedule's 23:59:59 end reaches midnight, so every second of the window is working time.
      expect(local).toMatchObject({
        schedule: "local",
        devices: 1,
        working_seconds: 86_400,
        available_seconds: 43_200,
      });
      expect(worst).toMatchObject({ location_uuid: down.uuid, schedule: "global", timezone: "UTC", devices: 2 });
      expect(worst).toMatchObject({ working_seconds: 86_400, available_seconds: 18 * 3600 });
      expect(returned).toMatchObject({ location_uuid: back.uuid, devices: 2, available_seconds: 22 * 3600 });
      expect(best.availability).toBe(1);
      expect(none).toMatchObject({ schedule: "local", working_seconds: 0, availability: null });

      const week = await listLocationAvailability({ ctx, input: { window: "7d" }, now });
      const weekly = Object.fromEntries(week.locations.map((l) => [l.location_name, l.available_seconds]));
      expect(weekly).toMatchObject({
        "Down 6h": (7 * 24 - 6) * 3600,
        "Local hours": (7 * 24 - 12) * 3600,
        "Back 3h ago": (7 * 24 - 2) * 3600,
      });
      expect(Date.parse(week.to) - Date.parse(week.from)).toBe(7 * 24 * HOUR);
    }
  });

  it("counts working time on the location's wall clock across a clock change", async () => {
    // Zagreb's clocks go back at 03:00 CEST on 2026-10-25: 02:00–02:59:59 happens twice, so a
    // 02:00–03:59:59 schedule is 3 h of real time that night. A device down through it loses all 3.
    const now = Date.parse("2026-10-25T06:00:00Z");
    const space = await makeSpace({ timezone: "Europe/Zagreb" });
    const s = space.space_uuid;
    const site = await makeLocation(s, { name: "Night shift", global_working_time_enabled: false });
    await makeWorkingTime(s, site.uuid, "sunday", [{ start: "02:00:00", end: "03:59:59" }]);
    const device = await makeDevice(s, {
      connected_status: "connected",
      installed_at: iso(now - 5 * 24 * HOUR),
      location_uuid: site.uuid,
      online: true,
      online_since: iso(Date.parse("2026-10-25T02:30:00Z")),
    });
    await recordOutage(s, device.uuid, Date.parse("2026-10-25T00:00:00Z"), Date.parse("2026-10-25T02:30:00Z"));
    const { ctx } = countingContext(space);
    const [row] = (await listLocationAvailability({ ctx, input: { window: "24h" }, now })).locations;
    expect(row).toMatchObject({ timezone: "Europe/Zagreb", working_seconds: 3 * 3600, available_seconds: 30 * 60 });
  });

  it("serves the same figures over HTTP, whatever the hour", async () => {
    const { s, token } = await availabilityFleet();
    const body = await availability(s, token, "?window=24h");
    const byName = Object.fromEntries(body.locations.map((l) => [l.location_name, l.availability]));
    // The request comes a moment after the fleet was written: within a second of the exact figure.
    expect(byName["Local hours"]).toBeCloseTo(0.5, 4);
    expect(byName["Down 6h"]).toBeCloseTo(18 / 24, 4);
    expect(byName["Back 3h ago"]).toBeCloseTo(22 / 24, 4);
    expect(byName.Up).toBe(1);
  });

  it("defaults to 24 h, narrows by group and location, refuses an unknown window", async () => {
    const { s, token, up, group, unscheduled } = await availabilityFleet();
    expect((await availability(s, token)).window).toBe("24h");
    expect((await availability(s, token, `?group=${group.uuid}`)).locations.map((l) => l.location_uuid)).toEqual([
      up.uuid,
    ]);
    expect(
      (await availability(s, token, `?location=${unscheduled.uuid}`)).locations.map((l) => l.location_uuid),
    ).toEqual([unscheduled.uuid]);
    expect((await api(`/api/space/${s}/location/availability/?window=30d`, { token })).status).toBe(400);
  });

  it("is not taken for a location's uuid, and holds to the space", async () => {
    const { s, token } = await availabilityFleet();
    const other = await makeSpace();
    await makeLocation(other.space_uuid, { name: "Foreign" });
    const body = await availability(s, token);
    expect(body.locations.some((l) => l.location_name === "Foreign")).toBe(false);
    expect(await outsiderStatuses((space) => `/api/space/${space}/location/availability/`)).toEqual([401, 403]);
  });
});
