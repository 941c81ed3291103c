import { and, asc, eq, isNull, not, or, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { TimeEntry, Weekday } from "../../../contracts/locations/working-time.ts";
import {
  type AvailabilityList,
  type AvailabilityListQuery,
  type LocationAvailability,
  WINDOW_MS,
} from "../../../contracts/wall/schema.ts";
import {
  deviceTable as d,
  locationTable as l,
  deviceOutageTable as o,
  workingTimeTable as w,
} from "../../../drizzle/schema/index.ts";
import type { ReadCtx } from "../devices/rows.ts";
import type { ServiceArgs } from "../kernel/args.ts";
import { inSpace } from "../kernel/scope.ts";
import { locationTimeZone, type ScheduleRow, type WeeklySchedule } from "../locations/working-hours.ts";
import {
  availabilityRatio,
  byAvailability,
  type DeviceHistory,
  deviceHistory,
  locationAvailableSeconds,
  workingIntervals,
} from "./availability-math.ts";
import { inWallScope, wallScopeInBatch } from "./wall-scope.ts";

/**
 * The schedule a location follows: the space's global entries when global_working_time_enabled,
 * else its own; null when that schedule has no entries (no working time set). `rows` may hold
 * other locations' entries.
 */
export function scheduleOf(
  location: { uuid: string; global_working_time_enabled: boolean },
  rows: readonly ScheduleRow[],
): WeeklySchedule | null {
  const source = location.global_working_time_enabled ? null : location.uuid;
  const schedule: Partial<Record<Weekday, TimeEntry[]>> = {};
  let any = false;
  for (const row of rows) {
    if (row.location_uuid !== source) continue;
    schedule[row.day] = [...(schedule[row.day] ?? []), { start: row.start, end: row.end }];
    any = true;
  }
  return any ? schedule : null;
}

const toMs = (iso: string | null) => (iso === null ? null : Date.parse(iso));

/** A device's history from its row and its outage rows as D1 returns them (ISO times). */
export function historyFromRows(
  device: { installed_at: string | null; online: boolean; online_since: string | null; last_seen: string | null },
  outages: readonly { started_at: string; ended_at: string | null }[],
): DeviceHistory {
  return deviceHistory(
    {
      installed_at: toMs(device.installed_at),
      online: device.online,
      online_since: toMs(device.online_since),
      last_seen: toMs(device.last_seen),
    },
    outages.map((row) => ({ started_at: Date.parse(row.started_at), ended_at: toMs(row.ended_at) })),
  );
}

/** The outages of a device that reach past `fromIso` (open ones included), as the math reads them. */
export const outagesSince = (fromIso: string) =>
  sql`(${o.ended_at} is null or julianday(${o.ended_at}) > julianday(${fromIso}))`;

/**
 * GET /space/{space}/location/availability/?window=24h|7d&group=&location=: for each location in
 * scope, the share of its working time in the last 24 h or 7 d (the schedule it follows, on its
 * clock) during which all its installed devices were online — exactly, from the devices' outages
 * (device_outage) and their current state (availability-math.ts). Five reads in one batch, each
 * held to the space: the locations, the schedules (theirs and the global one), their installed
 * devices that were not online throughout the window and those devices' outages that reach into
 * it, and per location the count of those that were. Worst first.
 */
export async function listLocationAvailability({
  ctx,
  input,
  now = Date.now(),
}: ServiceArgs<AvailabilityListQuery, ReadCtx> & { now?: number }): Promise<AvailabilityList> {
  const asked = wallScopeInBatch(ctx, input);
  const scope = asked.claimed;
  const to = now;
  const from = to - WINDOW_MS[input.window];
  const inScope = (column: SQLiteColumn) => inWallScope(ctx, scope, column);
  const installed = inSpace(ctx, d, eq(d.connected_status, "connected"), inScope(d.location_uuid));
  // A device online since before the window (and installed before it) was online throughout: its
  // share is 1 at every moment of the window and it adds no cut. Such devices are only counted,
  // per location, and stand in as one history (the minimum over devices is the same). In a healthy
  // fleet most installed devices are; both reads walk device_space_uuid_availability_idx alone.
  const fromIso = new Date(from).toISOString();
  const before = (column: SQLiteColumn) => sql`(${column} is null or julianday(${column}) <= julianday(${fromIso}))`;
  // (In parentheses: `not(throughout)` renders as `not …`, and NOT binds tighter than AND.)
  const throughout = sql`(${d.online} = 1 and ${before(d.online_since)} and ${before(d.installed_at)})`;
  const varying = and(installed, not(throughout));
  // The space's global entries and the scope's own ones (every location's, unscoped).
  const ownEntries = inScope(w.location_uuid);
  const scheduleScope = ownEntries ? or(isNull(w.location_uuid), ownEntries) : undefined;
  const [locations, schedules, devices, steady, outages, ...scopeRows] = await ctx.db.batch([
    ctx.db
      .select({
        uuid: l.uuid,
        name: l.name,
        timezone: l.timezone,
        global_timezone_enabled: l.global_timezone_enabled,
        global_working_time_enabled: l.global_working_time_enabled,
      })
      .from(l)
      .where(inSpace(ctx, l, inScope(l.uuid)))
      .orderBy(asc(l.name)),
    ctx.db
      .select({ location_uuid: w.location_uuid, day: w.day, start: w.start, end: w.end })
      .from(w)
      .where(inSpace(ctx, w, scheduleScope))
      .orderBy(asc(w.day), asc(w.position)),
    ctx.db
      .select({
        uuid: d.uuid,
        location_uuid: d.location_uuid,
        installed_at: d.installed_at,
        online: d.online,
        online_since: d.online_since,
        last_seen: d.last_seen,
      })
      .from(d)
      .where(varying),
    ctx.db
      .select({ location_uuid: d.location_uuid, devices: sql<number>`count(*)`.as("devices") })
      .from(d)
      .where(and(installed, throughout))
      .groupBy(d.location_uuid),
    ctx.db
      .select({ device_uuid: o.device_uuid, started_at: o.started_at, ended_at: o.ended_at })
      .from(o)
      .where(
        inSpace(ctx, o, outagesSince(fromIso), sql`${o.device_uuid} in (select ${d.uuid} from ${d} where ${varying})`),
      ),
    ...asked.reads,
  ]);
  // 404 for a group or location that is not the space's (the reads above then found nothing).
  asked.checked(scopeRows);
  const steadyByLocation = new Map(steady.map((row) => [row.location_uuid, row.devices]));
  /** The devices online throughout the window, as one: never offline. */
  const online: DeviceHistory = { installed_at: null, offline: [] };

  const outagesByDevice = new Map<string, (typeof outages)[number][]>();
  for (const row of outages) {
    const list = outagesByDevice.get(row.device_uuid) ?? [];
    list.push(row);
    outagesByDevice.set(row.device_uuid, list);
  }
  const devicesByLocation = new Map<string, DeviceHistory[]>();
  for (const device of devices) {
    if (!device.location_uuid) continue;
    const list = devicesByLocation.get(device.location_uuid) ?? [];
    list.push(historyFromRows(device, outagesByDevice.get(device.uuid) ?? []));
    devicesByLocation.set(device.location_uuid, list);
  }

  const rows: LocationAvailability[] = locations.map((location) => {
    const timezone = locationTimeZone(location, ctx.space.timezone);
    const schedule = scheduleOf(location, schedules);
    const changing = devicesByLocation.get(location.uuid) ?? [];
    const steadyDevices = steadyByLocation.get(location.uuid) ?? 0;
    const history = steadyDevices > 0 ? [...changing, online] : changing;
    const working = schedule ? workingIntervals(schedule, timezone, from, to) : [];
    const seconds = locationAvailableSeconds(working, history);
    return {
      location_uuid: location.uuid,
      location_name: location.name,
      timezone,
      schedule: location.global_working_time_enabled ? "global" : "local",
      devices: changing.length + steadyDevices,
      ...seconds,
      availability: availabilityRatio(seconds),
    };
  });
  rows.sort(byAvailability);
  return { window: input.window, from: new Date(from).toISOString(), to: new Date(to).toISOString(), locations: rows };
}
