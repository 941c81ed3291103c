/**
 * Chaos test of remote commands: N simulated agents (the project's own AgentSession on
 * the real protocol), M commands through the API while agents' sockets are killed (forced closes
 * and silent, half-open ones that only liveness notices) and reconnect; a share of the calls is
 * retried with the same request_id. Every execution on a device is counted by command id.
 *
 *   node scripts/chaos-commands.ts [--agents 100] [--commands 1000] [--kills 3] [--silent 0.3]
 *                                  [--retries 0.1] [--concurrency 20] [--kills-for 0] [--port 8885] [--keep]
 *   node scripts/chaos-commands.ts --short          (10 agents × 100 commands, kills for 10 s: the npm test mode)
 *
 * After the storm it waits for every agent to be back and every command's record to settle, then
 * prints, per API answer, how many ran, and three counts that must be 0:
 *   LOST   the API (or the command's final record) said it succeeded, but it never ran;
 *   DOUBLE it ran more than once on the device;
 *   LIED   the API's last answer said it did not run (device offline / timed out) and it ran, or
 *          the final record says it did not run (expired, unavailable, cancelled) and it ran.
 * Exit code 1 when any of them is not 0.
 */
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { roomUrl } from "../agent/config.ts";
import { AgentSession, type Executor, type Machine } from "../agent/session.ts";
import { virtualMachine } from "../agent/sim/simulator.ts";
import { CommandRecord } from "../contracts/commands/queue.ts";
import { ApiErrorBody } from "../contracts/http/errors.ts";
import { benchFleet } from "./bench/fleet-sql.ts";
import { seedEnrolledDevices } from "./bench/local-d1.ts";
import { benchDirs, signIn, startFrozenServer } from "./bench/server.ts";

const { values: args } = parseArgs({
  options: {
    agents: { type: "string", default: "100" },
    commands: { type: "string", default: "1000" },
    /** Forced socket kills per second, over all agents. */
    kills: { type: "string", default: "3" },
    /** Share of the kills that are silent (half-open: frames stop, no close). */
    silent: { type: "string", default: "0.3" },
    /** Share of the calls retried with the same request_id. */
    retries: { type: "string", default: "0.1" },
    concurrency: { type: "string", default: "20" },
    /** Seconds of the storm with kills (0: as long as commands are sent); the commands go on after. */
    "kills-for": { type: "string", default: "0" },
    port: { type: "string", default: "8885" },
    short: { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
  },
});
const AGENTS = args.short ? 10 : Number(args.agents);
const COMMANDS = args.short ? 100 : Number(args.commands);
const KILLS_PER_S = args.short ? 1 : Number(args.kills);
const SILENT = Number(args.silent);
const RETRIES = Number(args.retries);
const CONCURRENCY = args.short ? 5 : Number(args.concurrency);
// The short mode's storm has a set length: its kills stop after 10 s, and its commands are paced
// (each of the 5 callers starts one every 0.5 s at most) so that the 100 of them span those 10 s.
// Unpaced and unbounded, the storm's length was chance: a command sent to a silenced agent waits
// for the liveness limit (25 s) and each wait let more kills in — 4 kills in 4 s in one CI run,
// 88 in 88 s in another. Now every run has ≈ 10 kills (≈ 30 % silent) while commands are in
// flight, and the storm ends at most one liveness limit after the kills stop.
const KILLS_FOR_S = args.short ? 10 : Number(args["kills-for"]);
const PACE_MS = args.short ? (CONCURRENCY * KILLS_FOR_S * 1000) / COMMANDS : 0;
const fleet = benchFleet();
const SPACE = fleet.space;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ── sockets that can be killed, loudly or silently ────────────────────────────────────────────
/** The open agent socket of each device, and the devices whose socket is currently "silent". */
const sockets = new Map<string, ChaosSocket>();
let forcedKills = 0;
let silentKills = 0;
class ChaosSocket extends WebSocket {
  /** Half-open: nothing goes out and nothing comes in, but neither side saw a close. */
  silent = false;
  readonly device: string;
  constructor(url: string | URL, protocols?: string | string[]) {
    super(url, protocols);
    this.device = new URL(String(url)).pathname.split("/").pop() ?? "";
    this.addEventListener("open", () => sockets.set(this.device, this));
    this.addEventListener("close", () => {
      if (sockets.get(this.device) === this) sockets.delete(this.device);
    });
  }
  override send(data: Parameters<WebSocket["send"]>[0]) {
    if (!this.silent) super.send(data);
  }
  override addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: unknown) {
    if (type !== "message") return super.addEventListener(type, listener, options as AddEventListenerOptions);
    const wrapped = (event: Event) => {
      if (this.silent) return;
      if (typeof listener === "function") listener.call(this, event);
      else listener.handleEvent(event);
    };
    return super.addEventListener(type, wrapped, options as AddEventListenerOptions);
  }
  override set onmessage(handler: ((this: WebSocket, ev: MessageEvent) => unknown) | null) {
    super.onmessage = handler
      ? (event: MessageEvent) => {
          if (!this.silent) handler.call(this, event);
        }
      : null;
  }
  override get onmessage() {
    return super.onmessage;
  }
}
globalThis.WebSocket = ChaosSocket as typeof WebSocket;

// ── the devices: executions counted per command id ───────────────────────────────────────────
const executions = new Map<string, number>();
function countingMachine(base: Machine): Machine {
  const execute: Executor = async (command) => {
    executions.set(command.id, (executions.get(command.id) ?? 0) + 1);
    // Work takes a moment, so kills land mid-flight.
    await sleep(Math.random() * 400);
    return base.execute(command);
  };
  return { ...base, execute };
}

// ── the API ──────────────────────────────────────────────────────────────────────────────────
let bearer = "";
async function api(origin: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${origin}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${bearer}`, ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json: unknown = await res.json().catch(() => null);
  return { status: res.status, json };
}

/** `queued`: through the device's command queue (202: queued, not ran — its record tells the rest). */
type Kind = { action: string; queued?: boolean; call: (device: string, id: string) => [string, string, unknown] };
const KINDS: Kind[] = [
  {
    action: "screenshot",
    call: (d, id) => ["POST", `/space/${SPACE}/device/${d}/screen-capture/`, { action: "screenshot", request_id: id }],
  },
  {
    action: "instant-reboot",
    call: (d, id) => ["POST", `/device/${d}/power-control/`, { action: "instant-reboot", request_id: id }],
  },
  {
    action: "set-debug",
    call: (d, id) => ["PATCH", `/space/${SPACE}/device/${d}/debug-status/`, { debug_mode: true, request_id: id }],
  },
  {
    // Queued: delivered in the agent's queue window, run in order, exactly once.
    action: "queued screenshot",
    queued: true,
    call: (d, id) => [
      "POST",
      `/space/${SPACE}/device/${d}/command/add/`,
      { action: "screenshot", request_id: id, ttl_seconds: 600 },
    ],
  },
];

/** What the API said: ran (2xx), queued (202 of the queue), failed on the device (502), not run (503), unknown (504), other. */
type Answer = "succeeded" | "queued" | "failed" | "not_run" | "unknown" | `other ${number}`;
function answerOf(status: number, json: unknown, queued = false): Answer {
  if (queued && (status === 200 || status === 202)) return "queued";
  if (status >= 200 && status < 300) return "succeeded";
  const body = ApiErrorBody.safeParse(json);
  const code = body.success ? body.data.code : "";
  if (status === 502 || code === "device_failed") return "failed";
  if (code === "device_offline" || code === "device_timeout") return "not_run";
  if (code === "outcome_unknown") return "unknown";
  return `other ${status}`;
}

type Sent = { id: string; device: string; action: string; answers: Answer[] };

async function main() {
  const { persistDir, sqlDir } = benchDirs("chaos");
  console.error(`seeding ${AGENTS} devices…`);
  const devices = await seedEnrolledDevices(persistDir, sqlDir, fleet, AGENTS);
  const { origin, server } = await startFrozenServer(Number(args.port), benchDirs("chaos-run").work, persistDir);
  bearer = await signIn(origin);
  const renew = setInterval(async () => {
    bearer = await signIn(origin).catch(() => bearer);
  }, 120_000);

  const sessions = devices.map((device) =>
    new AgentSession({
      url: roomUrl({ server: origin, device_uuid: device.uuid }),
      credential: device.credential,
      machine: countingMachine(virtualMachine(device, () => {}, { instant: true })),
      backoff: { baseMs: 300, maxMs: 5_000 },
    }).start(),
  );
  const t0 = Date.now();
  while (sockets.size < devices.length && Date.now() - t0 < 60_000) await sleep(200);
  await sleep(2_000); // hellos processed, rooms online
  console.error(`${sockets.size}/${devices.length} agents connected in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  // The storm: kills at KILLS_PER_S while the commands run.
  let storming = true;
  const killsStart = Date.now();
  const killing = () => storming && (KILLS_FOR_S <= 0 || Date.now() - killsStart < KILLS_FOR_S * 1000);
  const killer = (async () => {
    while (killing()) {
      await sleep(1000 / KILLS_PER_S);
      if (!killing()) break;
      const open = [...sockets.values()].filter((s) => !s.silent);
      const victim = open[Math.floor(Math.random() * open.length)];
      if (!victim) continue;
      if (Math.random() < SILENT) {
        // Half-open: frames stop both ways; only liveness (ping/pong, the room's silence limit) ends it.
        victim.silent = true;
        silentKills++;
      } else {
        victim.close(4000, "chaos");
        forcedKills++;
      }
    }
  })();

  const sent: Sent[] = [];
  let next = 0;
  const t1 = Date.now();
  const worker = async () => {
    while (next < COMMANDS) {
      next++;
      const paced = sleep(PACE_MS);
      const device = devices[Math.floor(Math.random() * devices.length)].uuid;
      const kind = KINDS[Math.floor(Math.random() * KINDS.length)];
      const entry: Sent = { id: randomUUID(), device, action: kind.action, answers: [] };
      sent.push(entry);
      const [method, path, body] = kind.call(device, entry.id);
      const first = await api(origin, method, path, body);
      entry.answers.push(answerOf(first.status, first.json, kind.queued));
      if (Math.random() < RETRIES) {
        const again = await api(origin, method, path, body);
        entry.answers.push(answerOf(again.status, again.json, kind.queued));
      }
      await paced;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  storming = false;
  await killer;
  const stormS = (Date.now() - t1) / 1000;
  console.error(
    `${sent.length} commands in ${stormS.toFixed(1)} s; ${forcedKills} forced and ${silentKills} silent kills`,
  );

  // Settle: silent sockets die by liveness, agents reconnect, re-deliveries and late answers land.
  const settleStart = Date.now();
  let records = new Map<string, CommandRecord | null>();
  for (;;) {
    await sleep(2_000);
    records = new Map();
    for (const entry of sent) {
      const { status, json } = await api(origin, "GET", `/space/${SPACE}/device/${entry.device}/command/${entry.id}/`);
      const parsed = CommandRecord.safeParse(json);
      records.set(entry.id, status === 200 && parsed.success ? parsed.data : null);
    }
    const open = [...records.values()].filter(
      (r) => r && ["queued", "delivered", "acked", "in_doubt"].includes(r.state),
    );
    if ((open.length === 0 && sockets.size === devices.length) || Date.now() - settleStart > 120_000) break;
    console.error(`settling: ${open.length} commands still open, ${sockets.size}/${devices.length} agents connected`);
  }

  // Verdicts.
  let lost = 0;
  let double = 0;
  let lied = 0;
  let unresolved = 0;
  const byAnswer = new Map<string, { n: number; ran: number }>();
  const examples: string[] = [];
  for (const entry of sent) {
    const ran = executions.get(entry.id) ?? 0;
    const record = records.get(entry.id);
    for (const answer of new Set(entry.answers)) {
      const row = byAnswer.get(answer) ?? { n: 0, ran: 0 };
      row.n++;
      if (ran) row.ran++;
      byAnswer.set(answer, row);
    }
    const note = (what: string) => {
      if (examples.length < 10)
        examples.push(
          `${what}: ${entry.action} ${entry.id} answers=${entry.answers.join(",")} ran=${ran} record=${record?.state ?? "none"}${record?.late ? " (late)" : ""}`,
        );
    };
    if (ran > 1) {
      double++;
      note("DOUBLE");
    }
    const saidRan = entry.answers.includes("succeeded") || record?.state === "succeeded";
    if (saidRan && ran === 0) {
      lost++;
      note("LOST");
    }
    // "Did not run" is a lie when the command ran anyway; an earlier such answer followed by a
    // retry (same id) that ran it is the truth at the time it was given, so the last answer counts.
    const last = entry.answers[entry.answers.length - 1];
    const saidNotRun = last === "not_run" || (record && ["expired", "unavailable", "cancelled"].includes(record.state));
    if (saidNotRun && ran > 0) {
      lied++;
      note("LIED");
    }
    if (record && ["delivered", "acked", "in_doubt", "queued"].includes(record.state)) unresolved++;
  }
  clearInterval(renew);
  for (const s of sessions) s.stop();
  server.kill("SIGTERM");

  console.log(
    `\n## Chaos: ${AGENTS} agents × ${sent.length} commands, ${forcedKills} forced + ${silentKills} silent kills in ${stormS.toFixed(0)} s, ${(RETRIES * 100).toFixed(0)} % retried\n`,
  );
  console.log("| API answer | commands | ran on the device |");
  console.log("| --- | --- | --- |");
  for (const [answer, row] of [...byAnswer].sort()) console.log(`| ${answer} | ${row.n} | ${row.ran} |`);
  console.log(`\nLOST ${lost} · DOUBLE ${double} · LIED ${lied} · still unresolved after settling ${unresolved}`);
  for (const line of examples) console.log(`  ${line}`);
  process.exit(lost || double || lied ? 1 : 0);
}

await main();
