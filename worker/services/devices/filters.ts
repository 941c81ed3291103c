import { count, eq, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import {
  type DeviceListQuery,
  type DeviceOrdering,
  type DeviceOrderKey,
  filterValues,
} from "../../../contracts/devices/schema.ts";
import { deviceTable as d, deviceTagTable, deviceTypeTable, locationTable } from "../../../drizzle/schema/index.ts";
import { contains, inList, inSpace } from "../kernel/scope.ts";
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

/** The trigram index needs three characters; a shorter search is a contains over name and machine id. */
export const FTS_MIN_CHARS = 3;
/**
 * The search text as one FTS5 phrase: with the trigram tokenizer, "contains this text" (any case).
 * Queries refuse control characters (contracts/http/text.ts searchText); a NUL that arrives another way
 * (a stored filter) is dropped here, since FTS5 reads it as the end of the string.
 */
const ftsPhrase = (text: string) => `"${text.replaceAll("\u0000", "").replaceAll('"', '""')}"`;

/** A MAC address or part of one written with dashes (aa-bb-cc), as Windows prints it. */
const DASHED_MAC = /^[0-9a-f]{2}(?:-[0-9a-f]{2})+-?$/i;

/**
 * The search text as an FTS5 query: each word must be contained somewhere in the device's row
 * (name, location, tags…), in any order, so "kiosk zagreb" finds Zagreb's kiosks. A dashed MAC
 * is also searched without its dashes (the index holds each MAC as reported and bare; the
 * dashed text itself may be part of a uuid or machine id). A word shorter
 * than the trigram's three characters cannot be looked up alone: then the whole text must be
 * contained as it was typed.
 */
export function ftsQuery(text: string): string {
  const words = text.split(/\s+/).filter(Boolean);
  const short = words.some((word) => [...word].length < FTS_MIN_CHARS);
  const terms = words
    .filter((word) => [...word].length >= FTS_MIN_CHARS)
    .map((word) =>
      DASHED_MAC.test(word) ? `(${ftsPhrase(word)} OR ${ftsPhrase(word.replaceAll("-", ""))})` : ftsPhrase(word),
    );
  if (short || terms.length === 0) terms.push(ftsPhrase(text));
  return [...new Set(terms)].join(" AND ");
}

/**
 * Devices of the space whose name, description, machine id, uuid, IP or MAC addresses, location
 * name or tag names contain the text: the FTS5 table device_search (trigram tokenizer; its rowid
 * is the device's rowid, kept in step by triggers, see drizzle/migrations …_device_search.sql).
 */
const rowsSearched = (ctx: ReadCtx, text: string) =>
  sql`select rowid from device_search where device_search match ${ftsQuery(text)} and space_uuid = ${ctx.space.space_uuid}`;

/** The search's row set: the FTS index from three characters on, today's contains below that. */
const searchRows = (ctx: ReadCtx, text: string) =>
  [...text].length >= FTS_MIN_CHARS ? rowsSearched(ctx, text) : rowsMatching(ctx, text, true);

const inSet = (plan: SetPlan, key: SQL, set: SQL) =>
  plan === "probe" ? sql`+${key} in (${set})` : sql`${key} in (${set})`;
const rowid = sql`${d}.rowid`;

/**
 * The WHERE of the device list, export and count. Every equality filter is served by an index
 * (space_uuid, <filter>, online, uuid) or (space_uuid, location_uuid, …); location, type, status
 * and tag take several values (any of them). search reads the FTS index device_search (name,
 * description, machine id, uuid, addresses, location and tag names; see searchRows); name is
 * "contains" over the name, read from an index without visiting rows; a full uuid as search
 * finds that device. tag_uuid reads device_tag(tag_uuid, device_uuid).
 */
export function deviceWhere(ctx: ReadCtx, q: DeviceFilters, plan: SetPlan = "drive"): SQL | undefined {
  const locations = filterValues(q.location_uuid);
  // With a location, its index (a location's few devices) drives the query: the other equality
  // filters are checked on those rows (`+` keeps SQLite from walking a status index instead).
  const byLocation = locations.length > 0;
  const oneOf = (column: SQLiteColumn, values: readonly string[], plus = byLocation) => {
    if (values.length === 0) return undefined;
    const term = plus ? sql`+${column}` : sql`${column}`;
    return values.length === 1
      ? sql`${term} = ${values[0]}`
      : sql`${term} in (select value from json_each(${JSON.stringify(values)}))`;
  };
  const is = (column: SQLiteColumn, value: string | number) =>
    byLocation ? sql`+${column} = ${value}` : sql`${column} = ${value}`;
  const when = <T>(value: T | undefined, make: (v: T) => SQL | undefined) =>
    value === undefined || value === "" ? undefined : make(value);
  const tags = filterValues(q.tag_uuid);
  return inSpace(
    ctx,
    d,
    when(q.search, (s) => (UUID.test(s) ? eq(d.uuid, s.toLowerCase()) : inSet(plan, rowid, searchRows(ctx, s)))),
    when(q.name, (s) => inSet(plan, rowid, rowsMatching(ctx, s, false))),
    oneOf(d.location_uuid, locations, false),
    oneOf(d.device_type_uuid, filterValues(q.device_type_uuid)),
    oneOf(d.connected_status, filterValues(q.connected_status)),
    when(q.online, (online) => is(d.online, online ? 1 : 0)),
    when(q.enabled, (enabled) => is(d.enabled, enabled ? 1 : 0)),
    when(q.vision_enabled, (state) => is(d.vision_enabled, state)),
    tags.length === 0
      ? undefined
      : inSet(
          plan,
          sql`${d.uuid}`,
          sql`select ${deviceTagTable.device_uuid} from ${deviceTagTable} where ${inSpace(
            ctx,
            deviceTagTable,
            tags.length === 1 ? eq(deviceTagTable.tag_uuid, tags[0]) : inList(deviceTagTable.tag_uuid, tags),
          )}`,
        ),
  );
}

/**
 * The number of devices matching `where`, as a query: run alone, or in a D1 batch with a page
 * (named "total", as D1's row objects in a batch are read by name).
 */
export const deviceCountQuery = (ctx: ReadCtx, where: SQL | undefined) =>
  ctx.db
    .select({ total: count().as("total") })
    .from(d)
    .where(where);

export const countDevices = (ctx: ReadCtx, where: SQL | undefined) =>
  deviceCountQuery(ctx, where).then(([row]) => row?.total ?? 0);

/**
 * The list's WHERE, and its count when the plan needs it. With a set filter the count comes first
 * and picks the plan (few matches: drive; many: probe); otherwise `total` is undefined and the
 * caller counts, if it needs to, with the page (the device list: in the same D1 batch). A count
 * already known (carried by a list cursor) is not read again. `few`: the rows are few (a set
 * filter with at most DENSE_MATCHES matches, or a location filter), so SQLite may read them all
 * and sort them.
 */
export async function planDeviceWhere(
  ctx: ReadCtx,
  q: DeviceFilters,
  known?: number,
): Promise<{ where: SQL | undefined; total: number | undefined; few: boolean }> {
  const hasSet = Boolean(filterValues(q.tag_uuid).length || q.name || (q.search && !UUID.test(q.search)));
  const byLocation = filterValues(q.location_uuid).length > 0;
  if (known !== undefined) {
    const dense = hasSet && known > DENSE_MATCHES;
    return {
      where: deviceWhere(ctx, q, dense ? "probe" : "drive"),
      total: known,
      few: byLocation || (hasSet && !dense),
    };
  }
  if (!hasSet) return { where: deviceWhere(ctx, q), total: undefined, few: byLocation };
  const total = await countDevices(ctx, deviceWhere(ctx, q, "drive"));
  const dense = total > DENSE_MATCHES;
  return {
    where: deviceWhere(ctx, q, dense ? "probe" : "drive"),
    total,
    few: byLocation || !dense,
  };
}

/**
 * The sort keys (each with an index (space_uuid, key, uuid); last_seen also (space_uuid, online,
 * last_seen, uuid) for the online filter). installation_date, last_seen, device_class and
 * location_name may be null: NULL sorts first ascending and last descending.
 */
export const ORDER_COLUMNS: Record<DeviceOrderKey, { column: SQLiteColumn; nullable: boolean }> = {
  online: { column: d.online, nullable: false },
  created_at: { column: d.created_at, nullable: false },
  installation_date: { column: d.installation_date, nullable: true },
  updated_at: { column: d.updated_at, nullable: false },
  last_seen: { column: d.last_seen, nullable: true },
  // "Problems first" reads the rank (offline, critical, warning, …, archived), not the code alone.
  combined_status: { column: d.problem_rank, nullable: false },
  name: { column: d.name, nullable: false },
  connected_status: { column: d.connected_status, nullable: false },
  device_type_name: { column: deviceTypeTable.name, nullable: false },
  location_name: { column: locationTable.name, nullable: true },
  device_class: { column: d.device_class, nullable: true },
};

/**
 * The orderings by a joined name (type, location): sorted by (name, its uuid, device uuid), so a
 * page is read by walking the named table's index (name, uuid) and, for each entry, the devices'
 * index (space_uuid, <reference>, uuid) — no sort of the space's devices (see keyset.ts seek).
 * `ref` is the device's column pointing at the named row; `spaceOwned` whether that table has a
 * space_uuid (locations) or is global reference data (device types).
 */
export const GROUPED_ORDERS = {
  device_type_name: {
    name: deviceTypeTable.name,
    uuid: deviceTypeTable.uuid,
    ref: d.device_type_uuid,
    table: deviceTypeTable,
  },
  location_name: { name: locationTable.name, uuid: locationTable.uuid, ref: d.location_uuid, table: locationTable },
} as const;
export type GroupedKey = keyof typeof GROUPED_ORDERS;
export const isGrouped = (key: DeviceOrderKey): key is GroupedKey => key in GROUPED_ORDERS;

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
