import { z } from "zod";
import { DEVICE_HEADINGS, MONITORED_PERIPHERAL_TYPES } from "../devices/health.ts";
import { choice, Device, HealthCode, optionalText } from "../devices/schema.ts";
import { PageInfo, PageQuery } from "../http/paging.ts";
import { searchText } from "../http/text.ts";

import { TELEMETRY_METRICS } from "./values.ts";

export { MAX_POINTS_PER_SERIES, MONITORING_PAGE_SIZE, TELEMETRY_METRICS } from "./values.ts";

/**
 * Monitoring (console.md §2.11, §3.10, §4, §7.3, §9): the performance list, its health counts,
 * and a device's telemetry series. Paths:
 * - GET /api/space/{space}/monitoring/device/items/?{MonitoringQuery} → MonitoringList
 * - GET /api/space/{space}/monitoring/counts/?{MonitoringQuery without paging} → MonitoringCounts
 * - GET /api/space/{space}/device/{uuid}/telemetry/?metric=…&from=…&to=… → TelemetrySeries
 */

export const HEADING_KEYS = DEVICE_HEADINGS.map((h) => h.key) as [
  (typeof DEVICE_HEADINGS)[number]["key"],
  ...(typeof DEVICE_HEADINGS)[number]["key"][],
];
/** A count to filter by: one of the device's headings or a monitored peripheral type. */
export const MonitoringHeading = choice([...HEADING_KEYS, ...MONITORED_PERIPHERAL_TYPES]);
export type MonitoringHeading = z.infer<typeof MonitoringHeading>;

/** The monitoring filter set (console.md §3.10), plus the count a user clicked (heading + condition). */
export const MonitoringQuery = z.object({
  name: searchText,
  location_uuid: optionalText,
  device_type_uuid: optionalText,
  /** Worst condition of the device: 0, 1, 2 or 3. */
  combined_status: z.coerce.number().int().min(0).max(3).optional(),
  /** top: the device's own headings; bottom: its peripherals. Narrows combined_status and the counts. */
  domain: choice(["top", "bottom"]).optional(),
  /** With `condition`: only devices whose heading (or peripheral type) has that condition. */
  heading: MonitoringHeading.optional(),
  condition: z.coerce
    .number()
    .int()
    .refine((v) => v === 2 || v === 3, "Select a valid choice: 2 (warning) or 3 (critical).")
    .optional(),
  ...PageQuery.shape,
});
export type MonitoringQuery = z.infer<typeof MonitoringQuery>;

/** A device in the performance list: the list fields plus every condition and its peripherals' statuses. */
export const MonitoringDevice = Device.extend({
  telemetry_updated_at: z.string().nullable(),
  cpu_condition: HealthCode,
  thermal_condition: HealthCode,
  uptime_condition: HealthCode,
  ram_condition: HealthCode,
  storage_condition: HealthCode,
  disk_health_condition: HealthCode,
  gpu_condition: HealthCode,
  network_condition: HealthCode,
  peripherals_condition: HealthCode,
  /** Worst status per peripheral reported in telemetry (name, type as the agent names it, status). */
  peripherals_status: z.array(z.object({ device: z.string(), type: z.string().optional(), status: z.number() })),
});
export type MonitoringDevice = z.infer<typeof MonitoringDevice>;

export const MonitoringList = z.object({
  devices: z.array(MonitoringDevice),
  ...PageInfo.shape,
});
export type MonitoringList = z.infer<typeof MonitoringList>;

const Count = z.object({ warning: z.number().int(), critical: z.number().int() });

/** Devices with a heading (or peripheral type) at 2 and at 3, for the current filters. */
export const MonitoringCounts = z.object({
  headings: z.array(Count.extend({ key: z.enum(HEADING_KEYS) })),
  peripherals: z.array(Count.extend({ type: z.enum(MONITORED_PERIPHERAL_TYPES) })),
  /** Devices matching the filters, and those whose combined status is 2 / 3. */
  devices: Count.extend({ total: z.number().int() }),
});
export type MonitoringCounts = z.infer<typeof MonitoringCounts>;

export const TelemetryMetric = choice(TELEMETRY_METRICS);
export type TelemetryMetric = z.infer<typeof TelemetryMetric>;

/** GET …/device/{uuid}/telemetry/?metric=…&from=…&to=… (ISO times; default the last hour). */
export const TelemetrySeriesQuery = z.object({
  metric: TelemetryMetric,
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type TelemetrySeriesQuery = z.infer<typeof TelemetrySeriesQuery>;

/** One point: time (ms), value, and for 15-minute rollups the bucket's min and max. */
export const SeriesPoint = z.object({
  t: z.number(),
  v: z.number(),
  min: z.number().optional(),
  max: z.number().optional(),
});
export type SeriesPoint = z.infer<typeof SeriesPoint>;

export const TelemetrySeries = z.object({
  device_uuid: z.string(),
  metric: TelemetryMetric,
  from: z.string(),
  to: z.string(),
  /** "1m": raw one-minute samples (last 48 h); "15m": rollups (up to 30 days). */
  resolution: z.enum(["1m", "15m"]),
  unit: z.string(),
  /** Warning and critical lines for the chart (contracts/devices/health.ts), when the metric has them. */
  thresholds: z.object({ warning: z.number(), critical: z.number() }).nullable(),
  series: z.array(z.object({ key: z.string(), label: z.string(), points: z.array(SeriesPoint) })),
});
export type TelemetrySeries = z.infer<typeof TelemetrySeries>;
