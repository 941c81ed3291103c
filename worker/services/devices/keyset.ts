import { and, asc, desc, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { DeviceOrdering } from "../../../contracts/device.ts";
import { base64Url } from "../../lib/crypto.ts";
import { ApiError } from "../../lib/errors.ts";
import { ORDER_COLUMNS, orderTerms, parseOrdering } from "./filters.ts";
import { type DeviceListRow, deviceRows, type ReadCtx } from "./rows.ts";

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
  return parsed;
}

/** The raw SQL value of a row's sort key (booleans are stored as 0/1). */
export function keyValueOf(row: DeviceListRow, ordering: DeviceOrdering): KeyValue {
  const { key } = parseOrdering(ordering);
  if (key === "online") return row.online ? 1 : 0;
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
    after: { v: KeyValue; u: string } | null;
    limit: number;
    byLocation: boolean;
  },
): Promise<DeviceListRow[]> {
  const { key: column, uuid, nullable } = orderTerms(parseOrdering(q.ordering).key, q.byLocation);
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
    const page = await deviceRows(ctx, and(q.where, condition))
      .orderBy(dir(column), dir(uuid))
      .limit(limit - rows.length);
    rows.push(...page);
  }
  return rows;
}
