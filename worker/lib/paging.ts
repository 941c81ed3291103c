import { count, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { RunnableQuery } from "drizzle-orm/runnable-query";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { PageInfo } from "../../contracts/http/paging.ts";
import type { Db } from "./db.ts";

/** LIMIT/OFFSET of a 1-based page. */
export const pageWindow = (page: number, pageSize: number) => ({ limit: pageSize, offset: (page - 1) * pageSize });

/**
 * Every row of a list, read `size` at a time (a whole-list export) until a page comes back short,
 * so each batch's lookups stay one query per batch.
 */
export async function readInBatches<R>(
  size: number,
  read: (window: ReturnType<typeof pageWindow>) => PromiseLike<R[]>,
): Promise<R[]> {
  const all: R[] = [];
  for (let page = 1; ; page++) {
    const batch = await read(pageWindow(page, size));
    all.push(...batch);
    if (batch.length < size) return all;
  }
}

/** A paged request: its URL (for the links), page number and size. */
type PageRequest = { url: string; page: number; page_size: number };

/**
 * One page of a numbered list and its paging info: the rows of `table` that `where` selects are
 * counted and the page's LIMIT/OFFSET window is read in one D1 batch (one round trip). `rows`
 * runs in a batch, so its select names each column once (`namedFields` where names repeat).
 */
export async function readPage<R>(
  ctx: { db: Db },
  input: PageRequest,
  from: { table: SQLiteTable; where: SQL | undefined },
  rows: (window: ReturnType<typeof pageWindow>) => BatchItem<"sqlite"> & PromiseLike<R[]>,
): Promise<{ rows: R[]; info: PageInfo }> {
  return pageFrom(input, await ctx.db.batch(pageReads(ctx, input, from, rows)));
}

/** readPage's two reads (the count, the page's rows), for a batch with more reads; then pageFrom. */
export const pageReads = <R>(
  ctx: { db: Db },
  input: PageRequest,
  { table, where }: { table: SQLiteTable; where: SQL | undefined },
  rows: (window: ReturnType<typeof pageWindow>) => BatchItem<"sqlite"> & PromiseLike<R[]>,
) =>
  [
    ctx.db.select({ total: count() }).from(table).where(where),
    rows(pageWindow(input.page, input.page_size)) as RunnableQuery<R[], "sqlite">,
  ] as const;

/** The page and its paging info from pageReads' results. */
export function pageFrom<R>(input: PageRequest, [counted, rows]: readonly [{ total: number }[], R[]]) {
  return { rows, info: pageInfo(input.url, input.page, input.page_size, counted[0]?.total ?? 0) };
}

/**
 * links/objects_count/pages_count of a page. Links are the request URL with another `page`
 * (every other parameter kept), so a client can follow `next` or read its page parameter.
 */
export function pageInfo(url: string, page: number, pageSize: number, count: number): PageInfo {
  const pages = Math.ceil(count / pageSize);
  const link = (to: number) => {
    const u = new URL(url);
    u.searchParams.set("page", String(to));
    return u.toString();
  };
  return {
    links: {
      next: page < pages ? link(page + 1) : null,
      previous: page > 1 ? link(Math.min(page - 1, Math.max(pages, 1))) : null,
    },
    objects_count: count,
    pages_count: pages,
  };
}
