import { eq, isNull, or } from "drizzle-orm";
import { locationTable as l, workingTimeTable as w } from "../../../drizzle/schema/index.ts";
import type { ReadCtx } from "../devices/rows.ts";
import { inSpace, keepUuids, type UuidsOrWhere } from "../kernel/scope.ts";
import { expectedOnline, type LocationHours, type ScheduleRow } from "../locations/working-hours.ts";

/**
 * expected_online per location uuid: whether its working hours cover `now` (null: no schedule).
 * One query for any number of locations: each location with its own entries and the space's
 * global ones (index working_time(space_uuid, location_uuid, …)); both tables held to the space.
 */
export async function expectedOnlineByLocation(
  ctx: ReadCtx,
  locationUuids: readonly (string | null)[],
  now = new Date(),
): Promise<Map<string, boolean | null>> {
  const uuids = [...new Set(locationUuids.filter((u): u is string => u !== null))];
  if (uuids.length === 0) return new Map();
  return expectedOnlineFrom(ctx, await expectedOnlineQuery(ctx, uuids), now);
}

/**
 * The query of expectedOnlineByLocation: the schedules of the locations given by uuid (no nulls),
 * or of those a condition on the location's uuid keeps, read when a batch runs (a device's
 * location, the wall's scope; undefined: every location of the space).
 */
export const expectedOnlineQuery = (ctx: ReadCtx, uuids: UuidsOrWhere) =>
  ctx.db
    .select({
      uuid: l.uuid,
      timezone: l.timezone,
      global_timezone_enabled: l.global_timezone_enabled,
      global_working_time_enabled: l.global_working_time_enabled,
      location_uuid: w.location_uuid,
      day: w.day,
      start: w.start,
      end: w.end,
    })
    .from(l)
    .leftJoin(w, inSpace(ctx, w, or(eq(w.location_uuid, l.uuid), isNull(w.location_uuid))))
    .where(inSpace(ctx, l, keepUuids(l.uuid, uuids)));

/** expectedOnlineQuery's rows → expected_online per location uuid. */
export function expectedOnlineFrom(
  ctx: ReadCtx,
  rows: Awaited<ReturnType<typeof expectedOnlineQuery>>,
  now = new Date(),
): Map<string, boolean | null> {
  const out = new Map<string, boolean | null>();
  const locations = new Map<string, LocationHours>();
  const entries = new Map<string, ScheduleRow[]>();
  for (const { uuid, timezone, global_timezone_enabled, global_working_time_enabled, ...entry } of rows) {
    locations.set(uuid, { uuid, timezone, global_timezone_enabled, global_working_time_enabled });
    const list = entries.get(uuid) ?? [];
    if (entry.day && entry.start && entry.end)
      list.push({ ...entry, day: entry.day, start: entry.start, end: entry.end });
    entries.set(uuid, list);
  }
  for (const [uuid, location] of locations) {
    out.set(uuid, expectedOnline(location, entries.get(uuid) ?? [], ctx.space.timezone, now));
  }
  return out;
}

/** The expected_online of a device at `locationUuid` (null without a location). */
export const expectedOnlineAt = (byLocation: Map<string, boolean | null>, locationUuid: string | null) =>
  locationUuid ? (byLocation.get(locationUuid) ?? null) : null;
