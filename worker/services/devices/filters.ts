import { count, eq, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { DeviceListQuery, DeviceOrdering, DeviceOrderKey } from "../../../contracts/device.ts";
import { deviceTable as d, deviceTagTable } from "../../../drizzle/schema/index.ts";
import { contains, inSpace } from "../kernel/scope.ts";
import type { ReadCtx } from "./rows.ts";

export type DeviceFilters = Omit<DeviceListQuery, "ordering" | "page" | "page_size" | "cursor">;

/**
 * How a set filter (search, name, tag) joins the list query. "drive": SQLite reads the matching
 * rows and sorts them (best for few matches). "probe": it walks the ordering's index and checks
 * each entry against the set (`+` keeps SQLite from driving by the set), stopping after a page —
 * best when matches are dense. listDevices picks by the filter's count.
 */
export type SetPlan = "drive" | "probe";
export const DENSE_MATCHES = 2000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const column = (name: string) => sql.raw(`"s"."${name}"`);

/**
 * Devices whose name (or machine id) contains the text: read from the index (space_uuid, name,
 * machine_id) alone, as row ids.
 */
const rowsMatching = (ctx: ReadCtx, text: string, withMachineId: boolean) =>
  sql`select "s".rowid from ${d} as "s" where "s"."space_uuid" = ${ctx.space.space_uuid} and (${contains(column("name"), text)}${
    withMachineId ? sql` or ${contains(column("machine_id"), text)}` : sql``
  })`;

const inSet = (plan: SetPlan, key: SQL, set: SQL) =>
  plan === "probe" ? sql`+${key} in (${set})` : sql`${key} in (${set})`;
const rowid = sql`${d}.rowid`;

/**
 * The WHERE of the device list, export and count. Every equality filter is served by an index
 * (space_uuid, <filter>, online, uuid) or (space_uuid, location_uuid, …); search and name are
 * "contains" over name (and machine id), read from an index without visiting rows; a full uuid
 * as search finds that device. tag_uuid reads device_tag(tag_uuid, device_uuid).
 */
export function deviceWhere(ctx: ReadCtx, q: DeviceFilters, plan: SetPlan = "drive"): SQL | undefined {
  // With a location, its index (a location's few devices) drives the query: the other equality
  // filters are checked on those rows (`+` keeps SQLite from walking a status index instead).
  const is = (column: SQLiteColumn, value: string | number) =>
    q.location_uuid ? sql`+${column} = ${value}` : sql`${column} = ${value}`;
  const when = <T>(value: T | undefined, make: (v: T) => SQL | undefined) =>
    value === undefined || value === "" ? undefined : make(value);
  return inSpace(
    ctx,
    d,
    when(q.search, (s) =>
      UUID.test(s) ? eq(d.uuid, s.toLowerCase()) : inSet(plan, rowid, rowsMatching(ctx, s, true)),
    ),
    when(q.name, (s) => inSet(plan, rowid, rowsMatching(ctx, s, false))),
    when(q.location_uuid, (uuid) => eq(d.location_uuid, uuid)),
    when(q.device_type_uuid, (uuid) => is(d.device_type_uuid, uuid)),
    when(q.connected_status, (status) => is(d.connected_status, status)),
    when(q.online, (online) => is(d.online, online ? 1 : 0)),
    when(q.enabled, (enabled) => is(d.enabled, enabled ? 1 : 0)),
    when(q.vision_enabled, (state) => is(d.vision_enabled, state)),
    when(q.tag_uuid, (uuid) =>
      inSet(
        plan,
        sql`${d.uuid}`,
        sql`select ${deviceTagTable.device_uuid} from ${deviceTagTable} where ${inSpace(
          ctx,
          deviceTagTable,
          eq(deviceTagTable.tag_uuid, uuid),
        )}`,
      ),
    ),
  );
}

export const countDevices = (ctx: ReadCtx, where: SQL | undefined) =>
  ctx.db
    .select({ total: count() })
    .from(d)
    .where(where)
    .then(([row]) => row?.total ?? 0);

/**
 * The list's WHERE and its count. With a set filter the count comes first and picks the plan
 * (few matches: drive; many: probe); otherwise both run at once. A count already known (carried
 * by a list cursor) is not read again.
 */
export async function planDeviceWhere(ctx: ReadCtx, q: DeviceFilters, known?: number) {
  const hasSet = Boolean(q.tag_uuid || q.name || (q.search && !UUID.test(q.search)));
  if (known !== undefined) {
    return {
      where: deviceWhere(ctx, q, hasSet && known > DENSE_MATCHES ? "probe" : "drive"),
      total: Promise.resolve(known),
    };
  }
  if (!hasSet) {
    const where = deviceWhere(ctx, q);
    return { where, total: countDevices(ctx, where) };
  }
  const total = await countDevices(ctx, deviceWhere(ctx, q, "drive"));
  return { where: deviceWhere(ctx, q, total > DENSE_MATCHES ? "probe" : "drive"), total: Promise.resolve(total) };
}

/**
 * The sort keys (each with an index (space_uuid, key, uuid); last_seen also (space_uuid, online,
 * last_seen, uuid) for the online filter). installation_date, last_seen and combined_status may
 * be null: NULL sorts first ascending and last descending.
 */
export const ORDER_COLUMNS = {
  online: { column: d.online, nullable: false },
  created_at: { column: d.created_at, nullable: false },
  installation_date: { column: d.installation_date, nullable: true },
  updated_at: { column: d.updated_at, nullable: false },
  last_seen: { column: d.last_seen, nullable: true },
  combined_status: { column: d.combined_status, nullable: true },
} as const;

export const parseOrdering = (ordering: DeviceOrdering) => ({
  key: ordering.replace(/^-/, "") as DeviceOrderKey,
  descending: ordering.startsWith("-"),
});

/**
 * The sort key and the uuid tiebreaker as SQL terms. With a location filter both are `+`-wrapped:
 * SQLite then reads the location's rows by (space_uuid, location_uuid, …) and sorts those few,
 * instead of walking a whole ordering index looking for them (it has no statistics to tell).
 */
export function orderTerms(key: DeviceOrderKey, byLocation: boolean) {
  const { column, nullable } = ORDER_COLUMNS[key];
  const term = (c: SQLiteColumn) => (byLocation ? sql`+${c}` : sql`${c}`);
  return { key: term(column), uuid: term(d.uuid), nullable };
}
