import { and, count, eq, gte, inArray, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { DEVICE_HEADINGS, MONITORED_PERIPHERAL_TYPES } from "../../../contracts/devices/health.ts";
import type { MonitoringCounts } from "../../../contracts/monitoring/schema.ts";
import { deviceTable as d, devicePeripheralConditionTable as dpc } from "../../../drizzle/schema/index.ts";
import type { ReadCtx } from "../devices/rows.ts";
import type { ServiceArgs } from "../kernel/args.ts";
import { inSpace } from "../kernel/scope.ts";
import { domainStatus, type MonitoringFilters, monitoringWhere, problemsOnly } from "./filters.ts";

const at = (term: SQL | SQLiteColumn, code: 2 | 3) => sql<number>`coalesce(sum(${term} = ${sql.raw(String(code))}), 0)`;

/**
 * GET /space/{space}/monitoring/counts/ (console.md §4): for the monitoring filters, how many
 * devices are at warning (2) and critical (3) per heading and per monitored peripheral type, and
 * in all. One D1 round trip of three statements, each an index read:
 * - one aggregate over the problem devices only (combined_status >= 2: a range of the covering
 *   device_space_uuid_monitoring_idx, which holds every condition), 18 sums in one pass;
 * - count(*) of the matching devices (the same index, no table rows);
 * - the peripheral rows at 2 or 3 grouped by type (device_peripheral_condition's
 *   (space_uuid, type, condition, device_uuid) index), joined to the filtered problem devices.
 * domain=top leaves the peripheral counts at 0 and counts devices by their own headings;
 * domain=bottom leaves the heading counts at 0 and counts devices by their peripherals.
 */
/** The three statements of the counts (exported so a test can show their query plans). */
export function countStatements(ctx: ReadCtx, input: MonitoringFilters) {
  const where = monitoringWhere(ctx, input);
  const status = domainStatus(input.domain);
  const sums: Record<string, SQL<number>> = { warning: at(status, 2), critical: at(status, 3) };
  for (const h of DEVICE_HEADINGS) {
    sums[`${h.key}:2`] = at(d[h.column], 2);
    sums[`${h.key}:3`] = at(d[h.column], 3);
  }
  return [
    ctx.db.select(sums).from(d).where(problemsOnly(where)),
    ctx.db.select({ total: count() }).from(d).where(where),
    ctx.db
      .select({ type: dpc.type, warning: at(dpc.condition, 2), critical: at(dpc.condition, 3) })
      .from(dpc)
      .innerJoin(d, eq(d.uuid, dpc.device_uuid))
      .where(
        and(
          inSpace(ctx, dpc, inArray(dpc.type, [...MONITORED_PERIPHERAL_TYPES]), gte(dpc.condition, 2)),
          problemsOnly(where),
        ),
      )
      .groupBy(dpc.type),
  ] as const;
}

export async function countMonitoring({
  ctx,
  input,
}: ServiceArgs<MonitoringFilters, ReadCtx>): Promise<MonitoringCounts> {
  const [[problems], [{ total }], peripheralRows] = await ctx.db.batch(countStatements(ctx, input));
  const byType = new Map(peripheralRows.map((r) => [r.type, r]));
  const headings = input.domain !== "bottom";
  const peripherals = input.domain !== "top";
  return {
    headings: DEVICE_HEADINGS.map((h) => ({
      key: h.key,
      warning: headings ? Number(problems[`${h.key}:2`]) : 0,
      critical: headings ? Number(problems[`${h.key}:3`]) : 0,
    })),
    peripherals: MONITORED_PERIPHERAL_TYPES.map((type) => ({
      type,
      warning: peripherals ? (byType.get(type)?.warning ?? 0) : 0,
      critical: peripherals ? (byType.get(type)?.critical ?? 0) : 0,
    })),
    devices: { total, warning: Number(problems.warning), critical: Number(problems.critical) },
  };
}
