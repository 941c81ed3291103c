import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DeviceList } from "../../contracts/device.ts";
import { MonitoringCounts } from "../../contracts/monitoring.ts";
import { onlineSecondsPerDay } from "../../contracts/presence.ts";
import { AvailabilityList, WallSummary } from "../../contracts/wall.ts";
import { WEEKDAYS } from "../../contracts/working-time.ts";
import { deviceAvailabilityTable, devicePeripheralConditionTable, locationTable } from "../../drizzle/schema/index.ts";
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

/** Writes the device_availability rows of an online streak [from, to), as the DeviceRoom does when it ends. */
async function recordStreak(space: string, device: string, from: number, to: number) {
  const rows = onlineSecondsPerDay(from, to).map(({ day, seconds }) => ({
    space_uuid: space,
    device_uuid: device,
    day,
    online_seconds: seconds,
  }));
  if (rows.length) await db().insert(deviceAvailabilityTable).values(rows);
}

describe("the wall summary's D1 round trips (issue 19)", () => {
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
  /** A space whose global schedule is the whole week, with three locations. */
  async function availabilityFleet() {
    const space = await makeSpace({ timezone: "UTC" });
    const { token } = await memberOf("viewer", space);
    const s = space.space_uuid;
    for (const day of WEEKDAYS) await makeWorkingTime(s, null, day, WHOLE_DAY);
    const now = Date.now();
    const installed = iso(now - 10 * 24 * HOUR);
    const connected = { connected_status: "connected" as const, installed_at: installed };
    /** A device at `location` offline for the last `hours`, its streak before that (since installation) recorded. */
    const downFor = async (location: { uuid: string }, hours: number) => {
      const device = await makeDevice(s, {
        ...connected,
        location_uuid: location.uuid,
        online: false,
        last_seen: iso(now - hours * HOUR),
      });
      await recordStreak(s, device.uuid, now - 10 * 24 * HOUR, now - hours * HOUR);
    };
    // Down for the last 6 hours: its previous streak (since installation) is recorded.
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
    const group = await makeGroup(s, {}, [up]);
    return { s, token, down, up, unscheduled, local, group };
  }

  it("gives the share of working time with every device online, worst first, exact for current streaks", async () => {
    const { s, token, down } = await availabilityFleet();
    const day = await availability(s, token, "?window=24h");
    expect(day.window).toBe("24h");
    expect(day.locations.map((l) => l.location_name)).toEqual(["Local hours", "Down 6h", "Up", "Unscheduled"]);
    const [local, worst, best, none] = day.locations;
    // A local schedule counts in the whole space's list as in the location's own.
    expect(local).toMatchObject({ schedule: "local", devices: 1 });
    expect(local.availability).toBeCloseTo(0.5, 2);
    const own = await availability(s, token, `?location=${local.location_uuid}`);
    expect(own.locations[0].availability).toBeCloseTo(local.availability ?? -1, 3);
    expect(worst).toMatchObject({ location_uuid: down.uuid, schedule: "global", timezone: "UTC", devices: 2 });
    expect(worst.availability).toBeCloseTo(18 / 24, 2);
    expect(best.availability).toBe(1);
    expect(none).toMatchObject({ schedule: "local", working_seconds: 0, availability: null });

    const week = await availability(s, token, "?window=7d");
    const weekly = Object.fromEntries(week.locations.map((l) => [l.location_name, l.availability]));
    expect(weekly["Down 6h"]).toBeCloseTo(1 - 6 / (7 * 24), 2);
    expect(weekly["Local hours"]).toBeCloseTo(1 - 12 / (7 * 24), 2);
    expect(Date.parse(week.to) - Date.parse(week.from)).toBe(7 * 24 * HOUR);
  });

  it("counts a device online only since inside the window with its outage, and one online throughout as always up", async () => {
    const space = await makeSpace({ timezone: "UTC" });
    const { token } = await memberOf("viewer", space);
    const s = space.space_uuid;
    for (const day of WEEKDAYS) await makeWorkingTime(s, null, day, WHOLE_DAY);
    const now = Date.now();
    const site = await makeLocation(s, { name: "Back 3h ago", global_working_time_enabled: true });
    const connected = { connected_status: "connected" as const, installed_at: iso(now - 10 * 24 * HOUR) };
    // Online throughout the last 24 h (and 7 days): counted, never the reason for an outage.
    await makeDevice(s, {
      ...connected,
      location_uuid: site.uuid,
      online: true,
      online_since: iso(now - 9 * 24 * HOUR),
    });
    // Offline from 5 h ago to 3 h ago, online since: its earlier streak is recorded.
    const back = await makeDevice(s, {
      ...connected,
      location_uuid: site.uuid,
      online: true,
      online_since: iso(now - 3 * HOUR),
    });
    await recordStreak(s, back.uuid, now - 10 * 24 * HOUR, now - 5 * HOUR);
    const [day] = (await availability(s, token, "?window=24h")).locations;
    expect(day).toMatchObject({ location_uuid: site.uuid, devices: 2 });
    expect(day.availability).toBeCloseTo(22 / 24, 2);
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
