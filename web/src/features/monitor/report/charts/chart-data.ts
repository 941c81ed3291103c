import type { TelemetryMetric, TelemetrySeries } from "@contracts/monitoring";
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
