// The device list's fast path: D1's own rows past drizzle's mapping, with each page's extras in the same statement.
import { Column, is, type SQLWrapper, sql } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import type { TagRef } from "../../../contracts/tags/schema.ts";
import {
  deviceTagTable,
  displayTable,
  locationTable,
  peripheralTable,
  tagTable,
  workingTimeTable,
} from "../../../drizzle/schema/index.ts";
import { type DeviceListRow, deviceListFields, type ReadCtx } from "./rows.ts";

/*
 * Why this module exists: a device list page is read on every visit, filter and scroll, and two
 * costs dominated it — drizzle mapping each row field by field, and a second D1 round trip for
 * the page's tags, attached counts and schedules. Here a page is one D1 statement (or one batch
 * with its count) whose row objects are used as they come.
 *
 * Its invariants, which tests/api/rows-d1.test.ts checks against drizzle's own mapping:
 * - Every column of a selection is named as its field (joined names by an alias), so D1's row
 *   object has the fields drizzle would produce; only columns whose stored value differs from
 *   the field (booleans as 0/1, JSON as text) are mapped, by their own column's mapping, and
 *   mappedFields finds them from the schema (a new boolean or JSON column needs no change here).
 *   A column with another mapping (e.g. a timestamp mode) would have to be added to mappedFields.
 * - The extras' SQL is rendered once per isolate around a sentinel and split on it: the sentinel
 *   holds a NUL, which drizzle never renders (values are bound as parameters), so the split is
 *   exact. Its placeholders bind the space; the rows' own parameters follow them.
 * - The extras never ride on the row (a reply parsed by its schema would drop or leak them):
 *   they sit in a WeakMap keyed by the row object, read through carriedExtras. A row copied or
 *   made elsewhere has none, and toDevices then reads them in one batch instead.
 */

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
 * withExtras' SQL around the rows' query, rendered once per isolate (it never changes, and
 * rendering costs CPU on every page): the text before the rows' query, which binds the space
 * `spaces` times, and the text after it.
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
export type HoursJson = [string, number, number, [string | null, string, string, string][]];

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
 * Runs a query selecting deviceListFields past drizzle's row mapping: every column
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

/** The tags, attached count and schedule a row read by listRows carries, or undefined for any other row. */
export const carriedExtras = (row: object) => EXTRAS.get(row);
