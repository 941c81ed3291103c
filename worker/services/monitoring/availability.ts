import { and, asc, eq, gte, isNull, not, or, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import {
  type AvailabilityList,
  type AvailabilityListQuery,
  type LocationAvailability,
  WINDOW_MS,
} from "../../../contracts/wall.ts";
import type { TimeEntry, Weekday } from "../../../contracts/working-time.ts";
import {
  deviceAvailabilityTable as av,
  deviceTable as d,
  locationTable as l,
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

/**
 * GET /space/{space}/location/availability/?window=24h|7d&group=&location= (issue 16): for each
 * location in scope, the share of its working time in the last 24 h or 7 d (the schedule it
 * follows, on its clock) during which all its installed devices were online — from the Reports
 * tab's data (device_availability: seconds online per UTC day) and each device's current streak
 * (availability-math.ts says how). Five reads in one batch, each held to the space: the
 * locations, the schedules (theirs and the global one), their installed devices that were not
 * online throughout the window and those devices' daily rows since the window's first UTC day,
 * and per location the count of those that were. Worst first.
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
  const firstDay = new Date(Math.floor(from / 86_400_000) * 86_400_000).toISOString().slice(0, 10);
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
  const [locations, schedules, devices, steady, days, ...scopeRows] = await ctx.db.batch([
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
      .select({ device_uuid: av.device_uuid, day: av.day, online_seconds: av.online_seconds })
      .from(av)
      .where(
        inSpace(
          ctx,
          av,
          gte(av.day, firstDay),
          sql`${av.device_uuid} in (select ${d.uuid} from ${d} where ${varying})`,
        ),
      ),
    ...asked.reads,
  ]);
  // 404 for a group or location that is not the space's (the reads above then found nothing).
  asked.checked(scopeRows);
  const steadyByLocation = new Map(steady.map((row) => [row.location_uuid, row.devices]));
  /** The devices online throughout the window, as one: a share of 1 at every moment. */
  const online: DeviceHistory = { installed_at: null, online: true, streak_start: null, online_seconds: new Map() };

  const dailyByDevice = new Map<string, Map<string, number>>();
  for (const row of days) {
    const map = dailyByDevice.get(row.device_uuid) ?? new Map<string, number>();
    map.set(row.day, row.online_seconds);
    dailyByDevice.set(row.device_uuid, map);
  }
  const devicesByLocation = new Map<string, DeviceHistory[]>();
  for (const device of devices) {
    if (!device.location_uuid) continue;
    const list = devicesByLocation.get(device.location_uuid) ?? [];
    list.push({
      installed_at: toMs(device.installed_at),
      online: device.online,
      streak_start: toMs(device.online ? device.online_since : device.last_seen),
      online_seconds: dailyByDevice.get(device.uuid) ?? new Map(),
    });
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
