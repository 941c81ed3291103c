import { and, eq, type SQL, sql } from "drizzle-orm";
import { getDisplayCapture as captureRoute } from "../../../contracts/display-health/routes.ts";
import {
  DISPLAY_HEALTH_LABELS,
  DISPLAY_HEALTH_SEVERITY,
  type DisplayHealth,
  WALL_DISPLAYS_LIMIT,
  type WallDisplay,
} from "../../../contracts/display-health/schema.ts";
import { apiPath } from "../../../contracts/http/path.ts";
import { deviceTable as d, devicePeripheralConditionTable as dpc } from "../../../drizzle/schema/index.ts";
import type { ReadCtx } from "../devices/rows.ts";
import { inSpace } from "../kernel/scope.ts";

/** Devices read for the wall's screens: those with a display in trouble are few. */
const DEVICES_READ = 200;

/**
 * The wall's screens in trouble, read in its batch: installed, online devices whose "display"
 * peripheral condition is warning or critical (the room folds each display's state into it, a
 * panel off out of working time not among them), with only their displays' health taken out of
 * the latest telemetry. An offline device's screens are its player's problem: the wall lists it
 * as offline.
 */
export const troubledDisplaysQuery = (ctx: ReadCtx, scope: SQL | undefined) =>
  ctx.db
    .select({
      uuid: d.uuid,
      name: d.name,
      location_uuid: d.location_uuid,
      health: sql<string | null>`json_extract(${d.latest_telemetry}, '$.display_health')`,
    })
    .from(d)
    .where(
      and(
        inSpace(ctx, d, eq(d.connected_status, "connected"), eq(d.online, true), scope),
        sql`exists (select 1 from ${dpc} where ${dpc.device_uuid} = ${d.uuid} and ${dpc.type} = 'display' and ${dpc.condition} >= 2)`,
      ),
    )
    .limit(DEVICES_READ);

/** One tile per display in trouble, the oldest problem first; capture URLs only for who may see captures. */
export function troubledDisplays(
  ctx: Pick<ReadCtx, "space"> & { role?: { code: string } },
  rows: Awaited<ReturnType<typeof troubledDisplaysQuery>>,
  locationNames: ReadonlyMap<string, string>,
): WallDisplay[] {
  // Captures may show customer-facing content: Viewers (display links among them) see them only where the space allows.
  const captures = (ctx.role !== undefined && ctx.role.code !== "viewer") || ctx.space.viewers_see_captures;
  const tiles: (WallDisplay & { sinceMs: number })[] = [];
  for (const row of rows) {
    let report: DisplayHealth[] = [];
    try {
      report = row.health ? (JSON.parse(row.health) as DisplayHealth[]) : [];
    } catch {
      report = [];
    }
    for (const h of Array.isArray(report) ? report : []) {
      const severity = DISPLAY_HEALTH_SEVERITY[h.state];
      if (severity !== "warning" && severity !== "critical") continue;
      tiles.push({
        device_uuid: row.uuid,
        device_name: row.name,
        location_uuid: row.location_uuid,
        location_name: row.location_uuid ? (locationNames.get(row.location_uuid) ?? null) : null,
        display: h.display,
        state: h.state,
        label: DISPLAY_HEALTH_LABELS[h.state],
        severity,
        since: new Date(h.since).toISOString(),
        sinceMs: h.since,
        capture_url: captures
          ? apiPath(captureRoute, {
              space: ctx.space.space_uuid,
              uuid: row.uuid,
              display: h.display,
              file: "latest.jpg",
            })
          : null,
      });
    }
  }
  return tiles
    .sort(
      (a, b) =>
        a.sinceMs - b.sinceMs || a.device_name.localeCompare(b.device_name) || a.display.localeCompare(b.display),
    )
    .slice(0, WALL_DISPLAYS_LIMIT)
    .map(({ sinceMs: _s, ...tile }) => tile);
}
