/**
 * Display captures on the server: what one capture costs the console (CPU of the Worker runtime,
 * bytes on the wire and in R2), against the same number of heartbeats as the baseline in the same
 * run. Agents of a running console (`node scripts/serve-e2e.ts` or `npm start`) send realistic
 * captures (the simulator's rendered screens, 480×270 JPEG) through their DeviceRoom sockets.
 *
 *   node scripts/bench/display-captures.ts --server http://localhost:8890 --server-pid PID
 *     [--devices 20] [--captures 10] [--devices-json .outpost/devices.json]
 *
 * Prints CPU ms per capture and per heartbeat (the runtime's processes, /proc), the mean capture
 * size, and the projection for 1 000 displays captured every 5 minutes.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { encodeCapture } from "../../agent/display-health/capture.ts";
import { measure } from "../../agent/display-health/classify.ts";
import { renderSimScreen } from "../../agent/sim-screen.ts";
import { cpuSeconds, processTree } from "./server.ts";

const { values } = parseArgs({
  options: {
    server: { type: "string", default: "http://localhost:8890" },
    "server-pid": { type: "string" },
    devices: { type: "string", default: "20" },
    captures: { type: "string", default: "10" },
    "devices-json": { type: "string", default: ".outpost/devices.json" },
  },
});
const DEVICES = Number(values.devices);
const CAPTURES = Number(values.captures);
const pid = Number(values["server-pid"]);
if (!pid) throw new Error("--server-pid: the console's process (its runtime's CPU is measured)");

type Seeded = { uuid: string; name: string; credential: string };
const devices = (JSON.parse(readFileSync(values["devices-json"] ?? "", "utf8")) as Seeded[]).slice(0, DEVICES);
const runtimeCpu = () => processTree(pid).reduce((sum, p) => sum + cpuSeconds(p.pid), 0);

async function open(device: Seeded): Promise<WebSocket> {
  const url = new URL(`/parties/device/${device.uuid}`, values.server);
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
