import { Column, count, eq, is, type SQL, sql } from "drizzle-orm";
import type { Device } from "../../../contracts/device.ts";
import {
  deviceTable as d,
  deviceCategoryTable,
  deviceTagTable,
  deviceTypeTable,
  displayTable,
  locationTable,
  peripheralTable,
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

/** The boolean columns of deviceListFields (SQLite keeps 0 and 1), read from the schema. */
const LIST_BOOLEANS = Object.entries(deviceListFields).flatMap(([field, column]) =>
  is(column, Column) && column.dataType === "boolean" ? [field] : [],
);

type Query = { toSQL(): { sql: string; params: unknown[] } };

/** The request's D1 session (or D1 itself), under drizzle. */
const d1Of = (ctx: ReadCtx) => ctx.db.$client as D1Database;

/** A drizzle query as D1's own statement, run or batched without drizzle's mapping. */
function asD1Statement(ctx: ReadCtx, query: Query) {
  const { sql: text, params } = query.toSQL();
  return d1Of(ctx)
    .prepare(text)
    .bind(...params);
}

/** D1's row objects of a deviceListFields query as listed devices. */
function listRowsFrom(results: readonly Record<string, unknown>[]): DeviceListRow[] {
  return results.map((row) => {
    for (const key of LIST_BOOLEANS) row[key] = row[key] === 1 || row[key] === true;
    return row as unknown as DeviceListRow;
  });
}

/**
 * Runs a query selecting deviceListFields past drizzle's row mapping (issue 19: mapping a page's
 * 36 rows × 25 columns field by field was ≈ 17 % of a first page's CPU in a profile): every column
 * is named as its field, so D1's objects are the rows once their booleans are booleans.
 */
export async function listRows(ctx: ReadCtx, query: Query): Promise<DeviceListRow[]> {
  const { results } = await asD1Statement(ctx, query).all<Record<string, unknown>>();
  return listRowsFrom(results);
}

/**
 * listRows, with a count query (one row, its column named "total") in the same D1 batch: one
 * round trip for a numbered page and the list's count.
 */
export async function listRowsCounted(
  ctx: ReadCtx,
  query: Query,
  countQuery: Query,
): Promise<{ rows: DeviceListRow[]; total: number }> {
  const [counted, rows] = await d1Of(ctx).batch<Record<string, unknown>>([
    asD1Statement(ctx, countQuery),
    asD1Statement(ctx, query),
  ]);
  return { rows: listRowsFrom(rows.results), total: Number(counted.results[0]?.total ?? 0) };
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

/**
 * Rows → devices: tags, peripheral/display totals and whether each location's working hours
 * cover now (expected_online) — one D1 batch (one round trip) for the whole page.
 */
export async function toDevices<R extends DeviceListRow>(ctx: ReadCtx, rows: readonly R[]): Promise<(R & Device)[]> {
  if (rows.length === 0) return [];
  const uuids = rows.map((r) => r.uuid);
  const locations = [...new Set(rows.flatMap((r) => (r.location_uuid ? [r.location_uuid] : [])))];
  const [tagRows, peripherals, displays, schedules] = await ctx.db.batch([
    tagsQuery(ctx, deviceTagTable, uuids),
    ...attachedQueries(ctx, uuids),
    expectedOnlineQuery(ctx, locations),
  ]);
  const tags = tagsByOwner(tagRows);
  const totals = attachedFrom(peripherals, displays);
  const hours = expectedOnlineFrom(ctx, schedules);
  return rows.map((row) => {
    const own = tags.get(row.uuid) ?? [];
    return {
      ...row,
      space_name: ctx.space.space_name,
      tags: own,
      tag_uuids: own.map((t) => t.uuid),
      total_number: totals.get(row.uuid) ?? 0,
      expected_online: expectedOnlineAt(hours, row.location_uuid),
    };
  });
}
