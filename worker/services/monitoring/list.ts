import { asc, desc, type SQL } from "drizzle-orm";
import type { MonitoringList, MonitoringQuery } from "../../../contracts/monitoring/schema.ts";
import { deviceTable as d } from "../../../drizzle/schema/index.ts";
import { pageInfo, pageWindow } from "../../lib/paging.ts";
import { listRowsCounted, mappedFields } from "../devices/d1-rows.ts";
import { deviceCountQuery } from "../devices/filters.ts";
import {
  deviceCategoryJoin,
  deviceListFields,
  deviceLocationJoin,
  deviceTypeJoin,
  type ReadCtx,
} from "../devices/rows.ts";
import { toDevices } from "../devices/to-devices.ts";
import type { ServiceArgs } from "../kernel/args.ts";
import { domainStatus, monitoringWhere } from "./filters.ts";

/** A listed device plus its conditions and its peripherals' statuses. */
const monitoringFields = {
  ...deviceListFields,
  telemetry_updated_at: d.telemetry_updated_at,
  cpu_condition: d.cpu_condition,
  thermal_condition: d.thermal_condition,
  uptime_condition: d.uptime_condition,
  ram_condition: d.ram_condition,
  storage_condition: d.storage_condition,
  disk_health_condition: d.disk_health_condition,
  gpu_condition: d.gpu_condition,
  network_condition: d.network_condition,
  peripherals_condition: d.peripherals_condition,
  peripherals_status: d.peripherals_status,
};

const MONITORING_MAPPED = mappedFields(monitoringFields);

/** The status the list orders by: for domain=top the virtual own_condition, which has its index. */
const orderStatus = (domain: MonitoringQuery["domain"]) => (domain === "top" ? d.own_condition : domainStatus(domain));

const monitoredRows = (ctx: ReadCtx, where: SQL | undefined) =>
  ctx.db
    .select(monitoringFields)
    .from(d)
    .innerJoin(...deviceTypeJoin)
    .innerJoin(...deviceCategoryJoin)
    .leftJoin(...deviceLocationJoin)
    .where(where)
    .$dynamic();

type MonitoredRow = Awaited<ReturnType<typeof monitoredRows>>[number];

/** One page of the list in problems-first order (exported so a test can show its query plan). */
export function pageStatement(ctx: ReadCtx, input: MonitoringQuery, where = monitoringWhere(ctx, input)) {
  const { limit, offset } = pageWindow(input.page, input.page_size);
  return monitoredRows(ctx, where)
    .orderBy(desc(orderStatus(input.domain)), asc(d.name), asc(d.uuid))
    .limit(limit)
    .offset(offset);
}

/**
 * GET /space/{space}/monitoring/device/items/ (console.md §7.3, §9): the monitored devices
 * matching the filters, problems first — the domain's status descending (3, 2, 1, 0, then no
 * data), then name and uuid — 36 a page by number, `links.next` while more follow. Without a
 * domain the order is a walk of device_space_uuid_monitoring_order_idx, with domain=top of
 * device_space_uuid_monitoring_own_idx, with domain=bottom of …_monitoring_peripherals_idx.
 */
export async function listMonitoredDevices({
  ctx,
  input,
}: ServiceArgs<MonitoringQuery & { url: string }, ReadCtx>): Promise<MonitoringList> {
  const where = monitoringWhere(ctx, input);
  // One D1 round trip: the count, and the page's rows with their tags, totals and schedules.
  const { rows, total } = await listRowsCounted<MonitoredRow>(
    ctx,
    pageStatement(ctx, input, where),
    deviceCountQuery(ctx, where),
    MONITORING_MAPPED,
  );
  return { devices: await toDevices(ctx, rows), ...pageInfo(input.url, input.page, input.page_size, total) };
}
