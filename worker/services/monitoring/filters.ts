import { and, eq, gte, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { DEVICE_HEADINGS, type MonitoredPeripheralType } from "../../../contracts/devices/health.ts";
import type { MonitoringQuery } from "../../../contracts/monitoring/schema.ts";
import { deviceTable as d, devicePeripheralConditionTable as dpc } from "../../../drizzle/schema/index.ts";
import { ApiError } from "../../lib/errors.ts";
import type { ReadCtx } from "../devices/rows.ts";
import { contains, inSpace } from "../kernel/scope.ts";

/**
 * The monitoring filter set (console.md §3.10) as SQL. Only connected devices are monitored:
 * a device never installed, being installed, disconnected or archived has no current health, so
 * it is neither listed nor counted. Every term is served by device_space_uuid_monitoring_idx
 * (space_uuid, connected_status, combined_status, the conditions, location_uuid,
 * device_type_uuid); the name filter reads row ids from (space_uuid, name, machine_id).
 */
export type MonitoringFilters = Omit<MonitoringQuery, "page" | "page_size">;
export type Domain = MonitoringFilters["domain"];

/** Heading key → its condition column. */
const HEADING_COLUMN = new Map<string, SQLiteColumn>(DEVICE_HEADINGS.map((h) => [h.key, d[h.column]]));
/**
 * The worst of the device's own headings in SQL, with contracts/devices/health.ts worst()'s ranking
 * (3 > 2 > 0 > 1, NULL when nothing was reported): `x in (…)` is NULL, not false, when a column
 * is NULL and none matches, so each WHEN falls through as worst() does.
 */
const headingColumns = sql.join(
  DEVICE_HEADINGS.map((h) => d[h.column]),
  sql`, `,
);
const ownWorst = sql<number | null>`(case when 3 in (${headingColumns}) then 3 when 2 in (${headingColumns}) then 2
  when 0 in (${headingColumns}) then 0 when 1 in (${headingColumns}) then 1 end)`;

/** The status combined_status stands for in a domain: all, the device's own headings (top), its peripherals (bottom). */
export const domainStatus = (domain: Domain): SQL | SQLiteColumn =>
  domain === "top" ? ownWorst : domain === "bottom" ? d.peripherals_condition : d.combined_status;

/** Devices with the peripheral type at the condition (or at 2 or 3 without one). */
const withPeripheral = (ctx: ReadCtx, type: MonitoredPeripheralType, condition: 2 | 3 | undefined) =>
  sql`${d.uuid} in (select ${dpc.device_uuid} from ${dpc} where ${inSpace(
    ctx,
    dpc,
    eq(dpc.type, type),
    condition ? eq(dpc.condition, condition) : gte(dpc.condition, 2),
  )})`;

export function monitoringWhere(ctx: ReadCtx, q: MonitoringFilters): SQL | undefined {
  if (q.condition !== undefined && !q.heading) {
    throw new ApiError("validation_error", "There are validation errors.", {
      heading: ["Select a heading to filter by its condition."],
    });
  }
  const condition = q.condition as 2 | 3 | undefined;
  const heading = (key: string) => {
    const column = HEADING_COLUMN.get(key);
    if (!column) return withPeripheral(ctx, key as MonitoredPeripheralType, condition);
    return condition ? eq(column, condition) : gte(column, 2);
  };
  return inSpace(
    ctx,
    d,
    eq(d.connected_status, "connected"),
    q.name
      ? sql`${d}.rowid in (select "s".rowid from ${d} as "s" where "s"."space_uuid" = ${ctx.space.space_uuid} and ${contains(
          sql.raw(`"s"."name"`),
          q.name,
        )})`
      : undefined,
    q.location_uuid ? eq(d.location_uuid, q.location_uuid) : undefined,
    q.device_type_uuid ? eq(d.device_type_uuid, q.device_type_uuid) : undefined,
    q.combined_status !== undefined ? sql`${domainStatus(q.domain)} = ${q.combined_status}` : undefined,
    q.heading ? heading(q.heading) : undefined,
  );
}

/** Only devices with a problem (2 or 3): a range of the monitoring index. Implied by any domain status ≥ 2. */
export const problemsOnly = (where: SQL | undefined) => and(where, gte(d.combined_status, 2));
