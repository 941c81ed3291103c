import { asc, desc, eq, inArray, type SQL } from "drizzle-orm";
import type {
  GroupLocation,
  LocationGroup,
  LocationGroupList,
  LocationGroupQuery,
} from "../../../contracts/location-groups/schema.ts";
import {
  locationGroupTable as g,
  locationGroupLocationTable as gl,
  locationTable as l,
} from "../../../drizzle/schema/index.ts";
import type { SpaceCtx } from "../../env.ts";
import { namedFields } from "../../lib/db.ts";
import { ApiError } from "../../lib/errors.ts";
import { readInBatches, readPage } from "../../lib/paging.ts";
import type { ServiceArgs } from "../kernel/args.ts";
import { type CsvCell, toCsv } from "../kernel/csv.ts";
import { contains, inList, inSpace, requireInSpace } from "../kernel/scope.ts";
import { deviceTotalsQuery, NO_DEVICES, onlineStatus, totalsFrom } from "./totals.ts";

type Ordering = LocationGroupQuery["ordering"];
type GroupRow = typeof g.$inferSelect;

const groupWhere = (ctx: SpaceCtx, q: { search?: string }) =>
  inSpace(ctx, g, q.search ? contains(g.name, q.search) : undefined);

/** Group rows in `ordering`, uuid breaking ties (indexes location_group(space_uuid, <key>, uuid)). */
function groupRows(
  ctx: SpaceCtx,
  where: SQL | undefined,
  ordering: Ordering,
  window: { limit: number; offset: number },
) {
  const direction = ordering.startsWith("-") ? desc : asc;
  const field = ordering.replace(/^-/, "");
  const key = field === "active" ? g.active : field === "updated_at" ? g.updated_at : g.created_at;
  return ctx.db
    .select()
    .from(g)
    .where(where)
    .orderBy(direction(key), direction(g.uuid))
    .limit(window.limit)
    .offset(window.offset);
}

/** Rows → groups: their locations and those locations' totals (one aggregate), one D1 batch. */
export async function toGroups(ctx: SpaceCtx, rows: GroupRow[]): Promise<LocationGroup[]> {
  if (rows.length === 0) return [];
  const inGroups = inSpace(
    ctx,
    gl,
    inList(
      gl.location_group_uuid,
      rows.map((r) => r.uuid),
    ),
  );
  const [links, totalRows] = await ctx.db.batch([
    ctx.db
      .select(
        namedFields({ group: gl.location_group_uuid, uuid: l.uuid, name: l.name, address: l.address, city: l.city }),
      )
      .from(gl)
      .innerJoin(l, eq(l.uuid, gl.location_uuid))
      .where(inGroups)
      .orderBy(asc(l.name), asc(l.uuid)),
    deviceTotalsQuery(ctx, (location) =>
      inArray(location, ctx.db.select({ uuid: gl.location_uuid }).from(gl).where(inGroups)),
    ),
  ]);
  const totals = totalsFrom(totalRows);
  return rows.map(({ space_uuid: _space, ...group }) => {
    let connected = 0;
    let online = 0;
    const locations: GroupLocation[] = [];
    for (const { group: owner, ...location } of links) {
      if (owner !== group.uuid) continue;
      const t = totals.get(location.uuid) ?? NO_DEVICES;
      connected += t.total_connected_number;
      online += t.total_online_number;
      locations.push({ ...location, online_status: onlineStatus(t), total_number: t.total_number });
    }
    const online_status = onlineStatus({ total_connected_number: connected, total_online_number: online });
    return { ...group, locations, locations_number: locations.length, online_status };
  });
}

/** GET /space/{space}/location-group/items/. */
export async function listGroups({
  ctx,
  input,
}: ServiceArgs<LocationGroupQuery & { url: string }>): Promise<LocationGroupList> {
  const where = groupWhere(ctx, input);
  const { rows, info } = await readPage(ctx, input, { table: g, where }, (window) =>
    groupRows(ctx, where, input.ordering, window),
  );
  return { location_groups: await toGroups(ctx, rows), ...info };
}

/** The stored group of this space, or 404. */
export const requireGroupRow = (ctx: SpaceCtx, uuid: string) =>
  requireInSpace(ctx, g, eq(g.uuid, uuid), () => new ApiError("not_found", "Location group not found."));

/** GET /space/{space}/location-group/{uuid}/. */
export async function getGroup({ ctx, input }: ServiceArgs<{ uuid: string }>): Promise<LocationGroup> {
  const [group] = await toGroups(ctx, [await requireGroupRow(ctx, input.uuid)]);
  return group;
}

const BATCH = 200;
const HEADER = ["name", "active", "locations_number", "locations", "online_status", "created_at", "updated_at"];

/** GET /space/{space}/location-group/items/export/: all matching groups, in the list's ordering. */
export async function exportGroups({
  ctx,
  input,
}: ServiceArgs<Omit<LocationGroupQuery, "page" | "page_size">>): Promise<string> {
  const where = groupWhere(ctx, input);
  const groups = await readInBatches(BATCH, async (window) =>
    toGroups(ctx, await groupRows(ctx, where, input.ordering, window)),
  );
  const rows = groups.map((group): CsvCell[] => [
    group.name,
    group.active,
    group.locations_number,
    group.locations.map((location) => location.name).join(", "),
    group.online_status,
    group.created_at,
    group.updated_at,
  ]);
  return toCsv(HEADER, rows);
}
