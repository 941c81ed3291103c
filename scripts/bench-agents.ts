/**
 * Agents benchmark: N enrolled devices in a throwaway local D1 (.wrangler/bench-agents), one
 * `wrangler dev`, and N simulated agents in this process (agent/simulator.ts's virtual machines
 * on the real protocol code, AgentSession, with `instant` answers: no injected delay or failure).
 *
 *   npm run bench                                   (the runner: scripts/bench.ts)
 *   node scripts/bench-agents.ts [--agents 200] [--hb-rates 1000,2000] [--window 30] [--commands 200] [--port 8881] [--direct] [--shards 1] [--keep]
 *
 * --direct: the agents connect to the Worker runtime's own entry socket instead of wrangler dev's
 * proxy port (runtimeOrigin in scripts/bench/server.ts). The proxy holds ≈ 4 file descriptors per
 * open socket, which caps one local wrangler dev at ≈ 4,500 agents under this machine's 20,000
 * per-process limit; production has no such proxy. The API calls still go through the dev port.
 *
 * --shards S: S local servers (each its own wrangler dev, state dir and D1, on --port + k), the
 * fleet split between them — what production does by placing each device's room on its own
 * Durable Object. One local workerd runs every room in one process, and each room holds its
 * SQLite file open (3 descriptors) besides its sockets (2): ≈ 5.8 descriptors per agent, so the
 * machine's 20,000 per process stops one runtime at ≈ 3,400 agents.
 *
 * Measures: the time until all N devices are online (client sockets open, then the API's
 * `online=true` count), a heartbeat window (heartbeat messages, the same ones AgentSession sends,
 * pushed over the agents' own sockets at --hb-rate per second in total) with the server's CPU,
 * disconnects, room errors, when every room has worked through its backlog (a ping sent on each
 * socket after the window: its pong comes after every earlier heartbeat), how many rooms wrote
 * their stored state meanwhile (their SQLite), and whether D1 was written at all; then command round trips API → DeviceRoom → agent →
 * reply at concurrency 1 and 10.
 */
import type { ChildProcess } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { parseArgs } from "node:util";
import { roomUrl } from "../agent/config.ts";
import { AgentSession } from "../agent/session.ts";
import { virtualMachine } from "../agent/simulator.ts";
import { benchFleet } from "./bench/fleet-sql.ts";
import { seedEnrolledDevices } from "./bench/local-d1.ts";
import {
  benchDirs,
  cpuParts,
  cpuSeconds,
  percentile,
  processTree,
  runtimeOrigin,
  signIn,
  startFrozenServer,
} from "./bench/server.ts";

const { values: args } = parseArgs({
  options: {
    agents: { type: "string", default: "200" },
    /** Offered heartbeat rates (per second, all agents together), one window each. */
    "hb-rates": { type: "string", default: "1000,2000" },
    window: { type: "string", default: "30" },
    commands: { type: "string", default: "200" },
    port: { type: "string", default: "8881" },
    keep: { type: "boolean", default: false },
    direct: { type: "boolean", default: false },
    shards: { type: "string", default: "1" },
    /** Seconds over which the agents start (0: all at once, the worst burst). */
    ramp: { type: "string", default: "0" },
    // Accepted so `npm run bench -- --devices N --runs N` reaches every bench; unused here.
    devices: { type: "string" },
    runs: { type: "string" },
  },
});
const AGENTS = Number(args.agents);
const HB_RATES = (args["hb-rates"] ?? "").split(",").map(Number);
const WINDOW_S = Number(args.window);
const COMMANDS = Number(args.commands);
const SHARDS = Math.max(1, Number(args.shards));
const fleet = benchFleet();
const SPACE = fleet.space;

// Every agent socket, counted: messages sent by type, closes, room errors.
const sent = new Map<string, number>();
const lastHeartbeatSent = new Map<string, number>();
/** When each device's socket last received a pong (Date.now()). */
const pongs = new Map<string, number>();
let closes = 0;
const closeCodes = new Map<number, number>();
let roomErrors = 0;
const openSockets = new Map<string, WebSocket>();
const firstOpen = new Map<string, number>();
class CountingSocket extends WebSocket {
  constructor(url: string | URL, protocols?: string | string[]) {
    super(url, protocols);
    const device = new URL(String(url)).pathname.split("/").pop() ?? "";
    this.addEventListener("open", () => {
      openSockets.set(device, this);
      if (!firstOpen.has(device)) firstOpen.set(device, performance.now());
    });
    this.addEventListener("close", (e) => {
      closes++;
      closeCodes.set(e.code, (closeCodes.get(e.code) ?? 0) + 1);
      if (openSockets.get(device) === this) openSockets.delete(device);
    });
    this.addEventListener("message", (e) => {
      const text = String(e.data);
      if (text.startsWith('{"type":"error"')) roomErrors++;
      else if (text.startsWith('{"type":"pong"')) pongs.set(device, Date.now());
    });
  }
  override send(data: Parameters<WebSocket["send"]>[0]) {
    const type = /^\{"type":"(\w+)"/.exec(String(data))?.[1] ?? "?";
    sent.set(type, (sent.get(type) ?? 0) + 1);
    super.send(data);
  }
}
globalThis.WebSocket = CountingSocket as typeof WebSocket;

const f1 = (n: number) => n.toFixed(1);

/** Each shard's D1 SQLite file and every DeviceRoom's SQLite file. */
function stateFiles(persistDirs: string[]) {
  const each = persistDirs.map(shardFiles);
  return { d1s: each.flatMap((f) => (f.d1 ? [f.d1] : [])), rooms: each.flatMap((f) => f.rooms) };
}

/** D1's SQLite file and the DeviceRooms' SQLite files under the state dir (miniflare layout). */
function shardFiles(persistDir: string) {
  const d1Dir = join(persistDir, "v3", "d1", "miniflare-D1DatabaseObject");
  const d1 = readdirSync(d1Dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  const doDir = join(persistDir, "v3", "do", "outpost-DeviceRoom");
  let rooms: string[] = [];
  try {
    rooms = readdirSync(doDir)
      .filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite")
      .map((f) => join(doDir, f));
  } catch {
    // no rooms persisted
  }
  return { d1: d1 ? join(d1Dir, d1) : null, rooms };
}

/** Each DeviceRoom's stored state (kv 'state'), by file: to count the rooms that wrote it. */
function roomStates(files: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of files) {
    try {
      const db = new DatabaseSync(file, { readOnly: true });
      const row = db.prepare("SELECT value FROM kv WHERE key = 'state'").get() as { value: string } | undefined;
      db.close();
      if (row) out.set(file, row.value);
    } catch {
      // a room without the table (never joined)
    }
  }
  return out;
}

/** A local server of the bench (several with --shards) and the devices whose agents use it. */
type Shard = { origin: string; agentOrigin: string; server: ChildProcess; persistDir: string; work: string };
const shards: Shard[] = [];
const shardOf = new Map<string, Shard>();
const originOf = (device: string) => shardOf.get(device)?.origin ?? shards[0].origin;
/** The workerd processes of every shard. */
const serverTree = () => shards.flatMap((s) => processTree(s.server.pid ?? 0));

/** Each server's access token (its own signing key, sent by api()); it lives 5 min: run() renews them every 2 min. */
const bearers = new Map<string, string>();

async function api(origin: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${origin}/api${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${bearers.get(origin) ?? ""}`,
      ...(body ? { "Content-Type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, text };
}

/** Devices online by the API, over every shard. */
async function onlineCount() {
  let total = 0;
  for (const { origin } of shards) {
    const { status, text } = await api(origin, "GET", `/space/${SPACE}/device/items/?online=true`);
    if (status !== 200) throw new Error(`online count: ${status} ${text}`);
    total += (JSON.parse(text) as { objects_count: number }).objects_count;
  }
  return total;
}

type Cmd = { label: string; method: string; path: (d: string) => string; body?: unknown; ok: number };
const COMMAND_KINDS: Cmd[] = [
  {
    label: "POST …/services-telemetry-refresh/ (agent sends telemetry, then replies)",
    method: "POST",
    path: (d) => `/space/${SPACE}/device/${d}/services-telemetry-refresh/`,
    ok: 204,
  },
  {
    label: "POST …/remote-sharing/ remote-desktop (simulator execute, instant)",
    method: "POST",
    path: (d) => `/space/${SPACE}/device/${d}/remote-sharing/`,
    body: { action: "remote-desktop" },
    ok: 200,
  },
];

async function commandRun(devices: string[], kind: Cmd, concurrency: number) {
  const samples: number[] = [];
  const failures = new Map<number, number>();
  let next = 0;
  const closesBefore = closes;
  const t0 = performance.now();
  const worker = async () => {
    while (next < COMMANDS) {
      next++;
      const device = devices[Math.floor(Math.random() * devices.length)];
      const t = performance.now();
      const { status } = await api(originOf(device), kind.method, kind.path(device), kind.body);
      samples.push(performance.now() - t);
      if (status !== kind.ok) failures.set(status, (failures.get(status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const wall = (performance.now() - t0) / 1000;
  samples.sort((a, b) => a - b);
  const errs = [...failures].map(([s, n]) => `${n}×${s}`).join(", ") || "0";
  return `| ${kind.label} | ${concurrency} | ${samples.length} | ${f1(percentile(samples, 0.5))} | ${f1(percentile(samples, 0.95))} | ${f1(percentile(samples, 0.99))} | ${f1(samples[samples.length - 1])} | ${f1(samples.length / wall)} | ${errs} | ${closes - closesBefore} |`;
}

/** Machine-wide CPU jiffies from /proc/stat: user+nice+system+irq+softirq, iowait, idle. */
function machineCpu() {
  const f = readFileSync("/proc/stat", "utf8").split("\n")[0].split(/\s+/).slice(1).map(Number);
  return { busy: f[0] + f[1] + f[2] + f[5] + f[6] + (f[7] ?? 0), iowait: f[4], idle: f[3] };
}

async function heartbeatWindow(
  rate: number,
  tree: { pid: number; comm: string }[],
  devices: { uuid: string }[],
): Promise<string> {
  const persistDirs = shards.map((s) => s.persistDir);
  const files = stateFiles(persistDirs);
  const d1s = files.d1s.map((f) => new DatabaseSync(f, { readOnly: true }));
  // PRAGMA data_version moves when another connection commits; summed over the shards' D1s.
  const dataVersion = () =>
    d1s.reduce((sum, d1) => {
      try {
        return (
          sum + ((d1.prepare("PRAGMA data_version").get() as { data_version: number } | undefined)?.data_version ?? 0)
        );
      } catch {
        return Number.NaN; // locked by a writer at that moment: shown as NaN, not a crash
      }
    }, 0);
  const workerd = tree.filter((p) => p.comm.startsWith("workerd"));
  const cpuWorkerd = () => workerd.reduce((sum, p) => sum + cpuSeconds(p.pid), 0);
  const closesBefore = closes;
  const errorsBefore = roomErrors;
  const hbBefore = sent.get("heartbeat") ?? 0;
  const v0 = dataVersion();
  const states0 = roomStates(files.rooms);
  let vHalf: number | undefined;
  let statesHalf = states0;
  const wcpu0 = cpuWorkerd();
  const m0 = machineCpu();
  const w0 = performance.now();
  const wall0 = Date.now();
  let due = 0;
  let cursor = 0;
  const ids = devices.map((d) => d.uuid);
  const probe: number[] = [];
  const probing = (async () => {
    // First half: heartbeats alone (the D1 check). Second half: one command a second during the
    // flood — does a room still answer promptly? (Each command writes an audit row to D1.)
    await new Promise((r) => setTimeout(r, (WINDOW_S * 1000) / 2));
    vHalf = dataVersion();
    statesHalf = roomStates(stateFiles(persistDirs).rooms);
    while (performance.now() - w0 < WINDOW_S * 1000 - 1000) {
      const device = ids[Math.floor(Math.random() * ids.length)];
      const t = performance.now();
      const { status } = await api(originOf(device), "POST", COMMAND_KINDS[0].path(device));
      probe.push(status === 204 ? performance.now() - t : Number.POSITIVE_INFINITY);
      await new Promise((r) => setTimeout(r, 1000));
    }
  })();
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const elapsed = performance.now() - w0;
      const target = Math.floor((Math.min(elapsed, WINDOW_S * 1000) / 1000) * rate);
      for (; due < target; due++) {
        const id = ids[cursor++ % ids.length];
        const socket = openSockets.get(id);
        if (!socket || socket.readyState !== WebSocket.OPEN) continue;
        const at = Date.now();
        socket.send(JSON.stringify({ type: "heartbeat", at }));
        lastHeartbeatSent.set(id, at);
      }
      if (elapsed >= WINDOW_S * 1000) {
        clearInterval(timer);
        resolve();
      }
    }, 5);
  });
  const windowS = (performance.now() - w0) / 1000;
  const lastSent = Date.now();
  const wcpu = cpuWorkerd() - wcpu0;
  const m1 = machineCpu();
  const heartbeats = (sent.get("heartbeat") ?? 0) - hbBefore;
  // Drain: a ping on every socket after the last heartbeat; a room answers it only after every
  // heartbeat queued before it on that socket.
  const pinged = Date.now();
  const waiting = ids.filter((id) => openSockets.get(id)?.readyState === WebSocket.OPEN);
  for (const id of waiting) openSockets.get(id)?.send(JSON.stringify({ type: "ping" }));
  while (Date.now() - pinged < 120_000 && waiting.some((id) => (pongs.get(id) ?? 0) < pinged)) {
    await new Promise((r) => setTimeout(r, 50));
  }
  const newest = Math.max(lastSent, ...waiting.map((id) => pongs.get(id) ?? 0));
  const changed = [...statesHalf].filter(([file, value]) => states0.get(file) !== value).length;
  await probing;
  for (const d1 of d1s) d1.close();
  const drainS = Math.max(0, (newest - lastSent) / 1000);
  const processed = heartbeats / ((newest - wall0) / 1000);
  const jiffies = (k: "busy" | "iowait" | "idle") => m1[k] - m0[k];
  const all = jiffies("busy") + jiffies("iowait") + jiffies("idle");
  const pct = (k: "busy" | "iowait" | "idle") => f1((100 * jiffies(k)) / all);
  probe.sort((a, b) => a - b);
  const probeText = probe.length
    ? `${f1(percentile(probe, 0.5))} / ${Number.isFinite(probe[probe.length - 1]) ? f1(probe[probe.length - 1]) : "failed"} (n ${probe.length})`
    : "-";
  return `| ${rate} (${f1(rate / ids.length)}) | ${heartbeats} in ${f1(windowS)} s | ${f1(processed)} | ${f1(drainS)} | ${f1((wcpu / windowS) * 100)} | ${pct("busy")} / ${pct("iowait")} / ${pct("idle")} | ${v0 === vHalf ? "0" : `${v0} → ${vHalf}`} | ${changed} / ${statesHalf.size} | ${closes - closesBefore} / ${roomErrors - errorsBefore} | ${probeText} |`;
}

async function run() {
  const port = Number(args.port);
  const devices: { uuid: string; credential: string; name: string; space_uuid: string }[] = [];
  // Each shard: its own state dir and D1 seeded with the whole fleet; its agents are its slice.
  for (let k = 0; k < SHARDS; k++) {
    const { work, persistDir, sqlDir } = benchDirs(SHARDS === 1 ? "agents" : `agents-${k}`);
    console.error(`Seeding ${AGENTS} enrolled devices into ${persistDir}…`);
    const seeded = await seedEnrolledDevices(persistDir, sqlDir, fleet, AGENTS);
    if (seeded.length !== AGENTS) throw new Error(`seeded ${seeded.length} devices, expected ${AGENTS}`);
    console.error(`Starting wrangler dev on ${port + k}…`);
    const { origin, server } = await startFrozenServer(port + k, work, persistDir);
    const shard: Shard = { origin, server, persistDir, work, agentOrigin: origin };
    shard.agentOrigin = args.direct ? await runtimeOrigin(server) : origin;
    shards.push(shard);
    const from = Math.floor((k * AGENTS) / SHARDS);
    const to = Math.floor(((k + 1) * AGENTS) / SHARDS);
    for (const device of seeded.slice(from, to)) {
      devices.push(device);
      shardOf.set(device.uuid, shard);
    }
  }
  const sessions: AgentSession[] = [];
  try {
    const signInAll = async () => {
      for (const { origin } of shards) bearers.set(origin, await signIn(origin));
    };
    await signInAll();
    // Every 2 min (tokens live 5), so a sign-in slowed or refused by a loaded server has another go.
    const renew = setInterval(
      () => void signInAll().catch((e: unknown) => console.error(`token renewal failed: ${e}`)),
      120_000,
    );
    renew.unref();
    const out: string[] = [];
    const say = (line: string) => {
      out.push(line);
      console.log(line);
    };
    say(
      `agents: ${AGENTS}, cores: ${(await import("node:os")).availableParallelism()}, servers: ${SHARDS}${SHARDS > 1 ? " (each its own wrangler dev, state and D1; the fleet split between them)" : ""}, agents connect to ${shards.map((s) => s.agentOrigin).join(", ")}${args.direct ? " (each runtime's entry socket, past wrangler's proxy)" : " (wrangler dev's port)"}`,
    );
    // File descriptors of each workerd process (sampled every 10 s; the per-process limit is the local ceiling).
    const fdPeak = new Map<number, number>();
    const sampleFds = () => {
      for (const p of serverTree().filter((q) => q.comm.startsWith("workerd"))) {
        try {
          fdPeak.set(p.pid, Math.max(fdPeak.get(p.pid) ?? 0, readdirSync(`/proc/${p.pid}/fd`).length));
        } catch {
          // gone
        }
      }
    };
    const fdTimer = setInterval(sampleFds, 10_000);
    fdTimer.unref();

    // 1. Connect: all agents start at once (no stagger: the worst burst).
    const workerdParts = () =>
      serverTree()
        .filter((p) => p.comm.startsWith("workerd"))
        .map((p) => cpuParts(p.pid))
        .reduce((sum, p) => ({ user: sum.user + p.user, system: sum.system + p.system }), { user: 0, system: 0 });
    const connectCpu0 = workerdParts();
    const t0 = performance.now();
    const rampMs = Number(args.ramp) * 1000;
    for (const [i, device] of devices.entries()) {
      if (rampMs > 0) {
        const at = t0 + (rampMs * i) / devices.length;
        if (at > performance.now()) await new Promise((r) => setTimeout(r, at - performance.now()));
      }
      const session = new AgentSession({
        url: roomUrl({ server: shardOf.get(device.uuid)?.agentOrigin ?? "", device_uuid: device.uuid }),
        credential: device.credential,
        machine: virtualMachine(device, () => {}, { instant: true }),
        backoff: { baseMs: 1000, maxMs: 10_000 },
        // Telemetry only at hello (and on refresh): the heartbeat window must show heartbeats alone.
        telemetryMs: 3_600_000,
      });
      sessions.push(session.start());
    }
    let apiOnline = 0;
    while (performance.now() - t0 < 120_000 + rampMs) {
      apiOnline = await onlineCount();
      if (apiOnline >= AGENTS) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const allOnlineMs = performance.now() - t0;
    const opens = [...firstOpen.values()].map((t) => t - t0).sort((a, b) => a - b);
    say(
      `connect: sockets open p50 ${f1(percentile(opens, 0.5))} ms, last ${f1(opens[opens.length - 1])} ms (${opens.length}/${AGENTS}); all ${apiOnline}/${AGENTS} online by the API (online=true count, polled every 200 ms) after ${f1(allOnlineMs)} ms${rampMs ? ` (agents started over ${args.ramp} s)` : ""}; closes ${closes} (codes ${JSON.stringify(Object.fromEntries(closeCodes))}), room errors ${roomErrors}`,
    );
    // Let the hellos' writes (inventory, first telemetry, online) settle.
    await new Promise((r) => setTimeout(r, 3000));
    sampleFds();
    say(
      `connect: open file descriptors per workerd process (peak of 10 s samples): ${[...fdPeak].map(([pid, n]) => `${pid}: ${n}`).join(", ")}`,
    );
    // Upgrade, hello (presence, inventory, settings), first telemetry: workerd's CPU per agent.
    const connectCpu = workerdParts();
    const perAgent = (s: number) => f1((s * 1000) / AGENTS);
    say(
      `connect: workerd CPU ${perAgent(connectCpu.user + connectCpu.system - connectCpu0.user - connectCpu0.system)} ms per agent (user ${perAgent(connectCpu.user - connectCpu0.user)}, kernel ${perAgent(connectCpu.system - connectCpu0.system)}; upgrade, hello, first telemetry, online writes; until 3 s after all were online)`,
    );

    // 2. Heartbeat windows, one per offered rate.
    const tree = serverTree();
    say(`server processes: ${tree.map((p) => p.comm).join(", ")}`);
    say("");
    say(
      "| offered heartbeats/s (per agent) | sent in window | processed/s (sent ÷ window+drain) | drain after window s | workerd CPU % of a core | machine CPU user+sys / iowait / idle % | D1 commits (first half) | rooms that wrote their state (first half) | closes / room errors | probe command p50 / max ms (second half) |",
    );
    say("|---|---|---|---|---|---|---|---|---|---|");
    for (const rate of HB_RATES) say(await heartbeatWindow(rate, tree, devices));
    say("");

    // 3. Command round trips.
    const ids = devices.map((d) => d.uuid);
    say(
      "| command (random device) | concurrency | n | p50 ms | p95 ms | p99 ms | max ms | commands/s | non-2xx | agent sockets closed |",
    );
    say("|---|---|---|---|---|---|---|---|---|---|");
    for (const kind of COMMAND_KINDS) {
      for (let i = 0; i < 10; i++) {
        const device = ids[i % ids.length];
        await api(originOf(device), kind.method, kind.path(device), kind.body);
      }
      for (const concurrency of [1, 10]) say(await commandRun(ids, kind, concurrency));
    }
    say(
      `closes during the whole run: ${closes} (codes ${JSON.stringify(Object.fromEntries(closeCodes))}), room errors: ${roomErrors}; server processes at start ${tree.map((p) => `${p.comm}:${p.pid}`).join(" ")}, now ${serverTree()
        .map((p) => `${p.comm}:${p.pid}`)
        .join(" ")}`,
    );
    console.error(`\n(${out.length} lines; state in ${shards.map((s) => s.work).join(", ")})`);
  } finally {
    for (const s of sessions) s.stop();
    for (const shard of shards) shard.server.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 500));
    if (!args.keep) for (const shard of shards) rmSync(shard.work, { recursive: true, force: true });
  }
  process.exit(0);
}

await run();
