import type { TelemetryMetric, TelemetrySeries } from "@contracts/monitoring/schema";
import { formatRate } from "@/features/devices/logic/format";

/** One row of a chart: the time and, per series i, `s{i}` (value) and `s{i}_band` ([min, max] of a rollup). */
export type ChartRow = { t: number } & Record<string, number | [number, number] | undefined>;

/**
 * The reply's series as rows for Recharts, one per time, series by index (a partition name
 * such as "/data.x" is no safe data key); a 15-minute rollup adds each bucket's min–max band.
 */
export function chartRows(reply: TelemetrySeries): ChartRow[] {
  const rows = new Map<number, ChartRow>();
  reply.series.forEach((series, i) => {
    for (const point of series.points) {
      const row: ChartRow = rows.get(point.t) ?? { t: point.t };
      row[`s${i}`] = point.v;
      if (point.min !== undefined && point.max !== undefined) row[`s${i}_band`] = [point.min, point.max];
      rows.set(point.t, row);
    }
  });
  return [...rows.values()].sort((a, b) => a.t - b.t);
}

export const pointCount = (reply: TelemetrySeries) => reply.series.reduce((sum, s) => sum + s.points.length, 0);

/** A chart value as read: %, °C or a byte rate with the traffic units. */
export function formatMetric(metric: TelemetryMetric, value: number): string {
  if (metric === "network") return formatRate(value);
  if (metric === "cpu_temperature") return `${value.toFixed(1)} °C`;
  return `${value.toFixed(1)}%`;
}

/** Axis ticks: a clock time up to a day, a date beyond. */
export function formatTick(t: number, spanMs: number, lang: string): string {
  const d = new Date(t);
  if (spanMs <= 86_400_000)
    return `${String(d.getHours()).padStart(2, "0")}:${String(d.getMinutes()).padStart(2, "0")}`;
  const month = new Intl.DateTimeFormat(lang, { month: "short" }).format(d).replace(".", "");
  return `${String(d.getDate()).padStart(2, "0")} ${month}`;
}

/** A byte-rate axis's one unit (§9's traffic units: KB below 1e4 bytes, MB from 1e4, GB from 1e9). */
export type RateUnit = { divisor: number; suffix: "KB/s" | "MB/s" | "GB/s" };

/** The unit of a rate axis, chosen from the largest value shown, so every tick reads in it. */
export function rateUnit(max: number): RateUnit {
  if (max >= 1e9) return { divisor: 1e9, suffix: "GB/s" };
  if (max >= 1e4) return { divisor: 1e6, suffix: "MB/s" };
  return { divisor: 1e3, suffix: "KB/s" };
}

/**
 * A rate in a given unit: 2 decimals below 10, 1 below 100, none above; below 1, two significant
 * digits (0.015, not a rounded 0.01 next to a 0.02 tick).
 */
export function formatInUnit(value: number, unit: RateUnit): string {
  const scaled = value / unit.divisor;
  const abs = Math.abs(scaled);
  if (abs > 0 && abs < 1) return `${Number(scaled.toPrecision(2))} ${unit.suffix}`;
  const digits = abs === 0 || abs >= 100 ? 0 : abs >= 10 ? 1 : 2;
  return `${scaled.toFixed(digits)} ${unit.suffix}`;
}

/** The largest value a reply draws (bands included), 0 without points. */
export function seriesMax(reply: TelemetrySeries): number {
  let max = 0;
  for (const series of reply.series)
    for (const point of series.points) max = Math.max(max, point.v, point.max ?? Number.NEGATIVE_INFINITY);
  return max;
}

/** A percent axis: 0 to 100, whatever the values (a full disk is at the top, not the middle). */
export const PERCENT_TICKS = [0, 25, 50, 75, 100];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const TIME_STEPS = [
  5 * MINUTE,
  10 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  DAY,
  2 * DAY,
  7 * DAY,
];

/**
 * Time-axis ticks at round times between `from` and `to` (local hours and midnights), at most
 * `most` and never fewer than two: the smallest round step that fits. `offsetMin`: the local
 * zone's offset east of UTC in minutes (`-new Date().getTimezoneOffset()`), so a day tick sits at
 * local midnight.
 */
export function timeTicks(from: number, to: number, most = 6, offsetMin = 0): number[] {
  const span = to - from;
  if (!(span > 0)) return [from];
  const step = TIME_STEPS.find((s) => span / s <= most) ?? Math.ceil(span / most / DAY) * DAY;
  const shift = offsetMin * MINUTE;
  const ticks: number[] = [];
  for (let t = Math.ceil((from + shift) / step) * step - shift; t <= to; t += step) ticks.push(t);
  return ticks.length >= 2 ? ticks : [from, to];
}

/** How a chart's values read (axis, legend, tooltip alike): a rate in its axis's one unit, else formatMetric. */
export function metricFormatter(reply: TelemetrySeries): (value: number) => string {
  if (reply.metric !== "network") return (value) => formatMetric(reply.metric, value);
  const unit = rateUnit(seriesMax(reply));
  return (value) => formatInUnit(value, unit);
}
