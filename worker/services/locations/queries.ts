import { asc, desc, eq, getTableColumns, inArray, or, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Location, LocationList, LocationListQuery, LocationTotals } from "../../../contracts/locations/schema.ts";
import type { TagRef } from "../../../contracts/tags/schema.ts";
import {
  countryTable,
  locationTable as l,
  locationTagTable,
  locationTypeTable,
} from "../../../drizzle/schema/index.ts";
import type { SpaceCtx, SpaceRow } from "../../env.ts";
import { namedFields } from "../../lib/db.ts";
import { ApiError } from "../../lib/errors.ts";
import { readPage } from "../../lib/paging.ts";
import type { ServiceArgs } from "../kernel/args.ts";
import { contains, inSpace, requireInSpace } from "../kernel/scope.ts";
import { tagsByOwner, tagsQuery } from "../spaces/tags.ts";
import { deviceTotalsQuery, NO_DEVICES, onlineCountsQuery, onlineRank, onlineStatus, totalsFrom } from "./totals.ts";

export type LocationFilters = Omit<LocationListQuery, "page" | "page_size" | "ordering">;
type Ordering = LocationListQuery["ordering"];
/** Reads need only the db and the space. */
type ReadCtx = Pick<SpaceCtx, "db" | "space">;

// Named once each (three columns are called `name`): the page is read in a batch (readPage).
const rowFields = namedFields({
  ...getTableColumns(l),
  location_type_name: locationTypeTable.name,
  country_name: countryTable.name,
});

/** Filters of the location list; each one is served by an index that starts with space_uuid. */
export function locationWhere(ctx: ReadCtx, q: LocationFilters): SQL | undefined {
  const subquery = <T extends SQL | undefined>(value: string | undefined, make: (v: string) => T) =>
    value ? make(value) : undefined;
  return inSpace(
    ctx,
    l,
    subquery(q.search, (s) =>
      or(contains(l.name, s), contains(l.display_id, s), contains(l.city, s), contains(l.address, s)),
    ),
    subquery(q.name, (s) => contains(l.name, s)),
    subquery(q.location_type_uuid, (uuid) => eq(l.location_type_uuid, uuid)),
    // location(space_uuid, country_code): the country's uuid is mapped to its code.
    subquery(q.country_uuid, (uuid) =>
      inArray(
        l.country_code,
        ctx.db.select({ code: countryTable.code }).from(countryTable).where(eq(countryTable.uuid, uuid)),
      ),
    ),
    // location_tag(tag_uuid, location_uuid) → the tagged locations.
    subquery(q.tag_uuid, (uuid) =>
      inArray(
        l.uuid,
        ctx.db
          .select({ uuid: locationTagTable.location_uuid })
          .from(locationTagTable)
          .where(inSpace(ctx, locationTagTable, eq(locationTagTable.tag_uuid, uuid))),
      ),
    ),
  );
}

/** A page of location rows with type and country names, in `ordering` (uuid breaks ties). */
export function locationRows(
  ctx: ReadCtx,
  where: SQL | undefined,
  ordering: Ordering,
  window?: { limit: number; offset: number },
) {
  const direction = ordering.startsWith("-") ? desc : asc;
  let query = ctx.db
    .select(rowFields)
    .from(l)
    .leftJoin(locationTypeTable, eq(locationTypeTable.uuid, l.location_type_uuid))
    .leftJoin(countryTable, eq(countryTable.code, l.country_code))
    .$dynamic();
  let key: SQL | SQLiteColumn;
  const field = ordering.replace(/^-/, "");
  if (field === "online_status") {
    // A computed rank: the space's per-location counts of installed devices, joined once.
    const totals = onlineCountsQuery(ctx).as("totals");
    query = query.leftJoin(totals, eq(totals.location_uuid, l.uuid));
    key = onlineRank(totals);
  } else {
    key = field === "created_at" ? l.created_at : field === "updated_at" ? l.updated_at : l.name;
  }
  query = query.where(where).orderBy(direction(key), direction(l.uuid));
  return window ? query.limit(window.limit).offset(window.offset) : query;
}
export type LocationRow = Awaited<ReturnType<typeof locationRows>>[number];

/** The space's custom-field settings, as every location carries them. */
function customSettings(space: SpaceRow) {
  const {
    space_uuid: _id,
    space_name: _name,
    space_type: _type,
    space_datacenter: _dc,
    timezone: _tz,
    global_working_time_enabled: _wt,
    created_at: _c,
    updated_at: _u,
    ...settings
  } = space;
  return settings;
}

const toLocation = (space: SpaceRow, row: LocationRow, totals: LocationTotals, tags: TagRef[]): Location => ({
  ...row,
  space_timezone: space.timezone,
  tags,
  tag_uuids: tags.map((t) => t.uuid),
  online_status: onlineStatus(totals),
  ...totals,
  ...customSettings(space),
});

/** The reads of the locations' device totals and tags, for a batch (then locationsFrom). */
const extraReads = (ctx: ReadCtx, uuids: readonly string[]) =>
  [deviceTotalsQuery(ctx, uuids), tagsQuery(ctx, locationTagTable, uuids)] as const;

/** Rows and extraReads' results → locations. */
function locationsFrom(
  space: SpaceRow,
  rows: readonly LocationRow[],
  [totalRows, tagRows]: readonly [Awaited<ReturnType<typeof deviceTotalsQuery>>, Awaited<ReturnType<typeof tagsQuery>>],
): Location[] {
  const totals = totalsFrom(totalRows);
  const tags = tagsByOwner(tagRows);
  return rows.map((r) => toLocation(space, r, totals.get(r.uuid) ?? NO_DEVICES, tags.get(r.uuid) ?? []));
}

/** Rows → locations: the totals and tags of all of them, one D1 batch (one round trip). */
export async function toLocations(ctx: SpaceCtx, rows: LocationRow[]): Promise<Location[]> {
  if (rows.length === 0) return [];
  const extras = await ctx.db.batch(
    extraReads(
      ctx,
      rows.map((r) => r.uuid),
    ),
  );
  return locationsFrom(ctx.space, rows, extras);
}

/** GET /space/{space}/location/items/. */
export async function listLocations({
  ctx,
  input,
}: ServiceArgs<LocationListQuery & { url: string }>): Promise<LocationList> {
  const where = locationWhere(ctx, input);
  const { rows, info } = await readPage(ctx, input, { table: l, where }, (window) =>
    locationRows(ctx, where, input.ordering, window),
  );
  return { locations: await toLocations(ctx, rows), ...info };
}

const locationNotFound = () => new ApiError("not_found", "Location not found.");

/** GET /space/{space}/location/{loc}/. A location of another space is not found. */
export async function getLocation({ ctx, input }: ServiceArgs<{ uuid: string }>): Promise<Location> {
  // The row, its device totals and its tags in one D1 batch: all three are keyed by the uuid.
  const [rows, ...extras] = await ctx.db.batch([
    locationRows(ctx, inSpace(ctx, l, eq(l.uuid, input.uuid)), "name"),
    ...extraReads(ctx, [input.uuid]),
  ]);
  const [location] = locationsFrom(ctx.space, rows, extras);
  if (!location) throw locationNotFound();
  return location;
}

/** The stored location row of this space, or 404. */
export const requireLocationRow = (ctx: SpaceCtx, uuid: string) =>
  requireInSpace(ctx, l, eq(l.uuid, uuid), locationNotFound);
