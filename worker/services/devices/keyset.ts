import { and, asc, desc, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { DeviceOrdering } from "../../../contracts/devices/schema.ts";
import { deviceTable as d, locationTable } from "../../../drizzle/schema/index.ts";
import { base64Url } from "../../lib/crypto.ts";
import { ApiError } from "../../lib/errors.ts";
import { listRows } from "./d1-rows.ts";
import { GROUPED_ORDERS, type GroupedKey, isGrouped, ORDER_COLUMNS, orderTerms, parseOrdering } from "./filters.ts";
import {
  type DeviceListRow,
  deviceCategoryJoin,
  deviceListFields,
  deviceLocationJoin,
  deviceRows,
  deviceTypeJoin,
  type ReadCtx,
} from "./rows.ts";

/**
 * Keyset ("seek") paging of the device list: a page starts right after (or, going back, right
 * before) the sort key and uuid of a row, so a deep page costs what the first one does (no
 * OFFSET), and rows inserted or deleted meanwhile never shift a page into duplicates or gaps.
 */
type KeyValue = string | number | null;
const CursorShape = z.object({
  /** The ordering the cursor belongs to. */
  o: DeviceOrdering,
  /** Sort key and uuid of the boundary row. */
  v: z.union([z.string(), z.number(), z.null()]),
  u: z.string(),
  /** Orderings by a joined name (GROUPED_ORDERS): the uuid of the boundary row's type or location. */
  g: z.string().nullable().optional(),
  /** true: the page before the boundary row. */
  b: z.boolean(),
  /** The number of the page the cursor leads to (for links and pages). */
  p: z.number().int().min(1),
  /**
   * objects_count as counted for the page that made the link, when (epoch seconds), and for which
   * space and filters (a fingerprint): the next pages reuse it for a while instead of counting.
   */
  c: z.number().int().min(0).optional(),
  t: z.number().int().optional(),
  f: z.string().max(16).optional(),
});
export type Cursor = z.infer<typeof CursorShape>;

export const encodeCursor = (cursor: Cursor) => base64Url(new TextEncoder().encode(JSON.stringify(cursor)));

const invalidCursor = () =>
  new ApiError("validation_error", "There are validation errors.", { cursor: ["Invalid cursor."] });

export function decodeCursor(raw: string, ordering: DeviceOrdering): Cursor {
  let parsed: Cursor;
  try {
    const text = atob(raw.replaceAll("-", "+").replaceAll("_", "/"));
    parsed = CursorShape.parse(JSON.parse(new TextDecoder().decode(Uint8Array.from(text, (ch) => ch.charCodeAt(0)))));
  } catch {
    throw invalidCursor();
  }
  const { key } = parseOrdering(ordering);
  if (parsed.o !== ordering || (parsed.v === null && !ORDER_COLUMNS[key].nullable)) throw invalidCursor();
  // A joined-name ordering's cursor names the group (null: the devices without one).
  if (isGrouped(key) && (parsed.g === undefined || (parsed.g === null) !== (parsed.v === null))) throw invalidCursor();
  return parsed;
}

/** The uuid of the type or location a row is grouped under by a joined-name ordering (else undefined). */
export function groupOf(row: DeviceListRow, ordering: DeviceOrdering): string | null | undefined {
  const { key } = parseOrdering(ordering);
  if (key === "location_name") return row.location_uuid;
  if (key === "device_type_name") return row.device_type_uuid;
  return undefined;
}

/** Where a page starts: the sort key, group (joined-name orderings) and uuid of a boundary row. */
export type After = { v: KeyValue; u: string; g?: string | null };
export const afterRow = (row: DeviceListRow, ordering: DeviceOrdering): After => ({
  v: keyValueOf(row, ordering),
  u: row.uuid,
  g: groupOf(row, ordering),
});

/** The raw SQL value of a row's sort key (booleans are stored as 0/1). */
export function keyValueOf(row: DeviceListRow, ordering: DeviceOrdering): KeyValue {
  const { key } = parseOrdering(ordering);
  if (key === "online") return row.online ? 1 : 0;
  if (key === "combined_status") return row.problem_rank;
  return row[key] ?? null;
}

type Segment = "value" | "null";

/**
 * Fetches up to `limit` rows in the traversal direction (`descending`) after `after`. SQLite sorts
 * NULL first ascending and last descending; a nullable key is read as two index ranges (its NULL
 * rows, ordered by uuid, and its values), each one a seek on (space_uuid, key, uuid). With a
 * location filter the terms are `+`-wrapped (see orderTerms): the location's rows are sorted.
 */
export async function seek(
  ctx: ReadCtx,
  q: {
    where: SQL | undefined;
    ordering: DeviceOrdering;
    descending: boolean;
    after: After | null;
    limit: number;
    byLocation: boolean;
    /** The filtered rows are few (planDeviceWhere's `few`): a joined-name ordering sorts them. */
    few?: boolean;
    /** Read each row's tags, totals and schedule with it (listRows); default true. */
    extras?: boolean;
  },
): Promise<DeviceListRow[]> {
  const orderKey = parseOrdering(q.ordering).key;
  if (isGrouped(orderKey)) return seekGrouped(ctx, { ...q, key: orderKey, few: q.few ?? q.byLocation });
  const { key: column, uuid, nullable } = orderTerms(orderKey, q.byLocation);
  const { after, limit } = q;
  const segments: Segment[] = nullable ? (q.descending ? ["value", "null"] : ["null", "value"]) : ["value"];
  const first = after ? segments.indexOf(after.v === null ? "null" : "value") : 0;
  const cmp = q.descending ? sql.raw("<") : sql.raw(">");
  const dir = q.descending ? desc : asc;
  const rows: DeviceListRow[] = [];
  for (let i = first; i < segments.length && rows.length < limit; i++) {
    const bounded = after && i === first;
    let condition: SQL | undefined;
    if (segments[i] === "null") {
      condition = and(sql`${column} is null`, bounded ? sql`${uuid} ${cmp} ${after.u}` : undefined);
    } else if (bounded) {
      condition = sql`(${column}, ${uuid}) ${cmp} (${after.v}, ${after.u})`;
    } else {
      condition = nullable ? sql`${column} is not null` : undefined;
    }
    const page = await listRows(
      ctx,
      deviceRows(ctx, and(q.where, condition))
        .orderBy(dir(column), dir(uuid))
        .limit(limit - rows.length),
      q.extras,
    );
    rows.push(...page);
  }
  return rows;
}

type GroupSegment = "null" | "rest" | "groups";

/**
 * seek for an ordering by a joined name (device_type_name, location_name): rows in (name, its
 * uuid, device uuid) order, read as up to three ranges: the rest of the boundary row's group
 * (index (space_uuid, <ref>, uuid)), the groups after it, and (locations) the devices without
 * one, which come first ascending and last descending. The groups after are read by walking the
 * named table's (name, uuid) index with each entry's devices inside it (CROSS JOIN keeps that
 * loop order, so no sort happens and a page stops after `limit` rows); when the rows are `few`
 * (a location or a sparse set filter) SQLite reads them and sorts them instead.
 */
async function seekGrouped(
  ctx: ReadCtx,
  q: {
    where: SQL | undefined;
    key: GroupedKey;
    descending: boolean;
    after: After | null;
    limit: number;
    few: boolean;
    extras?: boolean;
  },
): Promise<DeviceListRow[]> {
  const group = GROUPED_ORDERS[q.key];
  const nullable = q.key === "location_name";
  const dir = q.descending ? desc : asc;
  const cmp = q.descending ? sql.raw("<") : sql.raw(">");
  const { after } = q;
  let segments: GroupSegment[];
  if (!after) segments = q.descending ? ["groups", "null"] : ["null", "groups"];
  else if (after.g === null || after.g === undefined) segments = q.descending ? ["null"] : ["null", "groups"];
  else segments = q.descending ? ["rest", "groups", "null"] : ["rest", "groups"];
  if (!nullable) segments = segments.filter((s) => s !== "null");
  const rows: DeviceListRow[] = [];
  for (const segment of segments) {
    const limit = q.limit - rows.length;
    if (limit <= 0) break;
    if (segment === "null") {
      const bounded = after && after.g === null ? sql`${d.uuid} ${cmp} ${after.u}` : undefined;
      rows.push(
        ...(await listRows(
          ctx,
          deviceRows(ctx, and(q.where, isNull(group.ref), bounded))
            .orderBy(dir(d.uuid))
            .limit(limit),
          q.extras,
        )),
      );
    } else if (segment === "rest" && after?.g) {
      rows.push(
        ...(await listRows(
          ctx,
          deviceRows(ctx, and(q.where, eq(group.ref, after.g), sql`${d.uuid} ${cmp} ${after.u}`))
            .orderBy(dir(d.uuid))
            .limit(limit),
          q.extras,
        )),
      );
    } else if (segment === "groups") {
      const past = after?.g ? sql`(${group.name}, ${group.uuid}) ${cmp} (${after.v}, ${after.g})` : undefined;
      const order = [dir(group.name), dir(group.uuid), dir(d.uuid)];
      if (q.few) {
        rows.push(
          ...(await listRows(
            ctx,
            deviceRows(ctx, and(q.where, isNotNull(group.ref), past))
              .orderBy(...order)
              .limit(limit),
            q.extras,
          )),
        );
      } else {
        rows.push(
          ...(await listRows(
            ctx,
            walkGroups(ctx, q.key, and(q.where, past))
              .orderBy(...order)
              .limit(limit),
            q.extras,
          )),
        );
      }
    }
  }
  return rows;
}

/**
 * The listed devices read group by group: `FROM <location | device_type> CROSS JOIN device`,
 * so SQLite's outer loop walks the named table's (name, uuid) index and the inner one each
 * entry's devices by (space_uuid, <ref>, uuid).
 */
function walkGroups(ctx: ReadCtx, key: GroupedKey, where: SQL | undefined) {
  if (key === "location_name") {
    return ctx.db
      .select(deviceListFields)
      .from(locationTable)
      .crossJoin(d)
      .innerJoin(...deviceTypeJoin)
      .innerJoin(...deviceCategoryJoin)
      .where(
        and(
          eq(locationTable.space_uuid, ctx.space.space_uuid),
          eq(d.space_uuid, locationTable.space_uuid),
          eq(d.location_uuid, locationTable.uuid),
          where,
        ),
      )
      .$dynamic();
  }
  const { table } = GROUPED_ORDERS.device_type_name;
  return ctx.db
    .select(deviceListFields)
    .from(table)
    .crossJoin(d)
    .innerJoin(...deviceCategoryJoin)
    .leftJoin(...deviceLocationJoin)
    .where(and(eq(d.space_uuid, ctx.space.space_uuid), eq(d.device_type_uuid, table.uuid), where))
    .$dynamic();
}
