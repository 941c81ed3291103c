/**
 * The browser terminal's relay: keystroke echo and output throughput of a terminal
 * session through the device room (browser socket → DeviceRoom → agent socket, `wrangler dev`),
 * against the same shell and TunnelSessions served directly to the same client over one local
 * WebSocket (a `ws` server in this process), so the ratio is the room's cost. Both run the
 * simulator's in-process shell (agent/tunnel/sim-shell.ts); the client speaks the
 * protocol of contracts/remote-actions/tunnel.ts with the browser's credit rules (TunnelStream).
 *
 *   node scripts/bench-terminal.ts [--keys 300] [--lines 3000000] [--port 8887]
 *   npm run bench -- --only terminal
 */
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { WebSocketServer } from "ws";
import { roomUrl } from "../agent/config.ts";
import { AgentSession } from "../agent/session.ts";
import { virtualMachine } from "../agent/sim/simulator.ts";
import { type TunnelProviders, TunnelSessions } from "../agent/tunnel/sessions.ts";
import { simulatedTerminal } from "../agent/tunnel/sim-shell.ts";
import type { ServerMessage } from "../contracts/realtime/events.ts";
import {
  dataFrame,
  payloadOf,
  sessionOf,
  TUNNEL_CREDIT_EVERY,
  TUNNEL_ID_BYTES,
  TUNNEL_WINDOW_BYTES,
} from "../contracts/remote-actions/tunnel.ts";
import { benchFleet } from "./bench/fleet-sql.ts";
import { seedEnrolledDevices } from "./bench/local-d1.ts";
import { benchDirs, cpuSeconds, percentile, processTree, signIn, startFrozenServer } from "./bench/server.ts";

const { values: args } = parseArgs({
  options: {
    keys: { type: "string", default: "300" },
    lines: { type: "string", default: "3000000" },
    port: { type: "string", default: "8887" },
  },
});
const KEYS = Number(args.keys);
const LINES = Number(args.lines);
/** Keystrokes typed (and not counted) before the measured ones. */
const WARMUP_KEYS = 20;
const STEP_TIMEOUT_MS = 30_000;
const MARKER = "DONE42";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const utf8 = new TextEncoder();
const latin1 = new TextDecoder("latin1");

/**
 * The browser's end of one terminal session on a socket: input held to the agent's credit window,
 * output credited back every TUNNEL_CREDIT_EVERY bytes or after 100 ms (as TunnelStream does;
 * the output is "consumed" as soon as it arrives — no xterm.js here).
 */
class BenchTerminal {
  private readonly ws: WebSocket;
  readonly session = crypto.randomUUID();
  private inFlight = 0;
  private uncredited = 0;
  private creditTimer: ReturnType<typeof setTimeout> | null = null;
  private listener: ((payload: Uint8Array) => void) | null = null;
  private failed: ((reason: string) => void) | null = null;
  private opened: (() => void) | null = null;
  closedReason: string | null = null;
  frames = 0;

  constructor(ws: WebSocket) {
    this.ws = ws;
    ws.addEventListener("message", (event) => {
      if (event.data instanceof ArrayBuffer) return this.data(new Uint8Array(event.data));
      const message = JSON.parse(String(event.data)) as { type: string; session?: string; bytes?: number };
      if (message.session !== this.session) return;
      if (message.type === "tunnelOpened") this.opened?.();
      else if (message.type === "tunnelCredit") this.inFlight = Math.max(0, this.inFlight - (message.bytes ?? 0));
      else if (message.type === "tunnelClosed" || message.type === "tunnelClose") this.end(String(event.data));
    });
    ws.addEventListener("close", (event) => this.end(`socket closed: ${event.code} ${event.reason}`));
  }

  private end(reason: string) {
    this.closedReason ??= reason;
    this.failed?.(reason);
  }

  private data(frame: Uint8Array) {
    if (frame.byteLength <= TUNNEL_ID_BYTES || sessionOf(frame) !== this.session) return;
    const payload = payloadOf(frame);
    this.frames++;
    this.listener?.(payload);
    this.uncredited += payload.byteLength;
    if (this.uncredited >= TUNNEL_CREDIT_EVERY) this.credit();
    else this.creditTimer ??= setTimeout(() => this.credit(), 100);
  }

  private credit() {
    if (this.creditTimer) clearTimeout(this.creditTimer);
    this.creditTimer = null;
    if (this.uncredited === 0 || this.closedReason) return;
    this.ws.send(JSON.stringify({ type: "tunnelCredit", session: this.session, bytes: this.uncredited }));
    this.uncredited = 0;
  }

  /** Resolves when `done` returns true for an output chunk (or rejects when the session ends / times out). */
  private until(done: (payload: Uint8Array) => boolean, start: () => void): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => finish(new Error(`no answer within ${STEP_TIMEOUT_MS / 1000} s`)),
        STEP_TIMEOUT_MS,
      );
      const finish = (error?: Error) => {
        clearTimeout(timer);
        this.listener = null;
        this.failed = null;
        if (error) reject(error);
        else resolve();
      };
      this.listener = (payload) => {
        if (done(payload)) finish();
      };
      this.failed = (reason) => finish(new Error(`session ended: ${reason}`));
      if (this.closedReason) return finish(new Error(`session ended: ${this.closedReason}`));
      start();
    });
  }

  /** Resolves once the output since `start` contains `text`. */
  private untilText(text: string, start: () => void): Promise<void> {
    let seen = "";
    return this.until((payload) => {
      seen += latin1.decode(payload);
      return seen.includes(text);
    }, start);
  }

  open(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.opened = resolve;
      this.failed = (reason) => reject(new Error(`not opened: ${reason}`));
      this.ws.send(
        JSON.stringify({ type: "tunnelOpen", session: this.session, kind: "terminal", cols: 1000, rows: 50 }),
      );
    }).then(() =>
      // The shell's first prompt ("simulated:home$ ").
      this.untilText("$ ", () => {}),
    );
  }

  type(text: string) {
    const bytes = utf8.encode(text);
    if (this.inFlight + bytes.byteLength > TUNNEL_WINDOW_BYTES) throw new Error("input window full");
    this.inFlight += bytes.byteLength;
    this.ws.send(dataFrame(this.session, bytes) as Uint8Array<ArrayBuffer>);
  }

  /** Milliseconds from sending one key until its echo arrives. */
  async echo(key: string): Promise<number> {
    const t0 = performance.now();
    const code = key.charCodeAt(0);
    await this.until(
      (payload) => payload.includes(code),
      () => this.type(key),
    );
    return performance.now() - t0;
  }

  /** Types `command` (waits for its echo), then Enter: the output's bytes and seconds from its first byte to MARKER. */
  async run(command: string): Promise<{ bytes: number; seconds: number; frames: number }> {
    await this.untilText(command, () => this.type(command));
    await sleep(200);
    let first = 0;
    let bytes = 0;
    let tail = "";
    const frames0 = this.frames;
    await this.until(
      (payload) => {
        if (!first) first = performance.now();
        bytes += payload.byteLength;
        // The marker comes last, followed only by the next prompt.
        tail = tail.slice(-MARKER.length) + latin1.decode(payload.subarray(-256));
        return tail.includes(MARKER);
      },
      () => this.type("\r"),
    );
    return { bytes, seconds: (performance.now() - first) / 1000, frames: this.frames - frames0 };
  }

  close() {
    if (!this.closedReason) this.ws.send(JSON.stringify({ type: "tunnelClose", session: this.session }));
    this.closedReason ??= "closed by the bench";
    if (this.creditTimer) clearTimeout(this.creditTimer);
  }
}

function connect(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.binaryType = "arraybuffer";
    ws.addEventListener("open", () => resolve(ws), { once: true });
    ws.addEventListener("error", () => reject(new Error(`cannot connect to ${url}`)), { once: true });
  });
}

type Cpu = { server: number; bench: number };
type Result = {
  echo: number[];
  throughput: { bytes: number; seconds: number; frames: number } | null;
  /** CPU seconds used during the throughput run: the wrangler/workerd tree and this process (agent + client). */
  cpu?: Cpu;
  error?: string;
};

/** One path: open a session, KEYS keystrokes one at a time, then `seq 1 LINES` to the marker. */
async function measure(ws: WebSocket, cpu: () => Cpu): Promise<Result> {
  const term = new BenchTerminal(ws);
  const result: Result = { echo: [], throughput: null };
  try {
    await term.open();
    for (let i = 0; i < WARMUP_KEYS + KEYS; i++) {
      const ms = await term.echo("a");
      if (i >= WARMUP_KEYS) result.echo.push(ms);
    }
    term.type("\x15"); // Ctrl-U: an empty line again
    await sleep(300);
    // `$((6*7))` so that the typed line's own echo does not contain the marker.
    const before = cpu();
    result.throughput = await term.run(`seq 1 ${LINES}; echo DONE$((6*7))`);
    const after = cpu();
    result.cpu = { server: after.server - before.server, bench: after.bench - before.bench };
  } catch (error) {
    result.error = String(error instanceof Error ? error.message : error);
  }
  term.close();
  await sleep(200);
  ws.close();
  return result;
}

/** The baseline: TunnelSessions with the same provider, behind one local WebSocket server. */
function directServer(providers: TunnelProviders): Promise<{ url: string; close: () => void }> {
  const wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  wss.on("connection", (socket) => {
    const sessions = new TunnelSessions({
      providers,
      send: { json: (message) => socket.send(JSON.stringify(message)), frame: (data) => socket.send(data) },
    });
    socket.on("message", (data, isBinary) => {
      const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      if (isBinary) sessions.data(new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength));
      else sessions.message(JSON.parse(buffer.toString("utf8")) as ServerMessage);
    });
    socket.on("close", () => sessions.closeAll());
  });
  return new Promise((resolve) =>
    wss.on("listening", () => {
      const address = wss.address();
      const port = typeof address === "object" && address ? address.port : 0;
      resolve({ url: `ws://127.0.0.1:${port}/`, close: () => wss.close() });
    }),
  );
}

async function main() {
  const fleet = benchFleet();
  const { persistDir, sqlDir } = benchDirs("terminal");
  console.error("seeding 1 enrolled device…");
  const [device] = await seedEnrolledDevices(persistDir, sqlDir, fleet, 1);
  const { origin, server } = await startFrozenServer(Number(args.port), benchDirs("terminal-run").work, persistDir);
  const token = await signIn(origin);
  const providers: TunnelProviders = { terminal: simulatedTerminal({ device }) };
  const logs: string[] = [];
  const tStart = performance.now();
  const agent = new AgentSession({
    url: roomUrl({ server: origin, device_uuid: device.uuid }),
    credential: device.credential,
    machine: virtualMachine(device, () => {}, { instant: true }),
    tunnels: providers,
    log: (line) => logs.push(`${((performance.now() - tStart) / 1000).toFixed(1)} s ${line}`),
  });
  agent.start();
  const load = loadavg()[0];

  // Through the room: the dashboard's socket on the device room, once the room says the device is online.
  const roomSocket = await connect(
    `${roomUrl({ server: origin, device_uuid: device.uuid })}?token=${encodeURIComponent(token)}`,
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the device did not come online: ${logs.join("; ")}`)), 30_000);
    roomSocket.addEventListener("message", (event) => {
      if (typeof event.data !== "string") return;
      const message = JSON.parse(event.data) as { type: string; online?: boolean };
      if (message.type === "presence" && message.online) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  console.error(`${((performance.now() - tStart) / 1000).toFixed(1)} s through the room…`);
  const cpu = (): Cpu => ({
    server: processTree(server.pid ?? 0).reduce((sum, p) => sum + cpuSeconds(p.pid), 0),
    bench: cpuSeconds(process.pid),
  });
  const room = await measure(roomSocket, cpu);
  const agentLog = [...logs];

  // Directly: the same provider and TunnelSessions on one local WebSocket.
  const direct = await directServer(providers);
  console.error("direct…");
  const local = await measure(await connect(direct.url), cpu);
  direct.close();
  agent.stop();
  server.kill("SIGTERM");

  const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : "–");
  const f2 = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : "–");
  const stats = (r: Result) => {
    const sorted = [...r.echo].sort((a, b) => a - b);
    const t = r.throughput;
    return {
      p50: percentile(sorted, 0.5),
      p95: percentile(sorted, 0.95),
      max: sorted.length ? sorted[sorted.length - 1] : Number.NaN,
      mbs: t ? t.bytes / 1e6 / t.seconds : Number.NaN,
      mb: t ? t.bytes / 1e6 : Number.NaN,
      frame: t ? t.bytes / t.frames / 1024 : Number.NaN,
      fps: t ? t.frames / t.seconds : Number.NaN,
      server: r.cpu && t ? (r.cpu.server / t.seconds) * 100 : Number.NaN,
      bench: r.cpu && t ? (r.cpu.bench / t.seconds) * 100 : Number.NaN,
    };
  };
  const a = stats(room);
  const b = stats(local);
  const ratio = (x: number, y: number) => `${f2(x / y)}×`;
  console.log(
    `\n## Terminal relay: ${KEYS} keystrokes, \`seq 1 ${LINES}\` (${f1(b.mb)} MB), load average ${load.toFixed(1)}\n`,
  );
  console.log(
    "| measure | through the room | direct (one local WebSocket) | room / direct |\n| --- | --- | --- | --- |",
  );
  for (const [label, x, y] of [
    ["keystroke echo p50 (ms)", a.p50, b.p50],
    ["keystroke echo p95 (ms)", a.p95, b.p95],
    ["keystroke echo max (ms)", a.max, b.max],
  ] as const)
    console.log(`| ${label} | ${f1(x)} | ${f1(y)} | ${ratio(x, y)} |`);
  console.log(`| throughput (MB/s, first byte to end marker) | ${f1(a.mbs)} | ${f1(b.mbs)} | ${ratio(a.mbs, b.mbs)} |`);
  console.log(
    `| data frames to the browser: mean KiB, frames/s | ${f1(a.frame)} KiB, ${a.fps.toFixed(0)}/s | ${f1(b.frame)} KiB, ${b.fps.toFixed(0)}/s | |`,
  );
  console.log(
    `| CPU during the throughput run (% of one core): wrangler + workerd, bench process (agent + client) | ${a.server.toFixed(0)} %, ${a.bench.toFixed(0)} % | ${b.server.toFixed(0)} %, ${b.bench.toFixed(0)} % | |`,
  );
  for (const [name, r] of [
    ["through the room", room],
    ["direct", local],
  ] as const)
    if (r.error) console.log(`\n${name}: failed after ${r.echo.length} keystrokes: ${r.error}`);
  if (room.error) console.error(`agent's log (through the room): ${agentLog.join("; ")}`);
  process.exit(room.error || local.error ? 1 : 0);
}

await main();
