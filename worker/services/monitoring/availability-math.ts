import { WEEKDAYS } from "../../../contracts/locations/working-time.ts";
import { seconds, type WeeklySchedule, zoneFormatters } from "../locations/working-hours.ts";

/**
 * Availability over working time as pure functions: the working hours of a window as UTC
 * intervals (a weekly schedule read on a zone's wall clocks, DST and overnight entries included),
 * and the share of that time during which all of a location's devices were online, from their
 * recorded outages (device_outage) and their current state. Both are exact: the working time is
 * the set of instants insideWorkingHours (working-hours.ts) calls working, and a device is online
 * at every instant after its installation that no outage covers. The wall
 * (worker/services/monitoring/availability.ts) and a device's Reports tab
 * (worker/services/devices/history.ts) read the rows and call these.
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
export function naiveLocal(timeZone: string, ms: number): number {
  const p: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(ms))) p[part.type] = Number(part.value);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour % 24, p.minute, p.second);
}

/** The zone's offset from UTC at `ms` (ms, whole seconds). */
const offsetAt = (timeZone: string, ms: number) => naiveLocal(timeZone, ms) - Math.floor(ms / 1000) * 1000;

/**
 * The stretches of [from, to) over which `timeZone` keeps one offset from UTC, as
 * [start, end, offset] (ms). A change of offset is found to the second by bisection; a range is
 * taken to hold at most one change when both its ends have the same offset and it spans no more
 * than two days (zones change at most twice a year).
 */
function offsetSegments(timeZone: string, from: number, to: number): [number, number, number][] {
  const out: [number, number, number][] = [];
  let start = from;
  let offset = offsetAt(timeZone, from);
  while (start < to) {
    if (offsetAt(timeZone, to - 1) === offset) {
      out.push([start, to, offset]);
      break;
    }
    // The first second at which the offset is no longer `offset`.
    let lo = start;
    let hi = to - 1;
    while (hi - lo > 1000) {
      const mid = Math.floor((lo + hi) / 2000) * 1000;
      if (mid <= lo) break;
      if (offsetAt(timeZone, mid) === offset) lo = mid;
      else hi = mid;
    }
    // The offset is a function of the whole second (offsetAt), so the change is hi's second.
    const change = Math.floor(hi / 1000) * 1000;
    out.push([start, change, offset]);
    start = change;
    offset = offsetAt(timeZone, change);
  }
  return out;
}

/**
 * The offset segments around one local day (naive midnight `day`), cached per zone: the UTC range
 * any wall-clock time of that day or the next (overnight entries) can fall in.
 */
const segmentCache = new Map<string, [number, number, number][]>();
function daySegments(timeZone: string, day: number): [number, number, number][] {
  const key = `${timeZone}|${day}`;
  let segments = segmentCache.get(key);
  if (!segments) {
    // Offsets lie within ±14 h: a wall-clock time of [day, day + 2 days) happens inside this range.
    segments = offsetSegments(timeZone, day - 15 * 3_600_000, day + 2 * DAY_MS + 15 * 3_600_000);
    // A long-lived isolate reads a bounded number of zones and days; keep the cache bounded too.
    if (segmentCache.size > 20_000) segmentCache.clear();
    segmentCache.set(key, segments);
  }
  return segments;
}

/**
 * The UTC instants whose wall-clock reading in `timeZone` lies in the naive local span
 * [localStart, localEnd) of local day `day`: one interval on most days, two when the clocks go
 * back inside it (the repeated hour happens twice), shorter when they go forward (the skipped
 * hour never happens).
 */
function localSpanToUtc(timeZone: string, day: number, localStart: number, localEnd: number): Interval[] {
  const out: Interval[] = [];
  for (const [a, b, offset] of daySegments(timeZone, day)) {
    const start = Math.max(a, localStart - offset);
    const end = Math.min(b, localEnd - offset);
    if (end > start) out.push([start, end]);
  }
  return out;
}

/**
 * The instant a naive local time (wall-clock fields read as UTC) first happens in `timeZone`. A
 * time the clocks skip (spring forward) is the end of the gap — the first instant the wall clock
 * is past it, as insideWorkingHours reads it; a time they repeat (fall back) is its first occurrence.
 */
export function zonedToUtc(timeZone: string, naive: number): number {
  const day = Math.floor(naive / DAY_MS) * DAY_MS;
  const [first] = localSpanToUtc(timeZone, day, naive, day + 2 * DAY_MS);
  return first ? first[0] : naive - offsetAt(timeZone, naive);
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
 * The working time of [from, to) as UTC intervals: exactly the instants insideWorkingHours
 * (working-hours.ts) calls working. Each entry of `schedule` on every local day the window
 * touches, on the wall clocks of `timeZone`. Ends are inclusive to the second (09:00:00–17:00:00
 * is [09:00:00, 17:00:01)); an entry whose end is before its start runs past midnight into the
 * next day (the next day off or not). On the day the clocks go back, a span over the repeated
 * hour holds it twice; on the day they go forward, the skipped hour is not working time.
 */
export function workingIntervals(schedule: WeeklySchedule, timeZone: string, from: number, to: number): Interval[] {
  const out: Interval[] = [];
  for (const { day, start, end } of localWorkingSpans(schedule, timeZone, from, to)) {
    for (const [a, b] of localSpanToUtc(timeZone, day, start, end)) {
      const clipped: Interval = [Math.max(from, a), Math.min(to, b)];
      if (clipped[1] > clipped[0]) out.push(clipped);
    }
  }
  return mergeIntervals(out);
}

/**
 * Each entry of `schedule` on every local day that [from, to) touches (and the day before, whose
 * overnight entries reach into it), as a naive local span [start, end) of local day `day` (wall-clock
 * fields read as UTC, ms): the end inclusive to the second, an end before the start past midnight.
 */
export function* localWorkingSpans(
  schedule: WeeklySchedule,
  timeZone: string,
  from: number,
  to: number,
): Generator<{ day: number; start: number; end: number }> {
  if (to <= from) return;
  const first = Math.floor(naiveLocal(timeZone, from) / DAY_MS) * DAY_MS - DAY_MS;
  const last = Math.floor(naiveLocal(timeZone, to) / DAY_MS) * DAY_MS;
  for (let day = first; day <= last; day += DAY_MS) {
    const weekday = WEEKDAYS[(new Date(day).getUTCDay() + 6) % 7];
    for (const entry of schedule[weekday] ?? []) {
      const start = seconds(entry.start);
      let end = seconds(entry.end) + 1;
      if (end <= start) end += 86_400;
      yield { day, start: day + start * 1000, end: day + end * 1000 };
    }
  }
}

/** What is known about one installed device of a location. */
export type DeviceHistory = {
  /** When it was installed (ms); before that it is not one of the location's devices. null: always was. */
  installed_at: number | null;
  /** Its offline spans [start, end) in ms, in any order; one still going on ends at Infinity. */
  offline: readonly Interval[];
};

/** What device_outage and the device row hold about one device, as the reads return them. */
export type DeviceState = {
  installed_at: number | null;
  online: boolean;
  /** Start of the current online streak while online. */
  online_since: number | null;
  /** When it was last heard: while offline, the start of its current outage. */
  last_seen: number | null;
};
export type OutageSpan = { started_at: number; ended_at: number | null };

/**
 * A device's history from its outage rows and its current state. The row is the newer word: an
 * outage left open while the device is online (its close was lost) ends when the current streak
 * began, and a device offline with no open outage row (offline since before outages were
 * recorded) is offline since it was last heard — or since installation when it never was.
 */
export function deviceHistory(state: DeviceState, outages: readonly OutageSpan[]): DeviceHistory {
  const offline: Interval[] = [];
  for (const o of outages) {
    const end = o.ended_at ?? (state.online ? (state.online_since ?? o.started_at) : Number.POSITIVE_INFINITY);
    offline.push([o.started_at, end]);
  }
  if (!state.online) {
    offline.push([state.last_seen ?? state.installed_at ?? Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY]);
  }
  return { installed_at: state.installed_at, offline };
}

/** The parts of two merged (sorted, disjoint) interval lists that both cover. */
function intersect(a: readonly Interval[], b: readonly Interval[]): Interval[] {
  const out: Interval[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const start = Math.max(a[i][0], b[j][0]);
    const end = Math.min(a[i][1], b[j][1]);
    if (end > start) out.push([start, end]);
    if (a[i][1] < b[j][1]) i++;
    else j++;
  }
  return out;
}

const length = (intervals: readonly Interval[]) => intervals.reduce((sum, [a, b]) => sum + (b - a), 0);

/**
 * Seconds of `working` (UTC intervals) during which at least one device was installed, and of
 * those the seconds during which all installed devices were online: the location is available
 * only while none of its devices is in an outage (a site's devices usually fail together: power,
 * network). Exact, from the intervals themselves.
 */
export function locationAvailableSeconds(
  working: readonly Interval[],
  devices: readonly DeviceHistory[],
): { working_seconds: number; available_seconds: number } {
  if (devices.length === 0) return { working_seconds: 0, available_seconds: 0 };
  let firstInstalled = Number.POSITIVE_INFINITY;
  for (const d of devices) firstInstalled = Math.min(firstInstalled, d.installed_at ?? Number.NEGATIVE_INFINITY);
  const counted = intersect(mergeIntervals(working), [[firstInstalled, Number.POSITIVE_INFINITY]]);
  const down: Interval[] = [];
  for (const d of devices) {
    const installed = d.installed_at ?? Number.NEGATIVE_INFINITY;
    for (const [a, b] of d.offline) down.push([Math.max(a, installed), b]);
  }
  const workingMs = length(counted);
  const lostMs = length(intersect(counted, mergeIntervals(down)));
  return {
    working_seconds: Math.round(workingMs / 1000),
    available_seconds: Math.round((workingMs - lostMs) / 1000),
  };
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
