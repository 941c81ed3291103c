/**
 * The command queue at scale: Q commands queued for each of N offline devices, then
 * the N agents connect; every device must run its commands exactly once, in the order they were
 * queued, within 60 s of its agent connecting. A few more devices that never connect get one
 * command with a 60 s TTL: it must be `expired` within TTL ± 60 s.
 *
 *   node scripts/bench-command-queue.ts [--devices 1000] [--per-device 10] [--concurrency 50] [--port 8886]
 *   npm run bench -- --only queue
 */
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { roomUrl } from "../agent/config.ts";
import { AgentSession, type Executor, type Machine } from "../agent/session.ts";
import { virtualMachine } from "../agent/sim/simulator.ts";
import { CommandRecord } from "../contracts/commands/queue.ts";
import { benchFleet } from "./bench/fleet-sql.ts";
import { seedEnrolledDevices } from "./bench/local-d1.ts";
import { benchDirs, cpuSeconds, percentile, processTree, signIn, startFrozenServer } from "./bench/server.ts";

const { values: args } = parseArgs({
  options: {
    devices: { type: "string", default: "1000" },
    "per-device": { type: "string", default: "10" },
    concurrency: { type: "string", default: "50" },
    port: { type: "string", default: "8886" },
  },
});
const DEVICES = Number(args.devices);
const PER_DEVICE = Number(args["per-device"]);
const CONCURRENCY = Number(args.concurrency);
/** Devices that never connect, each with one command whose TTL is 60 s. */
const EXPIRING = Number(process.env.QUEUE_EXPIRING ?? 20);
const TTL_S = 60;
/** The agents connect spread over this many seconds (a reconnect wave), RAMP_S=0: all at once. */
const RAMP_S = Number(process.env.RAMP_S ?? 20);
const fleet = benchFleet();
const SPACE = fleet.space;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let bearer = "";
async function api(origin: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${origin}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${bearer}`, ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json().catch(() => null)) as unknown };
}

async function inParallel<T>(items: T[], n: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

async function main() {
  const { persistDir, sqlDir } = benchDirs("queue");
  console.error(`seeding ${DEVICES + EXPIRING} devices…`);
  const all = await seedEnrolledDevices(persistDir, sqlDir, fleet, DEVICES + EXPIRING);
  const devices = all.slice(0, DEVICES);
  const expiring = all.slice(DEVICES);
  const { origin, server } = await startFrozenServer(Number(args.port), benchDirs("queue-run").work, persistDir);
  bearer = await signIn(origin);
  const renew = setInterval(async () => {
    bearer = await signIn(origin).catch(() => bearer);
  }, 120_000);

  // Queue: for each device its commands in order (one device's calls one after another; devices in parallel).
  const queued = new Map<string, string[]>();
  let refused = 0;
  const t0 = performance.now();
  await inParallel(devices, CONCURRENCY, async (device) => {
    const ids: string[] = [];
    for (let i = 0; i < PER_DEVICE; i++) {
      const id = randomUUID();
      const { status } = await api(origin, "POST", `/space/${SPACE}/device/${device.uuid}/command/add/`, {
        action: "set-debug",
        params: { debug_mode: i % 2 === 0 },
        request_id: id,
      });
      if (status === 202) ids.push(id);
      else refused++;
    }
    queued.set(device.uuid, ids);
  });
  const expiringIds = new Map<string, string>();
  for (const device of expiring) {
    const id = randomUUID();
    const { status } = await api(origin, "POST", `/space/${SPACE}/device/${device.uuid}/command/add/`, {
      action: "instant-reboot",
      request_id: id,
      ttl_seconds: TTL_S,
    });
    if (status === 202) expiringIds.set(device.uuid, id);
    else refused++;
  }
  const queueS = (performance.now() - t0) / 1000;
  const total = [...queued.values()].reduce((n, ids) => n + ids.length, 0);
  console.error(
    `queued ${total} commands in ${queueS.toFixed(1)} s (${(total / queueS).toFixed(0)}/s), ${refused} refused`,
  );

  // Connect: each device's executions in order, and when its agent connected.
  const ran = new Map<string, string[]>();
  const connectedAt = new Map<string, number>();
  const lastRunAt = new Map<string, number>();
  const counting = (uuid: string, base: Machine): Machine => {
    const execute: Executor = async (command) => {
      ran.set(uuid, [...(ran.get(uuid) ?? []), command.id]);
      lastRunAt.set(uuid, Date.now());
      return base.execute(command);
    };
    return { ...base, execute };
  };
  // The agents come back as a fleet does after an outage: each after a random delay within
  // RAMP_S (their reconnect backoff's jitter), not all in the same millisecond. Each device's
  // time is counted from its own socket opening ("within 60 s of its reconnect").
  // The server's CPU (wrangler + workerd, user + system) from the first agent to the last command:
  // on one local workerd every room and D1 share one thread, so this is what bounds the rate here.
  const serverCpu = () => processTree(server.pid ?? 0).reduce((sum, p) => sum + cpuSeconds(p.pid), 0);
  const cpuAtConnect = serverCpu();
  let cpuAtConnected: number | null = null;
  const tConnect = Date.now();
  const sessions = devices.map((device) => {
    const session = new AgentSession({
      url: roomUrl({ server: origin, device_uuid: device.uuid }),
      credential: device.credential,
      machine: counting(
        device.uuid,
        virtualMachine(device, () => {}, { instant: true }),
      ),
      log: (line) => {
        if (line === "connected" && !connectedAt.has(device.uuid)) connectedAt.set(device.uuid, Date.now());
      },
      // QUEUE_SILENCE_MS: the agents' silence/upgrade limit (to tell a slow connect storm from a failure).
      ...(process.env.QUEUE_SILENCE_MS ? { silenceMs: Number(process.env.QUEUE_SILENCE_MS) } : {}),
    });
    setTimeout(() => session.start(), Math.random() * RAMP_S * 1000);
    return session;
  });
  const done = () => devices.every((d) => (ran.get(d.uuid)?.length ?? 0) >= (queued.get(d.uuid)?.length ?? 0));
  for (let tick = 0; !done() && Date.now() - tConnect < 180_000; tick++) {
    await sleep(1000);
    if (cpuAtConnected === null && connectedAt.size === DEVICES) cpuAtConnected = serverCpu();
    if (tick % 10 === 9) {
      const connected = sessions.filter((s) => s.connected).length;
      const started = devices.filter((d) => ran.has(d.uuid)).length;
      console.error(`  ${tick + 1} s: ${connected}/${DEVICES} agents connected, ${started} devices ran something`);
    }
  }
  const deliveredS = (Date.now() - tConnect) / 1000;
  const cpuDelivery = serverCpu() - cpuAtConnect;
  const cpuConnecting = (cpuAtConnected ?? serverCpu()) - cpuAtConnect;
  await sleep(3000); // anything run twice would show now

  const sample = devices[0];
  console.error(
    `e.g. ${sample.name}: queued ${queued.get(sample.uuid)?.length ?? 0}, ran ${ran.get(sample.uuid)?.length ?? 0}; ` +
      `${devices.filter((d) => ran.has(d.uuid)).length}/${DEVICES} devices ran something`,
  );
  let inOrder = 0;
  let exactlyOnce = 0;
  let within60 = 0;
  const lags: number[] = [];
  for (const device of devices) {
    const want = queued.get(device.uuid) ?? [];
    const got = ran.get(device.uuid) ?? [];
    if (got.length === want.length && new Set(got).size === got.length) exactlyOnce++;
    if (got.join() === want.join()) inOrder++;
    const lag =
      ((lastRunAt.get(device.uuid) ?? Number.POSITIVE_INFINITY) - (connectedAt.get(device.uuid) ?? Number.NaN)) / 1000;
    lags.push(Number.isNaN(lag) ? Number.POSITIVE_INFINITY : lag);
    if (lag <= 60) within60++; // NaN (never connected) and Infinity (ran nothing) are not
  }
  lags.sort((a, b) => a - b);

  // Expiry: the never-connected devices' commands, TTL 60 s.
  const expiryDeadline = t0 + queueS * 1000 + (TTL_S + 90) * 1000;
  while (Date.now() < expiryDeadline) await sleep(5000);
  const expiryLate: number[] = [];
  let expired = 0;
  for (const [uuid, id] of expiringIds) {
    const { json } = await api(origin, "GET", `/space/${SPACE}/device/${uuid}/command/${id}/`);
    const record = CommandRecord.safeParse(json);
    if (!record.success || record.data.state !== "expired" || !record.data.expires_at || !record.data.finished_at) {
      console.error(`  not expired: ${uuid} ${id}: ${JSON.stringify(json).slice(0, 300)}`);
      continue;
    }
    expired++;
    expiryLate.push((Date.parse(record.data.finished_at) - Date.parse(record.data.expires_at)) / 1000);
  }
  clearInterval(renew);
  for (const s of sessions) s.stop();
  server.kill("SIGTERM");

  const f1 = (n: number) => n.toFixed(1);
  console.log(`\n## Command queue: ${total} commands queued for ${DEVICES} offline devices (${PER_DEVICE} each)\n`);
  console.log(`| measure | result |\n| --- | --- |`);
  console.log(
    `| queueing through the API (concurrency ${CONCURRENCY}) | ${f1(queueS)} s, ${(total / queueS).toFixed(0)}/s, ${refused} refused |`,
  );
  console.log(
    `| all delivered after the first agent started (agents starting over ${RAMP_S} s) | ${f1(deliveredS)} s, ${connectedAt.size} / ${DEVICES} agents connected |`,
  );
  console.log(
    `| server CPU (wrangler + workerd) from the first agent to the last command | ${f1(cpuDelivery)} s in ${f1(deliveredS)} s (${((cpuDelivery / deliveredS) * 100).toFixed(0)} % of one core); ${((cpuDelivery * 1000) / Math.max(1, total)).toFixed(1)} ms per command, connects included; ${f1(cpuConnecting)} s until all agents were connected |`,
  );
  console.log(`| devices that ran every command exactly once | ${exactlyOnce} / ${DEVICES} |`);
  console.log(`| devices that ran them in queue order | ${inOrder} / ${DEVICES} |`);
  console.log(
    `| devices done within 60 s of connecting | ${within60} / ${DEVICES} (p50 ${f1(percentile(lags, 0.5))} s, p95 ${f1(percentile(lags, 0.95))} s, max ${f1(lags[lags.length - 1])} s) |`,
  );
  console.log(
    `| TTL ${TTL_S} s commands expired (never-connected devices) | ${expired} / ${expiringIds.size}, ${expiryLate.length ? `${f1(Math.min(...expiryLate))}–${f1(Math.max(...expiryLate))} s after their expiry` : "–"} |`,
  );
  const ok =
    exactlyOnce === DEVICES &&
    inOrder === DEVICES &&
    within60 === DEVICES &&
    expired === expiringIds.size &&
    expiryLate.every((s) => Math.abs(s) <= 60);
  process.exit(ok ? 0 : 1);
}

await main();
