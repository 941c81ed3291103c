import { and, eq, gt, isNull, or, type SQL } from "drizzle-orm";
import {
  deviceTable as d,
  deviceTagTable,
  locationTable as l,
  locationGroupLocationTable,
  locationTagTable,
  maintenanceWindowTable as m,
  spaceTable,
  workingTimeTable as w,
} from "../../../drizzle/schema/index.ts";
import type { Db } from "../../lib/db.ts";
import { expectedOnline, type ScheduleRow } from "../locations/working-hours.ts";

/**
 * When a dark panel is expected for one device: its location's working time (the schedule it
 * follows, on its clock) and the maintenance windows covering it (its location, the location's
 * groups and tags, the device's tags) that have not ended. Read by the device's room when a
 * panel is reported off; kept a few minutes there.
 */
export type PanelSchedule = {
  space_timezone: string;
  location: {
    uuid: string;
    timezone: string;
    global_timezone_enabled: boolean;
    global_working_time_enabled: boolean;
  } | null;
  rows: ScheduleRow[];
  /** Maintenance windows as [start, end) in ms. */
  windows: [number, number][];
};

export async function readPanelSchedule(db: Db, device: string, now: number): Promise<PanelSchedule | null> {
  const row = await db
    .select({
      space: d.space_uuid,
      space_timezone: spaceTable.timezone,
      location: l.uuid,
      timezone: l.timezone,
      global_timezone_enabled: l.global_timezone_enabled,
      global_working_time_enabled: l.global_working_time_enabled,
    })
    .from(d)
    .innerJoin(spaceTable, eq(spaceTable.space_uuid, d.space_uuid))
    .leftJoin(l, eq(l.uuid, d.location_uuid))
    .where(eq(d.uuid, device))
    .get();
  if (!row) return null;
  const location = row.location
    ? {
        uuid: row.location,
        timezone: row.timezone ?? "",
        global_timezone_enabled: row.global_timezone_enabled ?? true,
        global_working_time_enabled: row.global_working_time_enabled ?? true,
      }
    : null;
  const [rows, groups, locationTags, deviceTags] = await db.batch([
    db
      .select({ location_uuid: w.location_uuid, day: w.day, start: w.start, end: w.end })
      .from(w)
      .where(
        and(
          eq(w.space_uuid, row.space),
          location ? or(isNull(w.location_uuid), eq(w.location_uuid, location.uuid)) : isNull(w.location_uuid),
        ),
      ),
    db
      .select({ uuid: locationGroupLocationTable.location_group_uuid })
      .from(locationGroupLocationTable)
      .where(eq(locationGroupLocationTable.location_uuid, location?.uuid ?? "")),
    db
      .select({ uuid: locationTagTable.tag_uuid })
      .from(locationTagTable)
      .where(eq(locationTagTable.location_uuid, location?.uuid ?? "")),
    db.select({ uuid: deviceTagTable.tag_uuid }).from(deviceTagTable).where(eq(deviceTagTable.device_uuid, device)),
  ]);
  const covering: SQL[] = [];
  if (location) covering.push(and(eq(m.scope_kind, "location"), eq(m.scope_uuid, location.uuid)) as SQL);
  for (const g of groups) covering.push(and(eq(m.scope_kind, "group"), eq(m.scope_uuid, g.uuid)) as SQL);
  for (const t of [...locationTags, ...deviceTags])
    covering.push(and(eq(m.scope_kind, "tag"), eq(m.scope_uuid, t.uuid)) as SQL);
  const windows = covering.length
    ? await db
        .select({ start: m.start, end: m.end })
        .from(m)
        .where(and(eq(m.space_uuid, row.space), gt(m.end, new Date(now).toISOString()), or(...covering)))
    : [];
  return {
    space_timezone: row.space_timezone,
    location,
    rows,
    windows: windows.map((x) => [Date.parse(x.start), Date.parse(x.end)]),
  };
}

/**
 * Whether a panel off at `now` is scheduled: inside a maintenance window, or outside the working
 * time the device's location follows. A device without a location, or a location without working
 * time, is expected on: its dark panel is unexpected.
 */
export function scheduledOffAt(schedule: PanelSchedule, now: number): boolean {
  if (schedule.windows.some(([start, end]) => start <= now && now < end)) return true;
  if (!schedule.location) return false;
  const expected = expectedOnline(schedule.location, schedule.rows, schedule.space_timezone, new Date(now));
  return expected === false;
}
