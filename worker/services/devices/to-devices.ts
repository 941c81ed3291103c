// Listed rows → devices: each row's tags, attached peripherals and displays, and expected_online.
import { count } from "drizzle-orm";
import type { Device } from "../../../contracts/devices/schema.ts";
import type { Weekday } from "../../../contracts/locations/working-time.ts";
import type { TagRef } from "../../../contracts/tags/schema.ts";
import { deviceTagTable, displayTable, peripheralTable } from "../../../drizzle/schema/index.ts";
import { inList, inSpace } from "../kernel/scope.ts";
import { expectedOnlineAt, expectedOnlineFrom, expectedOnlineQuery } from "../monitoring/expected-online.ts";
import { tagsByOwner, tagsQuery } from "../spaces/tags.ts";
import { carriedExtras } from "./d1-rows.ts";
import type { DeviceListRow, ReadCtx } from "./rows.ts";

/** The two grouped index reads of attachedCounts: peripherals, then displays, per device. */
function attachedQueries(ctx: ReadCtx, uuids: readonly string[]) {
  const per = (t: typeof peripheralTable | typeof displayTable) =>
    ctx.db
      .select({ device_uuid: t.device_uuid, n: count() })
      .from(t)
      .where(inSpace(ctx, t, inList(t.device_uuid, uuids)))
      .groupBy(t.device_uuid);
  return [per(peripheralTable), per(displayTable)] as const;
}

/** attachedQueries' rows summed per device uuid. */
function attachedFrom(...groups: { device_uuid: string; n: number }[][]): Map<string, number> {
  const out = new Map<string, number>();
  for (const { device_uuid, n } of groups.flat()) out.set(device_uuid, (out.get(device_uuid) ?? 0) + n);
  return out;
}

/** Peripherals + displays of the given devices, keyed by device uuid (two grouped index reads). */
export async function attachedCounts(ctx: ReadCtx, uuids: readonly string[]): Promise<Map<string, number>> {
  if (uuids.length === 0) return new Map();
  const [peripherals, displays] = await ctx.db.batch(attachedQueries(ctx, uuids));
  return attachedFrom(peripherals, displays);
}

/** Rows → devices, given each row's tags, attached count and its location's expected_online. */
function devicesFrom<R extends DeviceListRow>(
  ctx: ReadCtx,
  rows: readonly R[],
  tagsOf: (row: R) => TagRef[],
  attachedOf: (row: R) => number,
  hours: Map<string, boolean | null>,
): (R & Device)[] {
  return rows.map((row) => {
    const own = tagsOf(row);
    return {
      ...row,
      space_name: ctx.space.space_name,
      tags: own,
      tag_uuids: own.map((t) => t.uuid),
      total_number: attachedOf(row),
      expected_online: expectedOnlineAt(hours, row.location_uuid),
    };
  });
}

/** expected_online per location of rows read by listRows (their schedules came with them). */
function carriedHours(ctx: ReadCtx, rows: readonly DeviceListRow[]) {
  const schedules: Parameters<typeof expectedOnlineFrom>[1] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const hours = carriedExtras(row)?.hours;
    if (!row.location_uuid || !hours || seen.has(row.location_uuid)) continue;
    seen.add(row.location_uuid);
    const [timezone, ownZone, global, entries] = hours;
    const location = {
      uuid: row.location_uuid,
      timezone,
      global_timezone_enabled: ownZone === 1,
      global_working_time_enabled: global === 1,
    };
    if (entries.length === 0) schedules.push({ ...location, location_uuid: null, day: null, start: null, end: null });
    for (const [location_uuid, day, start, end] of entries)
      schedules.push({ ...location, location_uuid, day: day as Weekday, start, end });
  }
  return expectedOnlineFrom(ctx, schedules);
}

/**
 * Rows → devices: tags, peripheral/display totals and whether each location's working hours
 * cover now (expected_online). Rows read by listRows carry them; others get them in one D1 batch
 * (one round trip) for the whole page.
 */
export async function toDevices<R extends DeviceListRow>(ctx: ReadCtx, rows: readonly R[]): Promise<(R & Device)[]> {
  if (rows.length === 0) return [];
  if (rows.every((row) => carriedExtras(row) !== undefined)) {
    const extras = (row: R) => carriedExtras(row) ?? { tags: [], attached: 0 };
    return devicesFrom(
      ctx,
      rows,
      (row) => extras(row).tags,
      (row) => extras(row).attached,
      carriedHours(ctx, rows),
    );
  }
  const uuids = rows.map((r) => r.uuid);
  const locations = [...new Set(rows.flatMap((r) => (r.location_uuid ? [r.location_uuid] : [])))];
  const [tagRows, peripherals, displays, schedules] = await ctx.db.batch([
    tagsQuery(ctx, deviceTagTable, uuids),
    ...attachedQueries(ctx, uuids),
    expectedOnlineQuery(ctx, locations),
  ]);
  const tags = tagsByOwner(tagRows);
  const totals = attachedFrom(peripherals, displays);
  return devicesFrom(
    ctx,
    rows,
    (row) => tags.get(row.uuid) ?? [],
    (row) => totals.get(row.uuid) ?? 0,
    expectedOnlineFrom(ctx, schedules),
  );
}
