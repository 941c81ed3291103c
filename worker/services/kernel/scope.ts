import { and, eq, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { SpaceCtx } from "../../env.ts";
import type { Db } from "../../lib/db.ts";
import { type AuditEntry, auditInsert } from "./audit.ts";

/** Any table that belongs to a space. */
type SpaceOwned = { space_uuid: SQLiteColumn };

/**
 * The WHERE of every query on a space-owned table: the caller's space, and `conditions`.
 * Services build their conditions through this, so a query without the space filter stands out.
 */
export const inSpace = (
  ctx: { space: Pick<SpaceCtx["space"], "space_uuid"> },
  table: SpaceOwned,
  ...conditions: (SQL | undefined)[]
) => and(eq(table.space_uuid, ctx.space.space_uuid), ...conditions);

/**
 * The one row of a space-owned `table` that `condition` picks in the caller's space, or
 * `notFound()` thrown: a row of another space is not found either (404, never 403).
 */
export async function requireInSpace<T extends SQLiteTable & SpaceOwned>(
  ctx: { db: Db; space: Pick<SpaceCtx["space"], "space_uuid"> },
  table: T,
  condition: SQL | undefined,
  notFound: () => Error,
): Promise<T["$inferSelect"]> {
  const row = await ctx.db
    .select()
    .from(table)
    .where(inSpace(ctx, table, condition))
    .get();
  if (!row) throw notFound();
  return row as T["$inferSelect"];
}

/**
 * `column IN (values)` with the values bound as one JSON parameter: D1 allows 100 parameters per
 * statement, and pages or link lists can be longer than that.
 */
export const inList = (column: SQLiteColumn, values: readonly string[]) =>
  sql`${column} in (select value from json_each(${JSON.stringify(values)}))`;

/**
 * Which rows of a uuid column a read keeps: these uuids, or a condition on the column, read when
 * the statement runs (e.g. a device's location, a scope's locations, in the same batch).
 */
export type UuidsOrWhere = readonly string[] | ((column: SQLiteColumn) => SQL | undefined);

/** The condition `which` puts on `column` (inList for uuids). */
export const keepUuids = (column: SQLiteColumn, which: UuidsOrWhere) =>
  typeof which === "function" ? which(column) : inList(column, which);

/**
 * `column` contains `text`, case-insensitive for ASCII (SQLite's lower(), like its LIKE) and with
 * every character literal. Not LIKE: D1 refuses LIKE patterns over 50 bytes ("LIKE or GLOB
 * pattern too complex"), and a contains-LIKE cannot use an index anyway. `column` may be a raw
 * SQL term (e.g. a column of an aliased subquery).
 */
export const contains = (column: SQLiteColumn | SQL, text: string) => sql`instr(lower(${column}), lower(${text})) > 0`;

/**
 * Splits rows for multi-row INSERTs: D1 binds at most 100 parameters per statement, so a chunk
 * holds at most floor(100 / columns) rows.
 */
export function chunksFor<T extends object>(rows: readonly T[], columns: number): T[][] {
  const size = Math.max(1, Math.floor(100 / columns));
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** The audit insert of a change the caller makes in their space (put it in the change's db.batch). */
export const auditChange = (
  ctx: Pick<SpaceCtx, "db" | "space" | "user">,
  entry: Omit<AuditEntry, "spaceUuid" | "actorUserUuid">,
) => auditInsert(ctx.db, { spaceUuid: ctx.space.space_uuid, actorUserUuid: ctx.user.uuid, ...entry });
