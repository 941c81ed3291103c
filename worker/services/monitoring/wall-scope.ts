import { and, eq, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { WallScopeQuery } from "../../../contracts/wall/schema.ts";
import {
  locationGroupTable as g,
  locationGroupLocationTable as gl,
  locationTable as l,
} from "../../../drizzle/schema/index.ts";
import { ApiError } from "../../lib/errors.ts";
import type { ReadCtx } from "../devices/rows.ts";
import { inSpace } from "../kernel/scope.ts";

/** The wall's narrowing, checked against the space: the group and location it names (or null). */
export type WallScope = {
  group: { uuid: string; name: string } | null;
  location: { uuid: string; name: string } | null;
};

/** The uuid and name of the row of `table` with this uuid in the caller's space (no row: not found). */
const named = (ctx: ReadCtx, table: typeof g | typeof l, uuid: string) =>
  ctx.db
    .select({ uuid: table.uuid, name: table.name })
    .from(table)
    .where(inSpace(ctx, table, eq(table.uuid, uuid)))
    .limit(1);

type NamedRow = { uuid: string; name: string };

/**
 * `?group=` / `?location=` checked in the same D1 batch as the reads they narrow (one round trip):
 * - `claimed`: the scope as asked (uuids; names empty), for `inWallScope` in those reads: a uuid
 *   that is not the space's narrows them to nothing, since each read is held to the space;
 * - `reads`: the checks, to put at the end of the batch;
 * - `checked(rows)`: with those reads' results, 404 for a group or location that is not the
 *   space's (another space's uuid is not found either; the group is checked first), else the
 *   scope with its names. Both together narrow to the location when it is in the group, and to
 *   nothing otherwise.
 */
export function wallScopeInBatch(ctx: ReadCtx, query: WallScopeQuery) {
  const claimed: WallScope = {
    group: query.group ? { uuid: query.group, name: "" } : null,
    location: query.location ? { uuid: query.location, name: "" } : null,
  };
  const reads = [
    ...(query.group ? [named(ctx, g, query.group)] : []),
    ...(query.location ? [named(ctx, l, query.location)] : []),
  ];
  const checked = (rows: readonly NamedRow[][]): WallScope => {
    const [group, location] = [query.group ? rows[0]?.[0] : undefined, query.location ? rows.at(-1)?.[0] : undefined];
    if (query.group && !group) throw new ApiError("not_found", "Location group not found.");
    if (query.location && !location) throw new ApiError("not_found", "Location not found.");
    return { group: group ?? null, location: location ?? null };
  };
  return { claimed, reads, checked };
}

/** The condition that keeps `column` (a location uuid) inside the scope; undefined for the whole space. */
export function inWallScope(ctx: ReadCtx, scope: WallScope, column: SQLiteColumn): SQL | undefined {
  return and(
    scope.location ? eq(column, scope.location.uuid) : undefined,
    scope.group
      ? sql`${column} in (select ${gl.location_uuid} from ${gl} where ${and(
          eq(gl.space_uuid, ctx.space.space_uuid),
          eq(gl.location_group_uuid, scope.group.uuid),
        )})`
      : undefined,
  );
}
