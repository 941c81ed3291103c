/**
 * `node scripts/bench/availability.ts [--locations 1000] [--devices 100] [--days 30] [--rounds 5]`:
 * location availability computed exactly from outages (worker/services/monitoring/availability-math.ts,
 * what the wall and the Reports tab run) against the estimate from daily totals it replaced
 * (scripts/bench/availability-estimate.ts), on the same synthetic fleet, side by side in one process:
 * each round times both, alternating which goes first. Prints each side's median and the ratio
 * exact ÷ estimate (target ≤ 2). Both include the working-time intervals of each location's schedule
 * on its zone's clocks, and the exact side builds each device's history from its outage rows.
 */
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { createRng } from "../../agent/sim/prng.ts";
import { onlineSecondsPerDay } from "../../contracts/devices/presence.ts";
import type { WeeklySchedule } from "../../worker/services/locations/working-hours.ts";
import {
  type DeviceState,
  deviceHistory,
  locationAvailableSeconds,
  type OutageSpan,
  workingIntervals,
} from "../../worker/services/monitoring/availability-math.ts";
import { type EstimateHistory, estimatedAvailableSeconds, estimateWorkingIntervals } from "./availability-estimate.ts";

const { values } = parseArgs({
  options: {
    locations: { type: "string", default: "1000" },
    devices: { type: "string", default: "100" },
    days: { type: "string", default: "30" },
    rounds: { type: "string", default: "5" },
  },
});
const LOCATIONS = Number(values.locations);
const DEVICES = Number(values.devices);
const DAYS = Number(values.days);
const ROUNDS = Number(values.rounds);

const MIN = 60_000;
const H = 60 * MIN;
const DAY = 24 * H;
// A fixed instant (a Sunday night, past midnight UTC): the result never depends on when the bench runs.
const NOW = Date.parse("2026-11-29T02:10:00Z");
const FROM = NOW - DAYS * DAY;

const ZONES = ["Europe/Zagreb", "America/New_York", "Asia/Kolkata", "Europe/London", "Australia/Sydney"];
const RETAIL: WeeklySchedule = {
  ...Object.fromEntries(
    ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday"].map((d) => [
      d,
      [{ start: "08:00:00", end: "19:59:59" }],
    ]),
  ),
  sunday: [{ start: "10:00:00", end: "15:59:59" }],
};

type Device = { state: DeviceState; outages: OutageSpan[]; estimate: EstimateHistory };

/** A fleet where every device had outages in the window (the worst case: none is "online throughout"). */
function fleet() {
  const rng = createRng(42);
  return Array.from({ length: LOCATIONS }, (_, l) => {
    const devices: Device[] = [];
    for (let i = 0; i < DEVICES; i++) {
      const installed = FROM - rng.int(1, 300) * DAY;
      const outages: OutageSpan[] = [];
      let t = FROM - rng.int(0, 3) * DAY;
      for (;;) {
        t += rng.int(2 * H, 20 * DAY);
        if (t >= NOW) break;
        const end = t + rng.int(1, 240) * MIN;
        outages.push({ started_at: t, ended_at: end >= NOW ? null : end });
        t = end;
        if (end >= NOW) break;
      }
      const last = outages.at(-1);
      const online = !last || last.ended_at !== null;
      const state: DeviceState = {
        installed_at: installed,
        online,
        online_since: online ? (last?.ended_at ?? installed) : null,
        last_seen: online ? NOW : (last?.started_at ?? null),
      };
      // What device_availability held: seconds online per UTC day of each closed streak.
      const seconds = new Map<string, number>();
      let cursor = installed;
      for (const o of outages) {
        if (o.ended_at === null) break;
        for (const { day, seconds: s } of onlineSecondsPerDay(Math.max(cursor, FROM - DAY), o.started_at))
          seconds.set(day, (seconds.get(day) ?? 0) + s);
        cursor = o.ended_at;
      }
      const estimate: EstimateHistory = {
        installed_at: installed,
        online,
        streak_start: online ? state.online_since : state.last_seen,
        online_seconds: seconds,
      };
      devices.push({ state, outages, estimate });
    }
    return { zone: ZONES[l % ZONES.length], devices };
  });
}

function exact(locations: ReturnType<typeof fleet>) {
  let sum = 0;
  for (const { zone, devices } of locations) {
    const working = workingIntervals(RETAIL, zone, FROM, NOW);
    const histories = devices.map((d) => deviceHistory(d.state, d.outages));
    sum += locationAvailableSeconds(working, histories).available_seconds;
  }
  return sum;
}

function estimate(locations: ReturnType<typeof fleet>) {
  let sum = 0;
  for (const { zone, devices } of locations) {
    const working = estimateWorkingIntervals(RETAIL, zone, FROM, NOW);
    sum += estimatedAvailableSeconds(
      working,
      devices.map((d) => d.estimate),
    ).available_seconds;
  }
  return sum;
}

const time = (fn: () => number) => {
  const t = performance.now();
  const result = fn();
  return { ms: performance.now() - t, result };
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const locations = fleet();
const outages = locations.reduce((n, l) => n + l.devices.reduce((m, d) => m + d.outages.length, 0), 0);
console.log(
  `availability: ${LOCATIONS} locations × ${DEVICES} devices over ${DAYS} days (${outages} outages), ${ROUNDS} rounds`,
);
// One untimed pass each: the zones' formatters and the JIT warm up for both alike.
exact(locations);
estimate(locations);
const times = { exact: [] as number[], estimate: [] as number[] };
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? (["exact", "estimate"] as const) : (["estimate", "exact"] as const);
  for (const side of order) times[side].push(time(() => (side === "exact" ? exact : estimate)(locations)).ms);
}
const e = median(times.exact);
const b = median(times.estimate);
console.log(
  `  exact (from outages):     median ${e.toFixed(0)} ms  [${times.exact.map((x) => x.toFixed(0)).join(", ")}]`,
);
console.log(
  `  estimate (daily totals):  median ${b.toFixed(0)} ms  [${times.estimate.map((x) => x.toFixed(0)).join(", ")}]`,
);
console.log(`  ratio exact ÷ estimate: ${(e / b).toFixed(2)} (target ≤ 2)`);
