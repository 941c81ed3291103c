/**
 * Telemetry query benchmark: one device whose DeviceRoom holds 30 days of history — one sample
 * every 15 minutes for days 30 → 2 and one a minute for the last 48 h, written by the room's own
 * TelemetryHistory.record (8 series: load, temperature, memory, two partitions, rx, tx, GPU) —
 * served by `wrangler dev`; times GET …/device/{uuid}/telemetry/?metric=…&from=… for 1 h, 24 h,
 * 7 d and 30 d through fetch on localhost and reports the points returned.
 *
 *   npm run bench -- --only telemetry              (the runner: scripts/bench.ts)
 *   node scripts/bench-telemetry.ts [--runs 20] [--port N (default: a free one)] [--keep]
 *
 * The room is filled while the server is stopped: a first start creates the room (and its
 * tables) through the API, then its .sqlite file is written with node:sqlite through the same
 * TelemetryHistory class, and the server starts again on it.
 */
import type { ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { parseArgs } from "node:util";
import type { TelemetrySeries } from "../contracts/monitoring/schema.ts";
import type { Telemetry } from "../contracts/realtime/events.ts";
import { TelemetryHistory } from "../worker/rooms/telemetry-history.ts";
import { benchFleet } from "./bench/fleet-sql.ts";
import { localD1 } from "./bench/local-d1.ts";
import { openRoom, roomFiles } from "./bench/room-sqlite.ts";
import { benchDirs, percentile, signIn, startFrozenServer } from "./bench/server.ts";
import { freePort } from "./lib/proc.ts";

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "20" },
    port: { type: "string" },
    keep: { type: "boolean", default: false },
  },
});
const RUNS = Number(args.runs);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/** A plausible drifting report at time `at` (counters grow with time). */
function sample(at: number): Telemetry {
  const h = at / HOUR;
  const wave = (period: number, phase = 0) => Math.sin((2 * Math.PI * h) / period + phase);
  const rx = Math.floor(at / 1000) * 40_000;
  return {
    cpu: { status: 0, cores: 4, threads: 8, load1: 2.5 + 2 * wave(24) + Math.random(), load5: 2, load15: 2 },
    thermal: { status: 0, cpu_temperature: 55 + 10 * wave(24, 1) + 3 * Math.random() },
    ram: { status: 0, total: 8e9, free: 3e9 + 1e9 * wave(12), swap_total: 0, swap_free: 0 },
    storage: {
      status: 0,
      partitions: [
        { name: "/", size: 256e9, free: 120e9 - (at % (30 * DAY)) / 1e4 },
        { name: "/data", size: 1e12, free: 600e9 + 1e9 * wave(72) },
      ],
    },
    network: { status: 0, devices: [{ name: "eth0", rx_bytes: rx, tx_bytes: rx / 8 }] },
    gpu: { status: 0, utilization: 30 + 20 * wave(6) + 5 * Math.random(), devices: [] },
  };
}

function fillRoom(file: string, now: number) {
  const room = openRoom(file);
  const history = new TelemetryHistory(room.sql);
  let samples = 0;
  const t = performance.now();
  room.transaction(() => {
    for (let at = now - 30 * DAY + MIN; at < now - 48 * HOUR; at += 15 * MIN, samples++) history.record(at, sample(at));
    for (let at = now - 48 * HOUR + MIN; at <= now; at += MIN, samples++) history.record(at, sample(at));
  });
  const count = (table: string) => room.sql.exec<{ n: number }>(`SELECT count(*) AS n FROM ${table}`).one().n;
  const rows = { points: count("telemetry_point"), rollups: count("telemetry_rollup"), raw: count("telemetry") };
  room.close();
  console.error(`  filled ${samples} samples in ${(performance.now() - t).toFixed(0)} ms: ${JSON.stringify(rows)}`);
  return rows;
}

async function stop(server: ChildProcess) {
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
}

const { work, persistDir, sqlDir } = benchDirs("telemetry");
const fleet = benchFleet();
await localD1(persistDir, sqlDir).seed(fleet, 10, false);
const port = args.port ? Number(args.port) : await freePort(8822);

let { origin, server } = await startFrozenServer(port, work, persistDir);
let token = await signIn(origin);
const get = (path: string) => fetch(`${origin}${path}`, { headers: { Authorization: `Bearer ${token}` } });
const list = (await (await get(`/api/space/${fleet.space}/device/items/?page_size=1`)).json()) as {
  devices: { uuid: string }[];
};
const device = list.devices[0].uuid;
const base = `/api/space/${fleet.space}/device/${device}/telemetry/`;
if (!(await get(`${base}?metric=cpu_load`)).ok) throw new Error("the telemetry route did not answer");
await stop(server);

const [file] = roomFiles(persistDir, "DeviceRoom");
if (!file) throw new Error("no DeviceRoom storage found under the persist dir");
const rows = fillRoom(file, Date.now());

({ origin, server } = await startFrozenServer(port, work, persistDir));
token = await signIn(origin);

type Row = { label: string; ms: number[]; resolution: string; series: number; points: number; bytes: number };
async function measure(label: string, path: () => string): Promise<Row> {
  const one = async () => {
    const t = performance.now();
    const res = await get(path());
    const text = await res.text();
    const ms = performance.now() - t;
    if (!res.ok) throw new Error(`${label}: ${res.status} ${text}`);
    return { ms, text };
  };
  for (let i = 0; i < 3; i++) await one();
  const ms: number[] = [];
  let last = "";
  for (let i = 0; i < RUNS; i++) {
    const r = await one();
    ms.push(r.ms);
    last = r.text;
  }
  if (label.startsWith("baseline")) return { label, ms, resolution: "–", series: 0, points: 0, bytes: last.length };
  const body = JSON.parse(last) as TelemetrySeries;
  const points = body.series.reduce((n, s) => n + s.points.length, 0);
  return { label, ms, resolution: body.resolution, series: body.series.length, points, bytes: last.length };
}

const since = (ms: number) => () => `&from=${new Date(Date.now() - ms).toISOString()}`;
const cases: [string, string, () => string][] = [
  ["cpu_load, 1 h (default)", "cpu_load", () => ""],
  ["cpu_load, 24 h", "cpu_load", since(24 * HOUR)],
  ["cpu_load, 48 h", "cpu_load", since(48 * HOUR - 5 * MIN)],
  ["cpu_load, 7 d", "cpu_load", since(7 * DAY)],
  ["cpu_load, 30 d", "cpu_load", since(30 * DAY - MIN)],
  ["disk (2 partitions), 24 h", "disk", since(24 * HOUR)],
  ["disk (2 partitions), 30 d", "disk", since(30 * DAY - MIN)],
  ["network (rx, tx), 30 d", "network", since(30 * DAY - MIN)],
];
const results: Row[] = [
  await measure("baseline: GET /space/{space}/ (auth + membership)", () => `/api/space/${fleet.space}/`),
];
for (const [label, metric, range] of cases)
  results.push(await measure(label, () => `${base}?metric=${metric}${range()}`));
await stop(server);
if (!args.keep) rmSync(work, { recursive: true, force: true });

const fmt = (n: number) => n.toFixed(1);
console.log(
  `\nRoom: ${rows.points} one-minute values, ${rows.rollups} rollup rows, ${rows.raw} raw reports; ${RUNS} runs.\n`,
);
console.log("| request | median ms | p95 ms | min ms | resolution | series | points | bytes |");
console.log("|---|---|---|---|---|---|---|---|");
for (const r of results) {
  const sorted = [...r.ms].sort((a, b) => a - b);
  console.log(
    `| ${r.label} | ${fmt(percentile(sorted, 0.5))} | ${fmt(percentile(sorted, 0.95))} | ${fmt(sorted[0])} | ${r.resolution} | ${r.series} | ${r.points} | ${r.bytes} |`,
  );
}
