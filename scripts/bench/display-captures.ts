/**
 * Display captures on the server: what one capture costs the console (CPU of the Worker runtime,
 * bytes on the wire and in R2), against the same number of heartbeats as the baseline in the same
 * run. Agents send realistic captures (the simulator's rendered screens, 480×270 JPEG) through
 * their DeviceRoom sockets: to a console of its own (a seeded local D1 and a frozen Worker, as in
 * `npm run bench`), or to a running one (`--server … --server-pid …`, its seeded devices).
 *
 *   node scripts/bench/display-captures.ts [--devices 40] [--captures 20] [--port N]
 *   node scripts/bench/display-captures.ts --server http://localhost:8890 --server-pid PID
 *     [--devices-json .outpost/devices.json]
 *
 * Prints CPU ms per capture and per heartbeat (the runtime's processes, /proc), the mean capture
 * size, R2 bytes per display-day and the cost per 1 000 displays a month at 5-minute captures.
 */
import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { encodeCapture } from "../../agent/display-health/capture.ts";
import { measure } from "../../agent/display-health/classify.ts";
import { renderSimScreen } from "../../agent/sim/screen.ts";
import { freePort } from "../lib/proc.ts";
import { benchFleet } from "./fleet-sql.ts";
import { seedEnrolledDevices } from "./local-d1.ts";
import { benchDirs, cpuSeconds, processTree, startFrozenServer } from "./server.ts";

const { values } = parseArgs({
  options: {
    server: { type: "string" },
    "server-pid": { type: "string" },
    port: { type: "string" },
    devices: { type: "string", default: "40" },
    captures: { type: "string", default: "20" },
    "devices-json": { type: "string", default: ".outpost/devices.json" },
  },
});
const DEVICES = Number(values.devices);
const CAPTURES = Number(values.captures);

type Seeded = { uuid: string; name: string; credential: string };
let origin = values.server ?? "";
let pid = Number(values["server-pid"]);
let own: ChildProcess | null = null;
let devices: Seeded[];
if (values.server) {
  if (!pid) throw new Error("--server-pid: the console's process (its runtime's CPU is measured)");
  devices = (JSON.parse(readFileSync(values["devices-json"] ?? "", "utf8")) as Seeded[]).slice(0, DEVICES);
} else {
  // A console of its own: DEVICES enrolled devices in a fresh local D1, a frozen Worker bundle.
  const { persistDir, sqlDir } = benchDirs("display-captures");
  console.error(`seeding ${DEVICES} devices…`);
  devices = await seedEnrolledDevices(persistDir, sqlDir, benchFleet(), DEVICES);
  const port = values.port ? Number(values.port) : await freePort(8831);
  const running = await startFrozenServer(port, benchDirs("display-captures-run").work, persistDir);
  origin = running.origin;
  own = running.server;
  pid = own.pid ?? 0;
}
const runtimeCpu = () => processTree(pid).reduce((sum, p) => sum + cpuSeconds(p.pid), 0);

async function open(device: Seeded): Promise<WebSocket> {
  const url = new URL(`/parties/device/${device.uuid}`, origin);
  url.protocol = url.protocol.replace("http", "ws");
  // Node's WebSocket (undici) takes headers in its init object, as the agent sends them.
  const ws = new WebSocket(url, { headers: { Authorization: `Bearer ${device.credential}` } } as unknown as string[]);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  ws.send(JSON.stringify({ type: "hello", agent_version: "bench", inventory: {} }));
  return ws;
}

// A seeded device that is archived or disabled is refused: the others carry the bench.
const opened = await Promise.allSettled(devices.map(open));
const sockets = opened.flatMap((o) => (o.status === "fulfilled" ? [o.value] : []));
await new Promise((r) => setTimeout(r, 3000));

// Realistic frames: each device's screen at its own time (moving content).
const frames = devices.map((d, i) => {
  const img = renderSimScreen({ kind: "playing", title: d.name, subtitle: "menu", at: Date.UTC(2026, 10, 2, 10, i) });
  const m = measure(img);
  const { thumb: _thumb, ...metrics } = m;
  return JSON.stringify({
    type: "displayCapture",
    display: "HDMI-1",
    at: Date.now(),
    state: "showing",
    panel: "on",
    metrics,
    jpeg: encodeCapture(img).toString("base64"),
  });
});

async function round(send: (ws: WebSocket, i: number) => void) {
  const before = runtimeCpu();
  for (let k = 0; k < CAPTURES; k++) {
    for (const [i, ws] of sockets.entries()) send(ws, i);
    await new Promise((r) => setTimeout(r, 400));
  }
  await new Promise((r) => setTimeout(r, 3000));
  return (runtimeCpu() - before) * 1000;
}

const idle = await round(() => {});
const heartbeats = await round((ws) => ws.send(JSON.stringify({ type: "heartbeat", at: Date.now() })));
const captures = await round((ws, i) => ws.send(frames[i] ?? ""));
for (const ws of sockets) ws.close();
own?.kill("SIGTERM");
if (sockets.length === 0) throw new Error("no agent socket opened");

const n = sockets.length * CAPTURES;
const wire = frames.reduce((s, f) => s + f.length, 0) / frames.length;
const jpegBytes = (wire * 3) / 4 - 300;
const perCapture = (captures - idle) / n;
const perHeartbeat = (heartbeats - idle) / n;
console.log(`${n} captures from ${sockets.length} devices; runtime CPU idle ${idle.toFixed(0)} ms per round`);
console.log(
  `CPU per capture ${perCapture.toFixed(2)} ms; per heartbeat (baseline) ${perHeartbeat.toFixed(2)} ms; ratio ${(perCapture / Math.max(0.01, perHeartbeat)).toFixed(1)}×`,
);
console.log(`bytes per capture: ${wire.toFixed(0)} on the wire (base64 JSON), ≈ ${jpegBytes.toFixed(0)} JPEG in R2`);
const perDay = 288;
console.log(
  `per display-day: ${perDay} captures, ${((perDay * jpegBytes) / 1e6).toFixed(2)} MB in R2, ${((perDay * perCapture) / 1000).toFixed(1)} s CPU`,
);
console.log(
  `1 000 displays every 5 min: ${(1000 / 300).toFixed(2)} captures/s, ${((1000 * perCapture) / 300 / 1000).toFixed(3)} CPU-s per s`,
);

/*
 * The monthly bill of 1 000 displays captured every 5 minutes (Cloudflare's list prices; the
 * breakdown is in docs/deploy.md): R2 writes and storage for the measured capture size kept 7 days,
 * the DeviceRoom's messages, its active time per capture and its SQLite index rows.
 */
const month = (1000 * 30.4 * 86_400) / 300;
// R2's free tier (1 M Class A, 10 GB) taken off, as in docs/deploy.md.
const r2Writes = (Math.max(0, month - 1e6) / 1e6) * 4.5;
const r2Storage = Math.max(0, (1000 * 7 * perDay * jpegBytes) / 1e9 - 10) * 0.015;
const doRequests = (month / 20 / 1e6) * 0.15;
const doDuration = ((month * 0.05 * 128) / 1024 / 1e6) * 12.5;
const rowsWritten = ((month * 4) / 1e6) * 1.0;
const total = r2Writes + r2Storage + doRequests + doDuration + rowsWritten;
console.log(
  `cost per 1 000 displays a month: $${total.toFixed(0)} (R2 writes $${r2Writes.toFixed(2)}, R2 storage $${r2Storage.toFixed(2)}, DO $${(doRequests + doDuration).toFixed(2)}, SQLite rows $${rowsWritten.toFixed(2)})`,
);
