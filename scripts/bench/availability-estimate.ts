/**
 * The baseline of scripts/bench/availability.ts: how the wall computed availability before outages
 * were recorded — an estimate from each device's seconds online per UTC day and its current
 * streak, spread evenly over each day. Kept here only to be timed beside the exact computation;
 * nothing in the product uses it.
 */
import type { WeeklySchedule } from "../../worker/services/locations/working-hours.ts";
import {
  type Interval,
  localWorkingSpans,
  mergeIntervals,
  naiveLocal,
} from "../../worker/services/monitoring/availability-math.ts";

const DAY_MS = 86_400_000;

/** The zone's offset from UTC at `ms` (ms, whole seconds). */
const offsetAt = (timeZone: string, ms: number) => naiveLocal(timeZone, ms) - Math.floor(ms / 1000) * 1000;

/**
 * The instant a naive local time (wall-clock fields read as UTC) happens in `timeZone`. A time
 * the clocks skip (spring forward) lands just after the gap; a time they repeat (fall back)
 * is its later occurrence.
 */
function zonedToUtc(timeZone: string, naive: number): number {
  const first = naive - offsetAt(timeZone, naive);
  return naive - offsetAt(timeZone, first);
}

/**
 * The working time of [from, to) as UTC intervals: each entry of `schedule` on every local day
 * the window touches, on the wall clocks of `timeZone`. Ends are inclusive to the second, as
 * working-hours.ts reads them (09:00:00–17:00:00 is [09:00:00, 17:00:01)); an entry whose end is
 * before its start runs past midnight into the next day (the next day off or not).
 */
export function estimateWorkingIntervals(
  schedule: WeeklySchedule,
  timeZone: string,
  from: number,
  to: number,
): Interval[] {
  const out: Interval[] = [];
  for (const { start, end } of localWorkingSpans(schedule, timeZone, from, to)) {
    const a = Math.max(from, zonedToUtc(timeZone, start));
    const b = Math.min(to, zonedToUtc(timeZone, end));
    if (b > a) out.push([a, b]);
  }
  return mergeIntervals(out);
}

/** What is stored about one installed device of a location. */
export type EstimateHistory = {
  /** When it was installed (ms); before that it is not one of the location's devices. null: always was. */
  installed_at: number | null;
  online: boolean;
  /**
   * Start of the current streak (ms): online_since while online, last_seen (when it was last
   * heard) while offline. null while offline: it was never heard, offline throughout.
   */
  streak_start: number | null;
  /** Seconds online per UTC day (YYYY-MM-DD) of its closed streaks (device_availability). */
  online_seconds: ReadonlyMap<string, number>;
};

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The chance that `device` was online at `t`, or null when it was not installed yet. Inside the
 * current streak this is exact (1 or 0). Before it, the stored data says only how long the device
 * was online on each UTC day, not when: that time is taken as spread evenly over the part of the
 * day it was installed and not yet in its current streak.
 */
export function onlineShareAt(device: EstimateHistory, t: number): number | null {
  const installed = device.installed_at ?? Number.NEGATIVE_INFINITY;
  if (t < installed) return null;
  const streak = device.streak_start ?? (device.online ? Number.NEGATIVE_INFINITY : installed);
  if (t >= streak) return device.online ? 1 : 0;
  const dayStart = Math.floor(t / DAY_MS) * DAY_MS;
  const observed = (Math.min(dayStart + DAY_MS, streak) - Math.max(dayStart, installed)) / 1000;
  if (observed <= 0) return 0;
  return Math.min(1, Math.max(0, (device.online_seconds.get(utcDay(t)) ?? 0) / observed));
}

/**
 * Seconds of `working` (UTC intervals) during which at least one device was installed, and the
 * estimated seconds of those during which all of them were online. Between the data's steps
 * (UTC midnights, installations, streak starts, working-time edges) each device has one online
 * share; the location counts as available for the smallest share of its devices — a site's
 * devices usually fail together (power, network) — so where the streaks are known (the wall's
 * usual case: who is offline right now, since when) the figure is exact, and a past day is an
 * estimate from its daily totals.
 */
export function estimatedAvailableSeconds(
  working: readonly Interval[],
  devices: readonly EstimateHistory[],
): { working_seconds: number; available_seconds: number } {
  let workingMs = 0;
  let availableMs = 0;
  for (const [from, to] of working) {
    const cuts = new Set<number>([from, to]);
    for (let midnight = Math.ceil(from / DAY_MS) * DAY_MS; midnight < to; midnight += DAY_MS) cuts.add(midnight);
    for (const d of devices) {
      for (const t of [d.installed_at, d.streak_start]) if (t !== null && t > from && t < to) cuts.add(t);
    }
    const points = [...cuts].sort((a, b) => a - b);
    for (let i = 0; i + 1 < points.length; i++) {
      const [a, b] = [points[i], points[i + 1]];
      let share: number | null = null;
      for (const d of devices) {
        const s = onlineShareAt(d, a);
        if (s !== null) share = share === null ? s : Math.min(share, s);
      }
      if (share === null) continue;
      workingMs += b - a;
      availableMs += (b - a) * share;
    }
  }
  return { working_seconds: Math.round(workingMs / 1000), available_seconds: Math.round(availableMs / 1000) };
}
