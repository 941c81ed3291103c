import { and, asc, eq, ne, type SQL, sql } from "drizzle-orm";
import { DEVICE_HEADINGS } from "../../../contracts/devices/health.ts";
import {
  WALL_CRITICAL_LIMIT,
  WALL_OFFLINE_LIMIT,
  type WallCriticalDevice,
  type WallGroup,
  type WallScopeQuery,
  type WallSummary,
  type WallTotals,
} from "../../../contracts/wall/schema.ts";
import {
  deviceTable as d,
  devicePeripheralConditionTable as dpc,
  locationGroupTable as g,
  locationGroupLocationTable as gl,
  locationTable as l,
} from "../../../drizzle/schema/index.ts";
import type { ReadCtx } from "../devices/rows.ts";
import { troubledDisplays, troubledDisplaysQuery } from "../displays-health/wall-displays.ts";
import type { ServiceArgs } from "../kernel/args.ts";
import { inSpace } from "../kernel/scope.ts";
import { onlineStatus } from "../locations/totals.ts";
import { expectedOnlineFrom, expectedOnlineQuery } from "./expected-online.ts";
import { inWallScope, wallScopeInBatch } from "./wall-scope.ts";

const count = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`;
const installed = eq(d.connected_status, "connected");

/**
 * The wall's device counts per location (null: devices without one), one aggregate over the
 * space's devices that are not archived: the same definitions as the device list's filters
 * (connected_status, online) and the monitoring counts (combined_status of installed devices).
 */
const countsByLocation = (ctx: ReadCtx, scope: SQL | undefined) =>
  ctx.db
    .select({
      location_uuid: d.location_uuid,
      total: sql<number>`count(*)`,
      installed: count(installed),
      online: count(sql`${installed} and ${d.online} = 1`),
      warning: count(sql`${installed} and ${d.combined_status} = 2`),
      critical: count(sql`${installed} and ${d.combined_status} = 3`),
    })
    .from(d)
    .where(inSpace(ctx, d, ne(d.connected_status, "archived"), scope))
    .groupBy(d.location_uuid);

/** Installed devices in critical health in scope: offline ones first, then by name. */
const criticalWhere = (ctx: ReadCtx, scope: SQL | undefined) =>
  inSpace(ctx, d, installed, eq(d.combined_status, 3), scope);

/**
 * GET /space/{space}/wall/?group=&location=: everything the NOC wall shows but the
 * availability, in one batch of reads held to the space (one round trip, the scope's check included)
 * — the fleet totals, every location in scope with its status and counts and whether it is inside
 * its working hours now, the space's groups, and the devices in critical health with what is
 * critical on them.
 */
export async function wallSummary({
  ctx,
  input,
}: ServiceArgs<WallScopeQuery, ReadCtx & { role?: { code: string } }>): Promise<WallSummary> {
  const asked = wallScopeInBatch(ctx, input);
  const claimed = asked.claimed;
  const deviceScope = inWallScope(ctx, claimed, d.location_uuid);
  const [locations, counts, groupRows, critical, criticalPeripherals, schedules, offline, screens, ...scopeRows] =
    await ctx.db.batch([
      ctx.db
        .select({ uuid: l.uuid, name: l.name, latitude: l.latitude, longitude: l.longitude })
        .from(l)
        .where(inSpace(ctx, l, inWallScope(ctx, claimed, l.uuid)))
        .orderBy(asc(l.name), asc(l.uuid)),
      countsByLocation(ctx, deviceScope),
      ctx.db
        .select({ uuid: g.uuid, name: g.name, active: g.active, location_uuid: gl.location_uuid })
        .from(g)
        .leftJoin(gl, and(eq(gl.location_group_uuid, g.uuid), inWallScope(ctx, claimed, gl.location_uuid)))
        .where(inSpace(ctx, g, claimed.group ? eq(g.uuid, claimed.group.uuid) : undefined))
        .orderBy(asc(g.name), asc(g.uuid)),
      ctx.db
        .select({
          uuid: d.uuid,
          name: d.name,
          location_uuid: d.location_uuid,
          online: d.online,
          ...Object.fromEntries(DEVICE_HEADINGS.map((h) => [h.key, d[h.column]])),
        })
        .from(d)
        .where(criticalWhere(ctx, deviceScope))
        // `+online`: with LIMIT bound as a parameter, SQLite otherwise walks the connected-status
        // index for the order and reads every connected device's row (21 ms at 100 000 devices),
        // instead of seeking the critical ones in the monitoring index and sorting them (5 ms).
        .orderBy(sql`+${d.online}`, asc(d.name), asc(d.uuid))
        .limit(WALL_CRITICAL_LIMIT),
      ctx.db
        .select({ device_uuid: dpc.device_uuid, type: dpc.type })
        .from(dpc)
        .innerJoin(d, eq(d.uuid, dpc.device_uuid))
        .where(and(inSpace(ctx, dpc, eq(dpc.condition, 3)), criticalWhere(ctx, deviceScope)))
        .orderBy(asc(dpc.type)),
      // The scope's locations' working hours (expected_online), in the same round trip.
      expectedOnlineQuery(ctx, (location) => inWallScope(ctx, claimed, location)),
      // Every installed device that is offline, the longest first (never seen: null, first): read
      // along (space_uuid, online, last_seen, uuid).
      ctx.db
        .select({ uuid: d.uuid, name: d.name, location_uuid: d.location_uuid, last_seen: d.last_seen })
        .from(d)
        .where(inSpace(ctx, d, eq(d.online, false), installed, deviceScope))
        .orderBy(asc(d.last_seen), asc(d.uuid))
        .limit(WALL_OFFLINE_LIMIT),
      // Screens in trouble (display health), the oldest problem first.
      troubledDisplaysQuery(ctx, deviceScope),
      ...asked.reads,
    ]);
  const scope = asked.checked(scopeRows);

  const byLocation = new Map(counts.map((c) => [c.location_uuid, c]));
  const expected = expectedOnlineFrom(ctx, schedules);
  const totals: WallTotals = { total: 0, online: 0, offline: 0, warning: 0, critical: 0, not_connected: 0 };
  for (const c of counts) {
    totals.total += c.total;
    totals.online += c.online;
    totals.offline += c.installed - c.online;
    totals.warning += c.warning;
    totals.critical += c.critical;
    totals.not_connected += c.total - c.installed;
  }

  const groups = new Map<string, WallGroup & { active: boolean }>();
  for (const row of groupRows) {
    const group = groups.get(row.uuid) ?? { uuid: row.uuid, name: row.name, active: row.active, location_uuids: [] };
    if (row.location_uuid) group.location_uuids.push(row.location_uuid);
    groups.set(row.uuid, group);
  }

  const peripheralsOf = new Map<string, string[]>();
  for (const p of criticalPeripherals)
    peripheralsOf.set(p.device_uuid, [...(peripheralsOf.get(p.device_uuid) ?? []), p.type]);
  // Every device in scope is at a location in scope (or at none): its name comes from that list.
  const locationNames = new Map(locations.map((x) => [x.uuid, x.name]));
  const criticalDevices: WallCriticalDevice[] = critical.map((row) => {
    const conditions = row as unknown as Record<string, number | null>;
    return {
      uuid: row.uuid,
      name: row.name,
      location_uuid: row.location_uuid,
      location_name: row.location_uuid ? (locationNames.get(row.location_uuid) ?? null) : null,
      online: row.online,
      headings: DEVICE_HEADINGS.filter((h) => conditions[h.key] === 3).map((h) => h.key),
      peripherals: peripheralsOf.get(row.uuid) ?? [],
    };
  });

  return {
    generated_at: new Date().toISOString(),
    space_name: ctx.space.space_name,
    scope,
    totals,
    locations: locations.map((location) => {
      const c = byLocation.get(location.uuid);
      const devices = { total_connected_number: c?.installed ?? 0, total_online_number: c?.online ?? 0 };
      return {
        ...location,
        status: onlineStatus(devices),
        devices_total: devices.total_connected_number,
        devices_online: devices.total_online_number,
        devices_offline: devices.total_connected_number - devices.total_online_number,
        warning: c?.warning ?? 0,
        critical: c?.critical ?? 0,
        expected_online: expected.get(location.uuid) ?? null,
      };
    }),
    // A group with none of the scope's locations has nothing to show.
    groups: [...groups.values()]
      .filter((group) => group.location_uuids.length > 0)
      .sort((a, b) => Number(b.active) - Number(a.active))
      .map(({ active: _active, ...group }) => group),
    critical_devices: criticalDevices,
    offline_devices: offline.map((row) => ({
      ...row,
      location_name: row.location_uuid ? (locationNames.get(row.location_uuid) ?? null) : null,
    })),
    displays: troubledDisplays(ctx, screens, locationNames),
  };
}
