import type { TelemetryMetric } from "@contracts/monitoring/schema";
import { TELEMETRY_METRICS } from "@contracts/monitoring/values";

/** The range picker's choices and their spans. */
export const CHART_RANGES = ["1h", "24h", "7d", "30d"] as const;
export type ChartRange = (typeof CHART_RANGES)[number];
export const RANGE_MS: Record<ChartRange, number> = {
  "1h": 3_600_000,
  "24h": 86_400_000,
  "7d": 7 * 86_400_000,
  "30d": 30 * 86_400_000,
};
/** Ranges served at 1-minute resolution: live samples are appended to these. */
export const LIVE_RANGES: readonly ChartRange[] = ["1h", "24h"];

/** The charts of the report, in order: every metric the series API serves. */
export const CHART_METRICS: readonly TelemetryMetric[] = TELEMETRY_METRICS;
