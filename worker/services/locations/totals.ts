import { and, eq, isNotNull, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { LocationTotals, OnlineStatus } from "../../../contracts/locations/schema.ts";
import { DEVICE_TYPE_UUID } from "../../../contracts/reference.ts";
import { deviceTable as d, locationTable as l } from "../../../drizzle/schema/index.ts";
import type { Db } from "../../lib/db.ts";
import { inSpace, keepUuids, type UuidsOrWhere } from "../kernel/scope.ts";

const count = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`;
const status = (s: string) => sql`${d.connected_status} = ${s}`;
const archived = status("archived");
/** The two counts a location's online status is made of (deviceTotalsQuery's, and the presence push's). */
const onlineCounts = () => ({
  total_online_number: count(sql`${status("connected")} and ${d.online} = 1`).as("total_online_number"),
  total_connected_number: count(status("connected")).as("total_connected_number"),
});

/**
 * What the totals read: the db and the space's uuid. A request has its whole space; a DeviceRoom
 * writing a presence change knows only the uuid.
 */
export type TotalsCtx = { db: Db; space: { space_uuid: string } };

/**
 * The one place a location's device counts (and so its online status) are computed: one aggregate
 * over the space's devices, grouped by location (covering index device(space_uuid, location_uuid,
 * connected_status, online, device_type_uuid)); restricted to `locations` when given (uuids, or a
 * condition on the location's uuid read when a batch runs). Used as a
 * subquery for the online-status ordering, on its own for a page's totals (list, detail, groups;
 * never one query per location) and for one location after a presence change (locationOnline).
 */
export function deviceTotalsQuery(ctx: TotalsCtx, locations?: UuidsOrWhere) {
  return ctx.db
    .select({
      location_uuid: d.location_uuid,
      total_number: count(sql`not ${archived}`).as("total_number"),
      ...onlineCounts(),
      total_disconnected_number: count(status("disconnected")).as("total_disconnected_number"),
      total_non_connected_number: count(sql`${d.connected_status} in ('non_connected', 'installation_pending')`).as(
        "total_non_connected_number",
      ),
      total_archived_number: count(archived).as("total_archived_number"),
      archived_devices_number: count(sql`${archived} and ${d.device_type_uuid} <> ${DEVICE_TYPE_UUID.camera}`).as(
        "archived_devices_number",
      ),
      archived_cameras_number: count(sql`${archived} and ${d.device_type_uuid} = ${DEVICE_TYPE_UUID.camera}`).as(
        "archived_cameras_number",
      ),
    })
    .from(d)
    .where(inSpace(ctx, d, isNotNull(d.location_uuid), locations ? keepUuids(d.location_uuid, locations) : undefined))
    .groupBy(d.location_uuid);
}

export const NO_DEVICES: LocationTotals = {
  total_number: 0,
  total_online_number: 0,
  total_connected_number: 0,
  total_disconnected_number: 0,
  total_non_connected_number: 0,
  total_archived_number: 0,
  archived_devices_number: 0,
  archived_cameras_number: 0,
};

/** deviceTotalsQuery's rows keyed by location uuid (locations without devices are absent). */
export const totalsFrom = (rows: Awaited<ReturnType<typeof deviceTotalsQuery>>): Map<string, LocationTotals> =>
  new Map(rows.map(({ location_uuid, ...totals }) => [location_uuid ?? "", totals]));

/** online when every installed (connected) device is online and there is one; partially when some are. */
export function onlineStatus(t: Pick<LocationTotals, "total_connected_number" | "total_online_number">): OnlineStatus {
  if (t.total_connected_number > 0 && t.total_online_number >= t.total_connected_number) return "online";
  return t.total_online_number > 0 ? "partially_online" : "offline";
}

/**
 * The name and online status (with the counts behind it) of the location a device is in, for the
 * push after that device's presence change. One statement that finds the device's location and
 * space itself, so the DeviceRoom reads it before and after its write in the write's own batch
 * (one D1 round trip for the whole change); no row when the device has no location.
 */
export const deviceLocationOnlineQuery = (db: Db, deviceUuid: string) => {
  // The device's own column, as a scalar subquery (evaluated once; the inner "device" is its own).
  const own = (column: SQLiteColumn) => sql<string>`(select ${column} from ${d} where ${d.uuid} = ${deviceUuid})`;
  const totals = db
    .select({
      location_uuid: d.location_uuid,
      ...onlineCounts(),
    })
    .from(d)
    .where(and(eq(d.space_uuid, own(d.space_uuid)), eq(d.location_uuid, own(d.location_uuid))))
    .groupBy(d.location_uuid)
    .as("totals");
  return db
    .select({
      name: l.name,
      total_connected_number: totals.total_connected_number,
      total_online_number: totals.total_online_number,
    })
    .from(l)
    .leftJoin(totals, eq(totals.location_uuid, l.uuid))
    .where(and(eq(l.space_uuid, own(d.space_uuid)), eq(l.uuid, own(d.location_uuid))));
};

/** deviceLocationOnlineQuery's row as the push needs it (null when there is no such location). */
export function locationOnlineOf(
  row: { name: string; total_connected_number: number | null; total_online_number: number | null } | undefined,
) {
  if (!row) return null;
  const counts = {
    total_connected_number: row.total_connected_number ?? 0,
    total_online_number: row.total_online_number ?? 0,
  };
  return { name: row.name, status: onlineStatus(counts), ...counts };
}

/**
 * The two counts the online rank needs, per location of the space: the ordering's subquery. Only
 * installed (connected) devices are read, and nothing else is counted: the same index walk as
 * deviceTotalsQuery's, at 100 000 devices ≈ 9 ms of SQLite instead of ≈ 21 (docs/benchmarks.md).
 * A location with no installed device has no row (its rank is offline, as with zero counts).
 */
export const onlineCountsQuery = (ctx: TotalsCtx) =>
  ctx.db
    .select({
      location_uuid: d.location_uuid,
      total_online_number: sql<number>`sum(${d.online})`.as("total_online_number"),
      total_connected_number: sql<number>`count(*)`.as("total_connected_number"),
    })
    .from(d)
    .where(inSpace(ctx, d, isNotNull(d.location_uuid), eq(d.connected_status, "connected")))
    .groupBy(d.location_uuid);

/** The same rank in SQL, for ordering by online_status (online 2 > partially_online 1 > offline 0). */
export const onlineRank = (t: {
  total_connected_number: SQL.Aliased<number>;
  total_online_number: SQL.Aliased<number>;
}) =>
  sql<number>`case when coalesce(${t.total_connected_number}, 0) > 0
    and ${t.total_online_number} >= ${t.total_connected_number} then 2
    when coalesce(${t.total_online_number}, 0) > 0 then 1 else 0 end`;
