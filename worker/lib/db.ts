import { is, SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { drizzle } from "drizzle-orm/d1";
import { SQLiteColumn } from "drizzle-orm/sqlite-core";
import * as schema from "../../drizzle/schema/index.ts";
import type { Env } from "../env.ts";

/**
 * Drizzle over D1 itself (the primary): rooms, scheduled work, and whatever must be fresh.
 * Without the relational `schema` option: nothing uses `db.query`, and with it every drizzle()
 * call walks the whole schema (extractTablesRelationalConfig was ≈ 2.5 % of workerd's CPU in
 * the command queue bench, one drizzle() per room write).
 */
export const createDb = (env: Pick<Env, "DB">) => drizzle(env.DB);
export type Db = ReturnType<typeof createDb>;
export { schema };

/*
 * D1 read replication: a request's queries run in one D1 session (the Sessions API),
 * so reads may be served by a replica near the caller while staying sequentially consistent.
 * The session starts from the bookmark the client sent back (X-D1-Bookmark, the newest it has
 * seen: read-your-own-writes across requests) or, without one, anywhere ("first-unconstrained")
 * for a read, and on the primary ("first-primary") for a write. The reply carries the session's
 * bookmark after its queries.
 */

/** The request and reply header carrying a D1 bookmark. */
export const BOOKMARK_HEADER = "X-D1-Bookmark";

/**
 * A D1 bookmark as D1 writes them: four hex groups, the last one 32 digits long (e.g.
 * `00000000-0000000f-00000000-00000000000000000000000000000000`). Anything else a client sends is
 * ignored (the request reads as if it sent none): local D1 would take any string as a bookmark.
 */
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/i;
export const validBookmark = (value: string | null | undefined): string | null =>
  value && value.length <= 80 && BOOKMARK.test(value) ? value : null;

/** Methods that only read: their session may start on a replica. */
const READS = new Set(["GET", "HEAD"]);

export type DbSession = { db: Db; bookmark: () => string | null };

/**
 * The request's drizzle handle over a D1 session: reads (`GET`, `HEAD`) from the client's bookmark
 * or anywhere, writes from the primary. A runtime without `withSession` gets D1 itself (and no bookmark).
 */
export function createSessionDb(env: Pick<Env, "DB">, method: string, clientBookmark?: string | null): DbSession {
  if (typeof env.DB.withSession !== "function") return { db: createDb(env), bookmark: () => null };
  const given = validBookmark(clientBookmark);
  const session = env.DB.withSession(READS.has(method) ? (given ?? "first-unconstrained") : "first-primary");
  // drizzle's D1 driver uses only prepare() and batch(), which a session has too.
  const db = drizzle(session as unknown as D1Database);
  return { db, bookmark: () => session.getBookmark() };
}

/** Runs `writes` as one D1 batch (D1 wants at least one statement): false, and nothing sent, when there are none. */
export async function batchAll(db: Db, writes: readonly BatchItem<"sqlite">[]): Promise<boolean> {
  const [first, ...rest] = writes;
  if (!first) return false;
  await db.batch([first, ...rest]);
  return true;
}

/**
 * A select's fields, each named as its key in the SQL (`… AS "key"`), decoded as before. For a
 * select that runs in a batch: there D1 returns rows as objects keyed by column name, so two
 * selected columns of one name (a device's and its type's `name`) would be one.
 */
export function namedFields<T extends Record<string, SQLiteColumn | SQL | SQL.Aliased>>(fields: T): T {
  return Object.fromEntries(
    Object.entries(fields).map(([key, field]) => [
      key,
      is(field, SQLiteColumn) ? sql`${field}`.mapWith(field).as(key) : is(field, SQL) ? field.as(key) : field,
    ]),
  ) as T;
}
