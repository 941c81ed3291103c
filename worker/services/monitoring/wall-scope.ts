import { and, eq, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { WallScopeQuery } from "../../../contracts/wall.ts";
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

/** The uuid and name of the row of `table` with this uuid in the caller's space (null without a uuid). */
const named = (ctx: ReadCtx, table: typeof g | typeof l, uuid: string | undefined) =>
  uuid
    ? ctx.db
        .select({ uuid: table.uuid, name: table.name })
        .from(table)
        .where(inSpace(ctx, table, eq(table.uuid, uuid)))
        .get()
    : null;

/**
 * `?group=` / `?location=` as rows of the caller's space: 404 for a group or location that is
 * not the space's (another space's uuid is not found either). Both together narrow to the
 * location when it is in the group, and to nothing otherwise.
 */
export async function resolveWallScope(ctx: ReadCtx, query: WallScopeQuery): Promise<WallScope> {
  const [group, location] = await Promise.all([named(ctx, g, query.group), named(ctx, l, query.location)]);
  if (query.group && !group) throw new ApiError("not_found", "Location group not found.");
  if (query.location && !location) throw new ApiError("not_found", "Location not found.");
  return { group: group ?? null, location: location ?? null };
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
