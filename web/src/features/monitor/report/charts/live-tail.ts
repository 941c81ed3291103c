import type { TelemetrySeries } from "@contracts/monitoring/schema";
import { MAX_POINTS_PER_SERIES } from "@contracts/monitoring/values";

/** A live value for one series of a chart (contracts/devices/telemetry-metrics.ts metricValues). */
export type TailValue = { series: string; value: number };

/** How many points a live-tailed series keeps at most (the reply's 500 plus a day of minutes would be more). */
export const MAX_TAIL_POINTS = MAX_POINTS_PER_SERIES * 2;

type Points = TelemetrySeries["series"][number]["points"];

const MINUTE_MS = 60_000;
const minuteOf = (t: number) => Math.floor(t / MINUTE_MS);

/**
 * Puts a point in time order. The room keeps one point per minute (the latest report of the
 * minute wins, a Refresh Data included), so a point in a minute already drawn replaces it.
 */
function insert(points: Points, t: number, v: number): Points {
  const last = points.at(-1);
  if (!last || minuteOf(last.t) < minuteOf(t)) return [...points, { t, v }];
  const at = points.findIndex((p) => minuteOf(p.t) >= minuteOf(t));
  const next = [...points];
  const there = next[at];
  if (there && minuteOf(there.t) === minuteOf(t)) {
    if (there.t <= t) next[at] = { t, v };
  } else next.splice(at, 0, { t, v });
  return next;
}

/**
 * A series reply with a live sample appended (the charts' live tail): each value goes to its
 * series (created when the reply had none of that name), one point per minute like the room; points older
 * than `windowMs` before the sample and beyond `cap` (oldest first) are dropped. Rollup replies
 * (15m) are returned unchanged: a raw minute does not belong among 15-minute buckets.
 */
export function appendSample(
  reply: TelemetrySeries,
  values: readonly TailValue[],
  at: number,
  windowMs: number,
  cap = MAX_TAIL_POINTS,
): TelemetrySeries {
  if (values.length === 0 || reply.resolution !== "1m") return reply;
  const start = at - windowMs;
  const series = [...reply.series];
  for (const { series: key, value } of values) {
    if (!Number.isFinite(value)) continue;
    const index = series.findIndex((s) => s.key === key);
    const current = index >= 0 ? series[index] : { key, label: key, points: [] };
    if (!current) continue;
    const points = insert(current.points, at, value).filter((p) => p.t >= start);
    const updated = { ...current, points: points.slice(Math.max(0, points.length - cap)) };
    if (index >= 0) series[index] = updated;
    else series.push(updated);
  }
  const to = Date.parse(reply.to) < at ? new Date(at).toISOString() : reply.to;
  const from = new Date(Math.max(Date.parse(reply.from), start)).toISOString();
  return { ...reply, from, to, series };
}
