/**
 * Agents benchmark: N enrolled devices in a throwaway local D1 (.wrangler/bench-agents), one
 * `wrangler dev`, and N simulated agents in this process (agent/sim/simulator.ts's virtual machines
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
import { virtualMachine } from "../agent/sim/simulator.ts";
import { retryAfterOf } from "../contracts/devices/presence.ts";
import { CloseCode } from "../contracts/realtime/events.ts";
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
    /**
     * The reconnect-storm bench instead (see storm()): --agents started in the same second, then
     * the fleet grown to --restart-agents and the runtime killed and started again.
     */
    storm: { type: "boolean", default: false },
    /**
     * With --storm: the regression check `npm test` runs (300 agents at once, a small admission so
     * some are turned away, agents with a 5 s silence rule); exits 1 unless the burst converges.
     */
    check: { type: "boolean", default: false },
    "storm-agents": { type: "string", default: "2000" },
    "restart-agents": { type: "string", default: "3000" },
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
/** When each device turned away (4503) may come back (ms), and how many came back sooner. */
const retryAt = new Map<string, number>();
let retriedEarly = 0;
/** Every retry-after the agents were told (s). */
const toldSeconds: number[] = [];
const toldText = () => {
  const sorted = toldSeconds.toSorted((a, b) => a - b);
  return sorted.length
    ? `told retry-after p50 ${percentile(sorted, 0.5)} s, max ${sorted[sorted.length - 1]} s`
    : "none told to retry later";
};
/** Each device's open socket whose hello the room has answered (helloAck): the agent is up. */
const answered = new Map<string, WebSocket>();
const firstOpen = new Map<string, number>();
class CountingSocket extends WebSocket {
  constructor(url: string | URL, protocols?: string | string[]) {
    super(url, protocols);
    const device = new URL(String(url)).pathname.split("/").pop() ?? "";
    // A device told to come back later (4503) must not be back sooner than told.
    const allowed = retryAt.get(device);
    if (allowed !== undefined && Date.now() < allowed - 50) retriedEarly++;
    this.addEventListener("open", () => {
      openSockets.set(device, this);
      if (!firstOpen.has(device)) firstOpen.set(device, performance.now());
    });
    this.addEventListener("close", (e) => {
      closes++;
      closeCodes.set(e.code, (closeCodes.get(e.code) ?? 0) + 1);
      // A close the agent itself started (it gave the socket up) says nothing about its next attempt.
      const told = e.code === CloseCode.retryLater && !this.closedByAgent ? retryAfterOf(e.reason) : null;
      if (told !== null) {
        retryAt.set(device, Date.now() + told * 1000);
        toldSeconds.push(told);
      }
      if (openSockets.get(device) === this) openSockets.delete(device);
      if (answered.get(device) === this) answered.delete(device);
    });
    this.addEventListener("message", (e) => {
      const text = String(e.data);
      if (text.startsWith('{"type":"helloAck"')) answered.set(device, this);
      else if (text.startsWith('{"type":"error"')) roomErrors++;
      else if (text.startsWith('{"type":"pong"')) pongs.set(device, Date.now());
    });
  }
  closedByAgent = false;
  override close(code?: number, reason?: string) {
    this.closedByAgent = true;
    super.close(code, reason);
  }
  override send(data: Parameters<WebSocket["send"]>[0]) {
    const type = /^\{"type":"(\w+)"/.exec(String(data))?.[1] ?? "?";
    sent.set(type, (sent.get(type) ?? 0) + 1);
    super.send(data);
  }
}
globalThis.WebSocket = CountingSocket as typeof WebSocket;

/** What the sessions said (their log lines with numbers blanked): why sockets were dropped. */
const sessionSaid = new Map<string, number>();
const countSaid = (line: string) => {
  const key = line.replace(/\d+/g, "N");
  sessionSaid.set(key, (sessionSaid.get(key) ?? 0) + 1);
};

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
        log: countSaid,
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
    say(`connect: the sessions said ${JSON.stringify(Object.fromEntries(sessionSaid))}`);
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

/**
 * Reconnect storms (`--storm`; npm run bench -- --only storm). On one local runtime, agents with the
 * real backoff (1-60 s) and the real liveness rules:
 * 1. --storm-agents (2,000) started in the same second: the time until every agent's hello is answered
 *    and the API counts them all online (target 120 s), and the disconnects (target ≤ 2× agents;
 *    a connect turned away with 4503 counts as one);
 * 2. the fleet grown to --restart-agents (3,000), the runtime killed (SIGKILL) and started again on
 *    the same state: the time until all are online again (target 180 s from the restart);
 * in both, the D1 statements per agent (counted in front of the bundle, scripts/bench/d1-tap.ts),
 * the device list's p95 (first page, one request at a time) during the wave against its idle p95
 * measured just before (target ≤ 3×), and the machine's load average (it is shared).
 */
async function storm() {
  const BURST = Number(args["storm-agents"]);
  const port = Number(args.port);
  const total = Math.max(BURST, Number(args["restart-agents"]));
  const os = await import("node:os");
  const { d1Counts, d1CountingEntry } = await import("./bench/d1-tap.ts");
  const { restartFrozenServer } = await import("./bench/server.ts");
  const { work, persistDir, sqlDir } = benchDirs("storm");
  console.error(`Seeding ${total} enrolled devices into ${persistDir}…`);
  const devices = await seedEnrolledDevices(persistDir, sqlDir, fleet, total);
  let { origin, server } = await startFrozenServer(port, work, persistDir, undefined, d1CountingEntry);
  const shard: Shard = { origin, server, persistDir, work, agentOrigin: origin };
  shards.push(shard);
  for (const device of devices) shardOf.set(device.uuid, shard);
  const sessions: AgentSession[] = [];
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" / ");
  const out: string[] = [];
  const say = (line: string) => {
    out.push(line);
    console.log(line);
  };
  /**
   * /healthz beside each list request: the same runtime thread, but no sign-in, no D1, no room. Its
   * time during a wave is the wait for that thread alone (the floor of any request there).
   */
  const floorTimes: number[] = [];
  /** The first page of the device list, one request at a time, while `until` is false (ms each). */
  const listTimes = async (until: () => boolean, atLeast = 0) => {
    const times: number[] = [];
    floorTimes.length = 0;
    while (!until() || times.length < atLeast) {
      const t = performance.now();
      const { status } = await api(origin, "GET", `/space/${SPACE}/device/items/?page_size=25`);
      if (status === 401) bearers.set(origin, await signIn(origin));
      else times.push(performance.now() - t);
      const h = performance.now();
      if ((await fetch(`${origin}/healthz`).then((r) => r.text().then(() => r.status))) === 200)
        floorTimes.push(performance.now() - h);
      // Paced as a person paging would (two a second): the samples must not be the wave's load.
      await new Promise((r) => setTimeout(r, 500));
      if (times.length > 100_000) break;
    }
    return times.sort((a, b) => a - b);
  };
  const start = (list: { uuid: string; name: string; space_uuid: string; credential: string }[]) => {
    for (const device of list) {
      const session = new AgentSession({
        url: roomUrl({ server: origin, device_uuid: device.uuid }),
        credential: device.credential,
        machine: virtualMachine(device, () => {}, { instant: true }),
        log: countSaid,
      });
      sessions.push(session.start());
    }
  };
  const statementsSince = async () => {
    const { statements, tapped } = await d1Counts(origin, true);
    const rows = Object.entries(statements).sort((a, b) => b[1].n - a[1].n);
    return { n: rows.reduce((sum, [, e]) => sum + e.n, 0), rows, tapped };
  };
  /** Waits until `n` agents are up (hello answered) and the API counts `n` online; samples the list meanwhile. */
  const wave = async (label: string, n: number, t0: number, limitS: number, idleP95: number) => {
    const closes0 = closes;
    const codes0 = new Map(closeCodes);
    const load0 = load();
    let upAt: number | null = null;
    let apiAt: number | null = null;
    let apiOnline = 0;
    let done = false;
    let ticks = 0;
    const sampling = listTimes(() => done);
    while (performance.now() - t0 < limitS * 1000) {
      if (upAt === null && answered.size >= n) upAt = performance.now();
      if (apiAt === null) {
        const res = await api(origin, "GET", `/space/${SPACE}/device/items/?online=true&page_size=1`).catch(() => null);
        if (res?.status === 200) apiOnline = (JSON.parse(res.text) as { objects_count: number }).objects_count;
        if (apiOnline >= n) apiAt = performance.now();
      }
      if (upAt !== null && apiAt !== null) break;
      await new Promise((r) => setTimeout(r, 500));
      if (++ticks % 20 === 0)
        console.error(
          `  ${f1((performance.now() - t0) / 1000)} s: ${answered.size} up, ${apiOnline} online by the API, ${closes - closes0} disconnects`,
        );
    }
    done = true;
    const during = await sampling;
    const floor = [...floorTimes].sort((a, b) => a - b);
    const codes = [...closeCodes]
      .map(([code, k]) => [code, k - (codes0.get(code) ?? 0)] as const)
      .filter(([, k]) => k > 0);
    const d1 = await statementsSince();
    const s = (at: number | null) => (at === null ? `not within ${limitS} s` : `${f1((at - t0) / 1000)} s`);
    const p95 = percentile(during, 0.95);
    say(
      `${label}: ${answered.size}/${n} agents up (hello answered) after ${s(upAt)}, ${apiOnline}/${n} online by the API after ${s(apiAt)}; disconnects ${closes - closes0} (${f1((closes - closes0) / n)}× agents; codes ${JSON.stringify(Object.fromEntries(codes))}); D1 statements ${d1.n} = ${(d1.n / n).toFixed(2)} per agent${d1.tapped ? "" : " (D1 NOT TAPPED)"}; device list p95 ${f1(p95)} ms during the wave (n ${during.length}) = ${(p95 / idleP95).toFixed(2)}× idle; load average ${load0} → ${load()}`,
    );
    const floorP95 = percentile(floor, 0.95);
    say(
      `  the thread's floor in the same samples: /healthz (no D1, no room) p95 ${f1(floorP95)} ms = ${(floorP95 / idleP95).toFixed(2)}× the list's idle p95; the list's p95 = ${(p95 / floorP95).toFixed(2)}× that floor`,
    );
    say(`  ${toldText()}; ${retriedEarly} agents back sooner than told`);
    toldSeconds.length = 0;
    for (const [sql, e] of d1.rows.slice(0, 8))
      say(`  ${String(e.n).padStart(6)} × ${sql}${e.written ? ` (${e.written} rows written)` : ""}`);
    return { upAt, apiAt };
  };
  try {
    bearers.set(origin, await signIn(origin));
    say(
      `storm: ${BURST} agents at once, then ${total} after a forced restart; one local runtime (${origin}, no dev proxy), ${os.availableParallelism()} cores, load average ${load()} at start`,
    );
    const idle = await listTimes(() => true, 40);
    const idleP95 = percentile(idle, 0.95);
    const idleFloor = percentile(
      [...floorTimes].sort((a, b) => a - b),
      0.95,
    );
    say(
      `device list idle: p50 ${f1(percentile(idle, 0.5))} ms, p95 ${f1(idleP95)} ms (n ${idle.length}); /healthz idle p95 ${f1(idleFloor)} ms`,
    );
    await statementsSince();

    // 1. BURST started in the same second.
    const t0 = performance.now();
    start(devices.slice(0, BURST));
    await wave(`${BURST} at once`, BURST, t0, 480, idleP95);
    say(`  the sessions said ${JSON.stringify(Object.fromEntries(sessionSaid))}`);
    sessionSaid.clear();

    // 2. The rest of the fleet (spread over 30 s, not measured), then the runtime killed and started again.
    if (total > BURST) {
      const t1 = performance.now();
      const rest = devices.slice(BURST);
      for (let i = 0; i < rest.length; i += 50) {
        start(rest.slice(i, i + 50));
        await new Promise((r) => setTimeout(r, (30_000 * 50) / rest.length));
      }
      while (answered.size < total && performance.now() - t1 < 300_000) await new Promise((r) => setTimeout(r, 500));
      say(`fleet grown to ${answered.size}/${total} agents up`);
    }
    await new Promise((r) => setTimeout(r, 5000));
    const idle2 = await listTimes(() => true, 40);
    const idle2P95 = percentile(idle2, 0.95);
    say(`device list with ${total} online, idle: p50 ${f1(percentile(idle2, 0.5))} ms, p95 ${f1(idle2P95)} ms`);
    for (const p of processTree(server.pid ?? 0).reverse()) {
      try {
        process.kill(p.pid, "SIGKILL");
      } catch {
        // gone
      }
    }
    const killed = performance.now();
    await new Promise((r) => setTimeout(r, 2000));
    ({ origin, server } = await restartFrozenServer(port, work, persistDir));
    shard.server = server;
    const restarted = performance.now();
    say(`runtime killed (SIGKILL) and started again: answering after ${f1((restarted - killed) / 1000)} s`);
    bearers.set(origin, await signIn(origin));
    await statementsSince();
    const { upAt } = await wave(`${total} after the restart (times from the restart)`, total, restarted, 480, idle2P95);
    if (upAt !== null) say(`  from the kill: ${f1((upAt - killed) / 1000)} s`);
    say(`  the sessions said ${JSON.stringify(Object.fromEntries(sessionSaid))}`);
    console.error(`\n(${out.length} lines; state in ${work})`);
  } finally {
    for (const s of sessions) s.stop();
    for (const p of processTree(server.pid ?? 0).reverse()) {
      try {
        process.kill(p.pid, "SIGTERM");
      } catch {
        // gone
      }
    }
    await new Promise((r) => setTimeout(r, 500));
    if (!args.keep) rmSync(work, { recursive: true, force: true });
  }
  process.exit(0);
}

/**
 * The reconnect storm at a size `npm test` affords (`--storm --check`): 300 agents started at once
 * against the served console (scripts/serve.ts on a frozen bundle, a fresh seeded D1), with the
 * production admission and the agents' real timings (on a loaded machine some are turned away and
 * must come back when told). Fails (exit 1)
 * unless every agent's hello is answered and the API counts all online within 120 s (a bound for
 * convergence, not a speed target), with at most 2 disconnects per agent and no agent back sooner
 * than its retry-after said.
 */
async function stormCheck() {
  const n = 300;
  const port = Number(args.port);
  const t = performance.now();
  const { work, persistDir, sqlDir } = benchDirs("storm-check");
  const devices = await seedEnrolledDevices(persistDir, sqlDir, fleet, n);
  const { origin, server } = await startFrozenServer(port, work, persistDir);
  const sessions: AgentSession[] = [];
  let failed: string[] = [];
  try {
    bearers.set(origin, await signIn(origin));
    const ready = performance.now();
    for (const device of devices) {
      const session = new AgentSession({
        url: roomUrl({ server: origin, device_uuid: device.uuid }),
        credential: device.credential,
        machine: virtualMachine(device, () => {}, { instant: true }),
        log: countSaid,
      });
      sessions.push(session.start());
    }
    let apiOnline = 0;
    while (performance.now() - ready < 120_000) {
      if (answered.size >= n) {
        const res = await api(origin, "GET", `/space/${SPACE}/device/items/?online=true&page_size=1`);
        if (res.status === 200) apiOnline = (JSON.parse(res.text) as { objects_count: number }).objects_count;
        if (apiOnline >= n) break;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    const took = (performance.now() - ready) / 1000;
    const told = closeCodes.get(CloseCode.retryLater) ?? 0;
    console.log(
      `storm check: ${answered.size}/${n} agents up and ${apiOnline}/${n} online by the API after ${f1(took)} s; ${closes} disconnects (codes ${JSON.stringify(Object.fromEntries(closeCodes))}), ${told} turned away with retry-after (${toldText()}), ${retriedEarly} back sooner than told; load average ${(await import("node:os")).loadavg()[0].toFixed(2)}; ${f1((performance.now() - t) / 1000)} s in all`,
    );
    console.log(`  the sessions said ${JSON.stringify(Object.fromEntries(sessionSaid))}`);
    failed = [
      answered.size < n || apiOnline < n ? `the burst did not converge within 120 s` : "",
      closes > 2 * n ? `${closes} disconnects, more than 2 per agent` : "",
      retriedEarly > 0 ? `${retriedEarly} agents came back sooner than their retry-after` : "",
    ].filter(Boolean);
  } finally {
    for (const session of sessions) session.stop();
    server.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 500));
    rmSync(work, { recursive: true, force: true });
  }
  if (failed.length) {
    console.error(`storm check FAILED: ${failed.join("; ")}`);
    process.exit(1);
  }
  process.exit(0);
}

await (args.storm ? (args.check ? stormCheck() : storm()) : run());
