import { asc, desc, type SQL } from "drizzle-orm";
import type { DeviceList, DeviceListQuery, DeviceOrdering } from "../../../contracts/devices/schema.ts";
import type { Links } from "../../../contracts/http/paging.ts";
import { deviceTable as d } from "../../../drizzle/schema/index.ts";
import { pageWindow } from "../../lib/paging.ts";
import type { ServiceArgs } from "../kernel/args.ts";
import { listRows, listRowsCounted } from "./d1-rows.ts";
import {
  countDevices,
  type DeviceFilters,
  deviceCountQuery,
  GROUPED_ORDERS,
  isGrouped,
  orderTerms,
  parseOrdering,
  planDeviceWhere,
} from "./filters.ts";
import { type Cursor, decodeCursor, encodeCursor, groupOf, keyValueOf, seek } from "./keyset.ts";
import { type DeviceListRow, deviceRows, type ReadCtx } from "./rows.ts";
import { toDevices } from "./to-devices.ts";

type Input = DeviceListQuery & { url: string };

/** How long a count carried by a cursor is reused by the pages it links to (seconds). */
export const COUNT_REUSE_S = 30;

/** objects_count with when it was counted and for which space and filters (see Cursor c/t/f). */
type Counted = { c: number; t: number; f: string };

/** FNV-1a (32 bits, hex) of the space and the filters: a cursor's count is reused only for the same list. */
function filtersFingerprint(ctx: ReadCtx, q: DeviceFilters) {
  const text = JSON.stringify([
    ctx.space.space_uuid,
    q.search ?? null,
    q.name ?? null,
    q.location_uuid ?? null,
    q.device_type_uuid ?? null,
    q.connected_status ?? null,
    q.online ?? null,
    q.enabled ?? null,
    q.vision_enabled ?? null,
    q.tag_uuid ?? null,
  ]);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16);
}

/** The count a cursor carries, when it is of the same list and young enough to reuse. */
function carriedCount(cursor: Cursor | null, fingerprint: string, now: number): Counted | null {
  if (!cursor || cursor.c === undefined || cursor.t === undefined || cursor.f !== fingerprint) return null;
  const age = now - cursor.t;
  return age >= 0 && age <= COUNT_REUSE_S ? { c: cursor.c, t: cursor.t, f: fingerprint } : null;
}

/**
 * The rows of one page, by cursor (keyset, no OFFSET) or by page number (OFFSET), and the count
 * of the list. A count not known yet (`known` undefined) is read with the page: a numbered page's
 * rows are one query, so both go in one D1 batch (one round trip); a keyset walk may take more
 * than one query, and the count runs alongside it.
 */
async function pageRows(
  ctx: ReadCtx,
  input: Input,
  cursor: Cursor | null,
  where: SQL | undefined,
  known: number | undefined,
  few: boolean,
) {
  const { key, descending } = parseOrdering(input.ordering);
  const size = input.page_size;
  const byLocation = Boolean(input.location_uuid);
  const counting = () => (known === undefined ? countDevices(ctx, where) : Promise.resolve(known));
  if (cursor) {
    const backwards = cursor.b;
    const [total, got] = await Promise.all([
      counting(),
      seek(ctx, {
        where,
        ordering: input.ordering,
        descending: backwards !== descending,
        after: { v: cursor.v, u: cursor.u, g: cursor.g },
        limit: size + 1,
        byLocation,
        few,
      }),
    ]);
    const more = got.length > size;
    const rows = got.slice(0, size);
    if (backwards) rows.reverse();
    return { rows, total, page: cursor.p, hasNext: backwards || more, hasPrev: backwards ? more : cursor.p > 1 };
  }
  const numbered = (rows: DeviceListRow[], total: number) => ({
    rows,
    total,
    page: input.page,
    hasNext: input.page < Math.ceil(total / size),
    hasPrev: input.page > 1,
  });
  const dir = descending ? desc : asc;
  const { limit, offset } = pageWindow(input.page, size);
  if (isGrouped(key) && offset === 0) {
    // A joined-name ordering's first page walks its index (seek); a numbered page sorts (OFFSET).
    const [total, rows] = await Promise.all([
      counting(),
      seek(ctx, { where, ordering: input.ordering, descending, after: null, limit, byLocation, few }),
    ]);
    return numbered(rows, total);
  }
  const terms = orderTerms(key, byLocation);
  const order = isGrouped(key)
    ? [dir(GROUPED_ORDERS[key].name), dir(GROUPED_ORDERS[key].ref), dir(d.uuid)]
    : [dir(terms.key), dir(terms.uuid)];
  const rowsQuery = deviceRows(ctx, where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  if (known !== undefined) return numbered(await listRows(ctx, rowsQuery), known);
  const { rows, total } = await listRowsCounted(ctx, rowsQuery, deviceCountQuery(ctx, where));
  return numbered(rows, total);
}

/**
 * Links to the neighbouring pages: the request URL with the next `page` and a `cursor` that
 * starts after the page's last (or before its first) row, so following links is keyset paging
 * while the page number stays readable. Without rows (a page past the end) previous falls back
 * to the last real page by number.
 */
function links(
  url: string,
  ordering: DeviceOrdering,
  rows: DeviceListRow[],
  p: ReturnType<typeof linkState>,
  counted: Counted,
): Links {
  const link = (cursor: Cursor | null, page: number) => {
    const u = new URL(url);
    u.searchParams.set("page", String(page));
    if (cursor) u.searchParams.set("cursor", encodeCursor(cursor));
    else u.searchParams.delete("cursor");
    return u.toString();
  };
  const boundary = (row: DeviceListRow, b: boolean, page: number): Cursor => ({
    o: ordering,
    v: keyValueOf(row, ordering),
    u: row.uuid,
    g: groupOf(row, ordering),
    b,
    p: page,
    ...counted,
  });
  const first = rows[0];
  const last = rows.at(-1);
  return {
    next: p.hasNext && last ? link(boundary(last, false, p.page + 1), p.page + 1) : null,
    previous: !p.hasPrev
      ? null
      : first
        ? link(boundary(first, true, p.page - 1), p.page - 1)
        : link(null, Math.max(1, Math.min(p.page - 1, p.pages))),
  };
}
const linkState = (page: number, pages: number, hasNext: boolean, hasPrev: boolean) => ({
  page,
  pages,
  hasNext,
  hasPrev,
});

/**
 * GET /space/{space}/device/items/ and /asset/items/: a page of devices in `ordering` (uuid breaks
 * ties), its links, and the count of every device matching the same filters (a covering read of
 * the space's index entries). A page reached by a link's cursor reuses the count its cursor
 * carries for COUNT_REUSE_S seconds after it was counted (same space and filters), so scrolling
 * through a list counts once, not once a page.
 */
export async function listDevices({ ctx, input }: ServiceArgs<Input, ReadCtx>): Promise<DeviceList> {
  const cursor = input.cursor ? decodeCursor(input.cursor, input.ordering) : null;
  const now = Math.floor(Date.now() / 1000);
  const fingerprint = filtersFingerprint(ctx, input);
  const carried = carriedCount(cursor, fingerprint, now);
  const { where, total: known, few } = await planDeviceWhere(ctx, input, carried?.c);
  const { rows, total: objects_count, page, hasNext, hasPrev } = await pageRows(ctx, input, cursor, where, known, few);
  const pages_count = Math.ceil(objects_count / input.page_size);
  const counted = carried ?? { c: objects_count, t: now, f: fingerprint };
  return {
    devices: await toDevices(ctx, rows),
    links: links(input.url, input.ordering, rows, linkState(page, pages_count, hasNext, hasPrev), counted),
    objects_count,
    pages_count,
  };
}
