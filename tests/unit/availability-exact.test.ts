import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { WEEKDAYS } from "../../contracts/locations/working-time.ts";
import { insideWorkingHours, type WeeklySchedule } from "../../worker/services/locations/working-hours.ts";
import {
  deviceHistory,
  locationAvailableSeconds,
  type OutageSpan,
  workingIntervals,
} from "../../worker/services/monitoring/availability-math.ts";

/*
 * Availability is exact: over random fleets (installations, outages, legacy devices without rows),
 * random weekly schedules (overnight entries too), time zones with daylight saving (and half-hour
 * offsets) and a random `now` (often on a DST switch), the figure equals a brute-force count that
 * asks, step by step, whether the location was working (insideWorkingHours, the schedule's own
 * definition) and whether every installed device was online (from the generated events, not from
 * the rows the code reads).
 */

const MIN = 60_000;
const H = 3_600_000;
const DAY = 24 * H;

const ZONES = [
  "UTC",
  "Europe/Zagreb",
  "America/New_York",
  "Asia/Kolkata",
  "Pacific/Auckland",
  "Australia/Lord_Howe",
  "America/St_Johns",
];
/** Each zone's clock changes of 2026 (Lord Howe's moves by 30 min), and a month's last second, for `now` to cluster around. */
const SWITCHES: [string, string][] = [
  ["Europe/Zagreb", "2026-03-29T01:00:00Z"],
  ["Europe/Zagreb", "2026-10-25T01:00:00Z"],
  ["America/New_York", "2026-03-08T07:00:00Z"],
  ["America/New_York", "2026-11-01T06:00:00Z"],
  ["Pacific/Auckland", "2026-04-04T14:00:00Z"],
  ["Pacific/Auckland", "2026-09-26T14:00:00Z"],
  ["Australia/Lord_Howe", "2026-04-04T15:00:00Z"],
  ["America/St_Johns", "2026-03-08T05:30:00Z"],
  ["UTC", "2026-11-30T23:59:59Z"],
  ["Asia/Kolkata", "2026-02-28T18:29:59Z"],
];
/** A zone and a `now` within `before`..`after` minutes of one of its switches, or anywhere in 2026 in any zone. */
const zoneAndNow = (before: number, after: number, unit = MIN) =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.constantFrom(...SWITCHES), fc.integer({ min: -before, max: after }))
        .map(([[zone, at], k]) => [zone, Math.floor(Date.parse(at) / unit) * unit + k * unit] as const),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(
        fc.constantFrom(...ZONES),
        fc
          .integer({ min: Date.parse("2026-01-01T00:00:00Z") / unit, max: Date.parse("2027-01-01T00:00:00Z") / unit })
          .map((k) => k * unit),
      ),
    },
  );

const pad = (n: number) => String(n).padStart(2, "0");
const hms = (second: number) =>
  `${pad(Math.floor(second / 3600))}:${pad(Math.floor(second / 60) % 60)}:${pad(second % 60)}`;

/** A mark of the day on a `step`, often in the night hours when clocks change (00:00–04:00). */
const mark = (step: number) =>
  fc.oneof(fc.integer({ min: 0, max: 86_400 / step - 1 }), fc.integer({ min: 0, max: (4 * 3600) / step }));

/** A weekly schedule whose entries start and end on `step`-second marks (ends inclusive: "HH:MM:59" for minutes). */
const schedule = (step: number) =>
  fc.array(fc.tuple(fc.constantFrom(...WEEKDAYS), mark(step), mark(step)), { maxLength: 10 }).map((entries) => {
    const out: Partial<Record<(typeof WEEKDAYS)[number], { start: string; end: string }[]>> = {};
    for (const [day, a, b] of entries) {
      const list = out[day] ?? [];
      list.push({ start: hms(a * step), end: hms(b * step + step - 1) });
      out[day] = list;
    }
    return out as WeeklySchedule;
  });

/**
 * A device as events: installed (or always), then offline/online switches at increasing times.
 * `rows` says how much of its outage history was recorded: all, all but the open one (offline since
 * before recording), or nothing of it (never heard).
 */
type DeviceCase = { installed_at: number | null; switches: number[]; rows: "all" | "no-open" | "never-heard" };

const deviceCase = (from: number, to: number, step: number) =>
  fc.record({
    installed_at: fc.option(
      fc.integer({ min: Math.floor((from - 2 * DAY) / step), max: Math.floor(to / step) }).map((k) => k * step),
      { nil: null },
    ),
    switches: fc
      .uniqueArray(fc.integer({ min: Math.floor((from - DAY) / step), max: Math.floor(to / step) }), { maxLength: 8 })
      .map((list) => list.sort((a, b) => a - b).map((k) => k * step)),
    rows: fc.constantFrom("all", "all", "all", "no-open", "never-heard"),
  });

/** Whether the device was online at t: installed, then online until the first switch, offline until the next… */
function truthOnline(c: DeviceCase, t: number): boolean | null {
  if (c.rows === "never-heard") return c.installed_at !== null && t < c.installed_at ? null : false;
  const switches = c.switches.filter((s) => c.installed_at === null || s > c.installed_at);
  if (c.installed_at !== null && t < c.installed_at) return null;
  return switches.filter((s) => s <= t).length % 2 === 0;
}

/** What D1 holds for the case: the device row and its outage rows. */
function stored(c: DeviceCase, now: number) {
  if (c.rows === "never-heard")
    return { state: { installed_at: c.installed_at, online: false, online_since: null, last_seen: null }, outages: [] };
  const switches = c.switches.filter((s) => (c.installed_at === null || s > c.installed_at) && s <= now);
  const outages: OutageSpan[] = [];
  for (let i = 0; i < switches.length; i += 2)
    outages.push({ started_at: switches[i], ended_at: switches[i + 1] ?? null });
  const online = switches.length % 2 === 0;
  const last = switches.at(-1) ?? null;
  if (!online && c.rows === "no-open") outages.pop();
  return {
    state: {
      installed_at: c.installed_at,
      online,
      online_since: online ? (last ?? c.installed_at ?? now - 400 * DAY) : null,
      last_seen: online ? now : last,
    },
    outages,
  };
}

/** Working and available seconds by looking at the middle of every `step` of [from, to). */
function bruteForce(s: WeeklySchedule, zone: string, cases: DeviceCase[], from: number, to: number, step: number) {
  let working = 0;
  let available = 0;
  for (let t = from; t < to; t += step) {
    const mid = t + step / 2;
    if (!insideWorkingHours(s, zone, new Date(mid))) continue;
    const states = cases.map((c) => truthOnline(c, mid)).filter((x) => x !== null);
    if (states.length === 0) continue;
    working += step / 1000;
    if (states.every(Boolean)) available += step / 1000;
  }
  return { working, available };
}

function check(s: WeeklySchedule, zone: string, cases: DeviceCase[], from: number, now: number, step: number) {
  const histories = cases.map((c) => {
    const { state, outages } = stored(c, now);
    return deviceHistory(state, outages);
  });
  const exact = locationAvailableSeconds(workingIntervals(s, zone, from, now), histories);
  const brute = bruteForce(s, zone, cases, from, now, step);
  expect(Math.abs(exact.working_seconds - brute.working)).toBeLessThanOrEqual(1);
  expect(Math.abs(exact.available_seconds - brute.available)).toBeLessThanOrEqual(1);
}

describe("availability equals a brute-force count", () => {
  it("minute by minute over 24 h windows, fleets of up to 4 devices", () => {
    fc.assert(
      fc.property(
        zoneAndNow(24 * 60, 24 * 60).chain(([zone, n]) =>
          fc.tuple(
            fc.constant(n),
            schedule(60),
            fc.constant(zone),
            fc.array(deviceCase(n - DAY, n, MIN), { maxLength: 4 }),
          ),
        ),
        ([n, s, zone, cases]) => check(s, zone, cases, n - DAY, n, MIN),
      ),
      { numRuns: 150 },
    );
  });

  it("minute by minute over 7-day windows across a clock change", () => {
    fc.assert(
      fc.property(
        zoneAndNow(0, 7 * 24 * 60).chain(([zone, n]) =>
          fc.tuple(
            fc.constant(n),
            schedule(60),
            fc.constant(zone),
            fc.array(deviceCase(n - 7 * DAY, n, MIN), { maxLength: 3 }),
          ),
        ),
        ([n, s, zone, cases]) => check(s, zone, cases, n - 7 * DAY, n, MIN),
      ),
      { numRuns: 30 },
    );
  });

  it("second by second over 3 h windows, entries and outages on any second", () => {
    fc.assert(
      fc.property(
        zoneAndNow(2 * 3600, 3 * 3600, 1000).chain(([zone, n]) =>
          fc.tuple(
            fc.constant(n),
            schedule(1),
            fc.constant(zone),
            fc.array(deviceCase(n - 3 * H, n, 1000), { maxLength: 3 }),
          ),
        ),
        ([n, s, zone, cases]) => check(s, zone, cases, n - 3 * H, n, 1000),
      ),
      { numRuns: 25 },
    );
  });
});
