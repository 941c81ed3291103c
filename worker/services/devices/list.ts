import { asc, desc, type SQL } from "drizzle-orm";
import type { DeviceList, DeviceListQuery, DeviceOrdering } from "../../../contracts/device.ts";
import type { Links } from "../../../contracts/paging.ts";
import { pageWindow } from "../../lib/paging.ts";
import type { ServiceArgs } from "../kernel/args.ts";
import { orderTerms, parseOrdering, planDeviceWhere } from "./filters.ts";
import { type Cursor, decodeCursor, encodeCursor, keyValueOf, seek } from "./keyset.ts";
import { type DeviceListRow, deviceRows, type ReadCtx, toDevices } from "./rows.ts";

type Input = DeviceListQuery & { url: string };

/** The rows of one page: by cursor (keyset, no OFFSET) or by page number (OFFSET). */
async function pageRows(ctx: ReadCtx, input: Input, where: SQL | undefined, total: Promise<number>) {
  const { key, descending } = parseOrdering(input.ordering);
  const size = input.page_size;
  const byLocation = Boolean(input.location_uuid);
  if (input.cursor) {
    const cursor = decodeCursor(input.cursor, input.ordering);
    const backwards = cursor.b;
    const got = await seek(ctx, {
      where,
      ordering: input.ordering,
      descending: backwards !== descending,
      after: { v: cursor.v, u: cursor.u },
      limit: size + 1,
      byLocation,
    });
    const more = got.length > size;
    const rows = got.slice(0, size);
    if (backwards) rows.reverse();
    return { rows, page: cursor.p, hasNext: backwards || more, hasPrev: backwards ? more : cursor.p > 1 };
  }
  const dir = descending ? desc : asc;
  const { limit, offset } = pageWindow(input.page, size);
  const terms = orderTerms(key, byLocation);
  const rows = await deviceRows(ctx, where).orderBy(dir(terms.key), dir(terms.uuid)).limit(limit).offset(offset);
  const pages = Math.ceil((await total) / size);
  return { rows, page: input.page, hasNext: input.page < pages, hasPrev: input.page > 1 };
}

/**
 * Links to the neighbouring pages: the request URL with the next `page` and a `cursor` that
 * starts after the page's last (or before its first) row, so following links is keyset paging
 * while the page number stays readable. Without rows (a page past the end) previous falls back
 * to the last real page by number.
 */
function links(url: string, ordering: DeviceOrdering, rows: DeviceListRow[], p: ReturnType<typeof linkState>): Links {
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
    b,
    p: page,
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
 * the space's index entries, no cache).
 */
export async function listDevices({ ctx, input }: ServiceArgs<Input, ReadCtx>): Promise<DeviceList> {
  const { where, total } = await planDeviceWhere(ctx, input);
  const [objects_count, { rows, page, hasNext, hasPrev }] = await Promise.all([
    total,
    pageRows(ctx, input, where, total),
  ]);
  const pages_count = Math.ceil(objects_count / input.page_size);
  return {
    devices: await toDevices(ctx, rows),
    links: links(input.url, input.ordering, rows, linkState(page, pages_count, hasNext, hasPrev)),
    objects_count,
    pages_count,
  };
}
