import { WEEKDAYS } from "../../../contracts/working-time.ts";
import { seconds, type WeeklySchedule, zoneFormatters } from "../locations/working-hours.ts";

/**
 * Location availability over working time (issue 16) as pure functions: the working hours of a
 * window as UTC intervals (a weekly schedule read on a zone's wall clocks, DST and overnight
 * entries included), and the share of that time during which all of a location's devices were
 * online, from what is stored about them — the seconds online per UTC day of their closed streaks
 * (device_availability, the Reports tab's data) and their current streak (online since / offline
 * since). worker/services/monitoring/availability.ts reads the rows and calls these.
 */

/** A half-open span of time [start, end) in epoch ms. */
export type Interval = readonly [number, number];

const DAY_MS = 86_400_000;

const formatterFor = zoneFormatters({
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** The wall-clock reading of `ms` in `timeZone` as a naive UTC timestamp (same fields, read as UTC). */
function naiveLocal(timeZone: string, ms: number): number {
  const p: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(ms))) p[part.type] = Number(part.value);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour % 24, p.minute, p.second);
}

/** The zone's offset from UTC at `ms` (ms, whole seconds). */
const offsetAt = (timeZone: string, ms: number) => naiveLocal(timeZone, ms) - Math.floor(ms / 1000) * 1000;

/**
 * The instant a naive local time (wall-clock fields read as UTC) happens in `timeZone`. A time
 * the clocks skip (spring forward) lands just after the gap; a time they repeat (fall back)
 * is its later occurrence.
 */
export function zonedToUtc(timeZone: string, naive: number): number {
  const first = naive - offsetAt(timeZone, naive);
  return naive - offsetAt(timeZone, first);
}

/** Sorts and merges overlapping or touching intervals, dropping empty ones. */
export function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals.filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0]);
  const out: [number, number][] = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/**
 * The working time of [from, to) as UTC intervals: each entry of `schedule` on every local day
 * the window touches, on the wall clocks of `timeZone`. Ends are inclusive to the second, as
 * working-hours.ts reads them (09:00:00–17:00:00 is [09:00:00, 17:00:01)); an entry whose end is
 * before its start runs past midnight into the next day (the next day off or not).
 */
export function workingIntervals(schedule: WeeklySchedule, timeZone: string, from: number, to: number): Interval[] {
  if (to <= from) return [];
  // Local days from the one before `from` (its overnight entries reach into the window) to `to`'s.
  const first = Math.floor(naiveLocal(timeZone, from) / DAY_MS) * DAY_MS - DAY_MS;
  const last = Math.floor(naiveLocal(timeZone, to) / DAY_MS) * DAY_MS;
  const out: Interval[] = [];
  for (let day = first; day <= last; day += DAY_MS) {
    const weekday = WEEKDAYS[(new Date(day).getUTCDay() + 6) % 7];
    for (const entry of schedule[weekday] ?? []) {
      const start = seconds(entry.start);
      let end = seconds(entry.end) + 1;
      if (end <= start) end += 86_400;
      const a = Math.max(from, zonedToUtc(timeZone, day + start * 1000));
      const b = Math.min(to, zonedToUtc(timeZone, day + end * 1000));
      if (b > a) out.push([a, b]);
    }
  }
  return mergeIntervals(out);
}

/** What is stored about one installed device of a location. */
export type DeviceHistory = {
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
export function onlineShareAt(device: DeviceHistory, t: number): number | null {
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
export function locationAvailableSeconds(
  working: readonly Interval[],
  devices: readonly DeviceHistory[],
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

/** The availability figure: available ÷ working, or null without working time. */
export const availabilityRatio = (r: { working_seconds: number; available_seconds: number }) =>
  r.working_seconds > 0 ? Math.min(1, r.available_seconds / r.working_seconds) : null;

/** Worst first (lowest share), locations without a figure last; then by name. */
export function byAvailability<T extends { availability: number | null; location_name: string }>(a: T, b: T) {
  if (a.availability !== b.availability) {
    if (a.availability === null) return 1;
    if (b.availability === null) return -1;
    return a.availability - b.availability;
  }
  return a.location_name.localeCompare(b.location_name);
}
