import { Column, count, eq, is, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import type { Device } from "../../../contracts/device.ts";
import type { TagRef } from "../../../contracts/tag.ts";
import type { Weekday } from "../../../contracts/working-time.ts";
import {
  deviceTable as d,
  deviceCategoryTable,
  deviceTagTable,
  deviceTypeTable,
  displayTable,
  locationTable,
  peripheralTable,
  tagTable,
  workingTimeTable,
} from "../../../drizzle/schema/index.ts";
import type { SpaceCtx } from "../../env.ts";
import { inList, inSpace } from "../kernel/scope.ts";
import { expectedOnlineAt, expectedOnlineFrom, expectedOnlineQuery } from "../monitoring/expected-online.ts";
import { tagsByOwner, tagsQuery } from "../spaces/tags.ts";

/** Reads need only the db and the space. */
export type ReadCtx = Pick<SpaceCtx, "db" | "space">;

/**
 * The stored and joined columns of a listed device (tags and total_number are added per page).
 * Every result column is named as its field (the joined ones by an alias): D1's row objects are
 * then listed devices but for their booleans (listRows), and in a D1 batch, where rows come back
 * as objects, four columns called "name" are not one.
 */
export const deviceListFields = {
  uuid: d.uuid,
  space_uuid: d.space_uuid,
  name: d.name,
  description: d.description,
  device_type_uuid: d.device_type_uuid,
  device_type_name: sql<string>`${deviceTypeTable.name}`.as("device_type_name"),
  device_type_shorthand: sql<string>`${deviceTypeTable.shorthand}`.as("device_type_shorthand"),
  device_category_uuid: d.device_category_uuid,
  device_category_name: sql<string>`${deviceCategoryTable.name}`.as("device_category_name"),
  device_class: d.device_class,
  connected_status: d.connected_status,
  online: d.online,
  enabled: d.enabled,
  debug_mode: d.debug_mode,
  vision_enabled: d.vision_enabled,
  demo_mode: d.demo_mode,
  location_uuid: d.location_uuid,
  location_name: sql<string | null>`${locationTable.name}`.as("location_name"),
  created_at: d.created_at,
  installed_at: d.installed_at,
  updated_at: d.updated_at,
  last_seen: d.last_seen,
  online_since: d.online_since,
  installation_date: d.installation_date,
  combined_status: d.combined_status,
  /** The sort key of ?ordering=combined_status (not a field of the reply). */
  problem_rank: d.problem_rank,
};

/** The joins of a device's names, by primary key: `.innerJoin(...deviceTypeJoin)` and so on. */
export const deviceTypeJoin = [deviceTypeTable, eq(deviceTypeTable.uuid, d.device_type_uuid)] as const;
export const deviceCategoryJoin = [deviceCategoryTable, eq(deviceCategoryTable.uuid, d.device_category_uuid)] as const;
export const deviceLocationJoin = [locationTable, eq(locationTable.uuid, d.location_uuid)] as const;

/**
 * Listed devices: device joined with its type, category and location, all by primary key, so
 * SQLite walks the device index that serves the ordering and looks the names up per row.
 */
export const deviceRows = (ctx: ReadCtx, where: SQL | undefined) =>
  ctx.db
    .select(deviceListFields)
    .from(d)
    .innerJoin(...deviceTypeJoin)
    .innerJoin(...deviceCategoryJoin)
    .leftJoin(...deviceLocationJoin)
    .where(where)
    .$dynamic();
export type DeviceListRow = Awaited<ReturnType<typeof deviceRows>>[number];

/** A selection's fields whose stored value is not the field's (booleans kept as 0/1, JSON as text). */
export type MappedFields = readonly (readonly [field: string, column: Column])[];

/** The fields of a selection that need their column's mapping from D1's values, read from the schema. */
export function mappedFields(fields: Record<string, unknown>): MappedFields {
  return Object.entries(fields).flatMap(([field, column]) =>
    is(column, Column) && (column.dataType === "boolean" || column.dataType === "json")
      ? [[field, column] as const]
      : [],
  );
}

const LIST_MAPPED = mappedFields(deviceListFields);

type Query = SQLWrapper & { toSQL(): { sql: string; params: unknown[] } };

/** The request's D1 session (or D1 itself), under drizzle. */
const d1Of = (ctx: ReadCtx) => ctx.db.$client as D1Database;

const dialect = new SQLiteAsyncDialect();

/** A drizzle query as D1's own statement, run or batched without drizzle's mapping. */
function plain(ctx: ReadCtx, query: Query) {
  const { sql: text, params } = query.toSQL();
  return d1Of(ctx)
    .prepare(text)
    .bind(...params);
}

/**
 * A query of deviceListFields with what toDevices adds to each row, computed by the same statement
 * for the rows it returns: the device's tags (by name), its peripherals + displays, and its
 * location's schedule (timezone, flags, its own and the space's working-time entries), so a page
 * is one D1 round trip instead of two. The rows' query is a subquery of its own (its
 * ORDER BY, LIMIT and OFFSET run first; the extras are looked up per returned row by index, not
 * per sorted candidate), and its rows come out in its order.
 */
function withExtras(ctx: ReadCtx, rows: Query) {
  const { head, spaces, tail } = extrasSql();
  const inner = rows.toSQL();
  return d1Of(ctx)
    .prepare(head + inner.sql + tail)
    .bind(...new Array<string>(spaces).fill(ctx.space.space_uuid), ...inner.params);
}

const INNER = "\u0000rows\u0000";
let extrasText: { head: string; spaces: number; tail: string } | undefined;

/**
 * withExtras' SQL around the rows' query, rendered once per isolate (rendering it per request was
 * ≈ 15 % of a cursor page's CPU in a profile): the text before the rows' query, which binds the
 * space `spaces` times, and the text after it.
 */
function extrasSql() {
  if (extrasText) return extrasText;
  const space = sql.placeholder("space");
  const dt = deviceTagTable;
  const w = workingTimeTable;
  const l = locationTable;
  const counted = (t: typeof peripheralTable | typeof displayTable) =>
    sql`(SELECT count(*) FROM ${t} WHERE ${t.space_uuid} = ${space} AND ${t.device_uuid} = "page"."uuid")`;
  const query = sql`SELECT "page".*,
  (SELECT json_group_array(json_object('uuid', "uuid", 'name', "name")) FROM (
    SELECT ${tagTable.uuid} AS "uuid", ${tagTable.name} AS "name" FROM ${dt}
    INNER JOIN ${tagTable} ON ${tagTable.uuid} = ${dt.tag_uuid}
    WHERE ${dt.space_uuid} = ${space} AND ${dt.device_uuid} = "page"."uuid" ORDER BY ${tagTable.name})) AS "page_tags",
  ${counted(peripheralTable)} + ${counted(displayTable)} AS "page_attached",
  (SELECT json_array(${l.timezone}, ${l.global_timezone_enabled}, ${l.global_working_time_enabled}, json((
    SELECT json_group_array(json_array(${w.location_uuid}, ${w.day}, ${w.start}, ${w.end})) FROM ${w}
    WHERE ${w.space_uuid} = ${space} AND (${w.location_uuid} = ${l.uuid} OR ${w.location_uuid} IS NULL))))
    FROM ${l} WHERE ${l.space_uuid} = ${space} AND ${l.uuid} = "page"."location_uuid") AS "page_hours"
FROM (${sql.raw(INNER)}) AS "page"`;
  const { sql: text, params } = dialect.sqlToQuery(query);
  const [head, tail] = text.split(INNER);
  extrasText = { head, spaces: params.length, tail };
  return extrasText;
}

/** The tags, attached count and schedule a withExtras row carries (JSON text from SQLite). */
type Extras = { page_tags: string; page_attached: number; page_hours: string | null };
type HoursJson = [string, number, number, [string | null, string, string, string][]];

/** What toDevices adds to a row, read from the row itself (withExtras) instead of another batch. */
const EXTRAS = new WeakMap<object, { tags: TagRef[]; attached: number; hours: HoursJson | null }>();

/** D1's row objects of a deviceListFields query as listed devices (their extras put aside). */
function listRowsFrom<R>(results: readonly Record<string, unknown>[], mapped: MappedFields): R[] {
  return results.map((result) => {
    let row = result;
    if ("page_tags" in result) {
      // A new object without them (deleting properties would leave V8 a slow, dictionary-mode object).
      const { page_tags, page_attached, page_hours, ...rest } = result as Record<string, unknown> & Extras;
      row = rest;
      EXTRAS.set(row, {
        tags: JSON.parse(page_tags) as TagRef[],
        attached: Number(page_attached),
        hours: page_hours ? (JSON.parse(page_hours) as HoursJson) : null,
      });
    }
    for (const [key, column] of mapped) if (row[key] !== null) row[key] = column.mapFromDriverValue(row[key]);
    return row as unknown as R;
  });
}

/**
 * Runs a query selecting deviceListFields past drizzle's row mapping (mapping a page's
 * 36 rows × 25 columns field by field was ≈ 17 % of a first page's CPU in a profile): every column
 * is named as its field, so D1's objects are the rows once their booleans are booleans. With
 * `extras`, the rows carry their tags, attached count and schedule (withExtras) for toDevices:
 * a page's few rows are cheaper that way; the export's batches of thousands are not (per-row
 * lookups instead of one IN list per table), so it leaves them to toDevices' batch.
 */
export async function listRows(ctx: ReadCtx, query: Query, extras = true): Promise<DeviceListRow[]> {
  const statement = extras ? withExtras(ctx, query) : plain(ctx, query);
  const { results } = await statement.all<Record<string, unknown>>();
  return listRowsFrom(results, LIST_MAPPED);
}

/**
 * listRows, with a count query (one row, its column named "total") in the same D1 batch: one
 * round trip for a numbered page, its extras and the list's count. A query selecting more than
 * deviceListFields (every field named as itself) passes its own `mapped` (mappedFields).
 */
export async function listRowsCounted<R extends DeviceListRow = DeviceListRow>(
  ctx: ReadCtx,
  query: Query,
  countQuery: Query,
  mapped: MappedFields = LIST_MAPPED,
): Promise<{ rows: R[]; total: number }> {
  const [counted, rows] = await d1Of(ctx).batch<Record<string, unknown>>([
    plain(ctx, countQuery),
    withExtras(ctx, query),
  ]);
  return { rows: listRowsFrom<R>(rows.results, mapped), total: Number(counted.results[0]?.total ?? 0) };
}

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
    const hours = EXTRAS.get(row)?.hours;
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
  if (rows.every((row) => EXTRAS.has(row))) {
    const extras = (row: R) => EXTRAS.get(row) ?? { tags: [], attached: 0 };
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
