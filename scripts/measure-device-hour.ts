/**
 * What one device costs per hour of being connected (and docs/deploy.md's price table):
 * N simulated agents with their real intervals (ping 10 s, heartbeat and telemetry 60 s) on
 * the frozen local server, and, per device-hour:
 * - agent WebSocket frames sent and received (counted client-side, on the sockets AgentSession opens);
 * - D1 statements, rows read and rows written as D1 reports them (`meta.rows_read` /
 *   `meta.rows_written` of every result, the figures D1 bills; index entries count as written rows);
 * - Durable Object requests per class (fetch, incoming WebSocket messages, alarms, RPC calls on
 *   stubs), constructions (wakes), and rows read/written in the rooms' own SQLite;
 * - workerd CPU time (/proc of the workerd processes: the Worker, the rooms and local D1 together);
 * - Durable Object duration, from every event each object handled (fetch, WebSocket message and
 *   close, alarm, RPC call: its start and the moment its promise settled): "active" is the union
 *   of those intervals per object (what Cloudflare bills for an object that can hibernate);
 *   "resident" adds HIBERNATE_AFTER_MS after each (the object stays in memory until that much
 *   idle time has passed, and would be billed all along if it could not hibernate). Pings the
 *   runtime answers (WebSocket auto-response) reach no handler and count in neither.
 *
 * The counting lives in a wrapper module run in front of the bundle (the Worker and the room
 * classes subclassed, the D1 binding's transport tapped); nothing in the app changes. The wrapper
 * answers GET /__measure with its counters.
 *
 *   node scripts/measure-device-hour.ts [--agents 50] [--minutes 4] [--settle 30] [--port 8887]
 *   npm run bench -- --only device-hour
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { roomUrl } from "../agent/config.ts";
import { AgentSession, type AgentSocket, type Connect } from "../agent/session.ts";
import { virtualMachine } from "../agent/sim/simulator.ts";
import { benchFleet } from "./bench/fleet-sql.ts";
import { seedEnrolledDevices } from "./bench/local-d1.ts";
import { benchDirs, cpuSeconds, processTree, signIn, startFrozenServer } from "./bench/server.ts";

const { values: args } = parseArgs({
  options: {
    agents: { type: "string", default: "50" },
    minutes: { type: "string", default: "4" },
    settle: { type: "string", default: "30" },
    port: { type: "string", default: "8887" },
  },
});
const AGENTS = Number(args.agents);
const MINUTES = Number(args.minutes);
const SETTLE_S = Number(args.settle);
/** The agents start spread over this many seconds (as a fleet does), not in one burst. */
const RAMP_S = 10;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs in workerd in front of the bundle: counts, then delegates. It is appended to a copy of the
 * bundle (wrangler dev --no-bundle loads one module only), `app` being the bundle's exports.
 */
const WRAPPER = String.raw`
function __measure(app) {
const C = { worker: { requests: 0 }, d1: {}, rooms: {}, rpc: {}, sql: {}, events: {}, tapped: { d1: false, sql: false } };
// Each object's handled events as [start, end] (ms), by "Class:name".
const timed = (key, run) => {
  const start = Date.now();
  const done = () => (C.events[key] ??= []).push([start, Date.now()]);
  let out;
  try {
    out = run();
  } catch (e) {
    done();
    throw e;
  }
  if (out && typeof out.then === "function") return out.finally(done);
  done();
  return out;
};
globalThis.__measure = C;
const key = (sql) => String(sql ?? "?").replace(/\s+/g, " ").trim().slice(0, 100);

// D1: every statement's meta (what D1 bills), tapped where the binding's session sends it.
function tapD1(db) {
  if (C.tapped.d1 || !db || typeof db.withSession !== "function") return;
  const proto = Object.getPrototypeOf(db.withSession());
  const add = (sqls, out) => {
    (Array.isArray(out) ? out : [out]).forEach((r, i) => {
      const e = (C.d1[key(sqls[i] ?? sqls[0])] ??= { n: 0, read: 0, written: 0 });
      e.n++;
      e.read += r?.meta?.rows_read ?? 0;
      e.written += r?.meta?.rows_written ?? 0;
    });
  };
  const send = proto._send;
  if (typeof send === "function")
    proto._send = async function (endpoint, query, ...rest) {
      const out = await send.call(this, endpoint, query, ...rest);
      add(Array.isArray(query) ? query : [query], out);
      return out;
    };
  const query = proto._queryOrThrow;
  if (typeof query === "function")
    proto._queryOrThrow = async function (request, ...rest) {
      const out = await query.call(this, request, ...rest);
      add((request?.queries ?? []).map((q) => q.sql), out);
      return out;
    };
  C.tapped.d1 = typeof send === "function" || typeof query === "function";
}

// The rooms' own SQLite: each cursor's rowsRead/rowsWritten, read once the caller has consumed it.
const owner = new WeakMap();
function tapSql(sql, kind) {
  try {
    owner.set(sql, kind);
    if (C.tapped.sql) return;
    const proto = Object.getPrototypeOf(sql);
    const exec = proto.exec;
    proto.exec = function (...a) {
      const cursor = exec.apply(this, a);
      const e = (C.sql[owner.get(this) ?? "?"] ??= { execs: 0, read: 0, written: 0, stmts: {} });
      const st = (e.stmts[key(a[0])] ??= { n: 0, read: 0, written: 0 });
      e.execs++;
      st.n++;
      Promise.resolve().then(() => {
        e.read += cursor.rowsRead ?? 0;
        e.written += cursor.rowsWritten ?? 0;
        st.read += cursor.rowsRead ?? 0;
        st.written += cursor.rowsWritten ?? 0;
      });
      return cursor;
    };
    C.tapped.sql = true;
  } catch {}
}

// Calls on Durable Object stubs (each is a billed request); fetch is counted inside the room.
const CLASS = { Space: "SpaceRoom", Location: "LocationRoom", Device: "DeviceRoom" };
const stub = (s, kind, name) =>
  new Proxy(s, {
    get(t, k) {
      const v = Reflect.get(t, k);
      if (typeof v !== "function") return v;
      return (...a) => {
        if (typeof k !== "string" || k === "fetch") return Reflect.apply(v, t, a);
        C.rpc[kind + "." + k] = (C.rpc[kind + "." + k] ?? 0) + 1;
        // Timed at the caller: the room handles the call for about as long as the caller waits.
        return timed(kind + ":" + name, () => Reflect.apply(v, t, a)); // an RPC method's own .apply would be a remote property
      };
    },
  });
const namespace = (ns, kind) =>
  new Proxy(ns, {
    get(t, k) {
      const v = Reflect.get(t, k);
      if (typeof v !== "function") return v;
      if (k === "get" || k === "getByName")
        return (...a) => stub(v.apply(t, a), kind, k === "getByName" ? String(a[0]) : (a[0]?.name ?? String(a[0])));
      if (k === "jurisdiction") return (...a) => namespace(v.apply(t, a), kind);
      return v.bind(t);
    },
  });
const wrapEnv = (env) =>
  new Proxy(env, {
    get(t, k) {
      const v = Reflect.get(t, k);
      return typeof k === "string" && CLASS[k] && v ? namespace(v, CLASS[k]) : v;
    },
  });

function counted(Base, kind) {
  const R = (C.rooms[kind] = { wakes: 0, fetch: 0, wsMessages: 0, wsCloses: 0, alarms: 0 });
  return class extends Base {
    constructor(ctx, env) {
      tapD1(env.DB);
      tapSql(ctx.storage.sql, kind);
      super(ctx, wrapEnv(env));
      R.wakes++;
      this.__key = kind + ":" + (ctx.id.name ?? ctx.id.toString());
    }
    fetch(request) { R.fetch++; return timed(this.__key, () => super.fetch(request)); }
    webSocketMessage(ws, message) { R.wsMessages++; return timed(this.__key, () => super.webSocketMessage(ws, message)); }
    webSocketClose(...a) { R.wsCloses++; return timed(this.__key, () => super.webSocketClose(...a)); }
    alarm(...a) { R.alarms++; return timed(this.__key, () => super.alarm(...a)); }
  };
}
return {
  SpaceRoom: counted(app.SpaceRoom, "SpaceRoom"),
  LocationRoom: counted(app.LocationRoom, "LocationRoom"),
  DeviceRoom: counted(app.DeviceRoom, "DeviceRoom"),
  default: {
    fetch(request, env, ctx) {
      if (new URL(request.url).pathname === "/__measure") return Response.json(C);
      tapD1(env.DB);
      C.worker.requests++;
      return app.default.fetch(request, wrapEnv(env), ctx);
    },
  },
};
}
const __m = __measure(__bundle);
const __mSpace = __m.SpaceRoom, __mLocation = __m.LocationRoom, __mDevice = __m.DeviceRoom, __mDefault = __m.default;
export { __mSpace as SpaceRoom, __mLocation as LocationRoom, __mDevice as DeviceRoom, __mDefault as default };
`;

/** The bundle with its final \`export { … }\` turned into \`const __bundle = { … }\`, then the wrapper. */
function instrumented(bundle: string): string {
  const src = readFileSync(join(bundle, "index.js"), "utf8");
  const at = src.lastIndexOf("\nexport {");
  const end = src.indexOf("};", at);
  if (at < 0 || end < 0) throw new Error("the bundle's export list was not found");
  const entries = src
    .slice(at + "\nexport {".length, end)
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean)
    .map((e) => {
      const [local, exported] = e.split(/\s+as\s+/);
      return `${exported ?? local}: ${local}`;
    });
  const file = join(bundle, "measure-entry.js");
  writeFileSync(file, `${src.slice(0, at)}\nconst __bundle = { ${entries.join(", ")} };\n${WRAPPER}`);
  return file;
}

type Stat = { n: number; read: number; written: number };
type Counters = {
  worker: { requests: number };
  d1: Record<string, Stat>;
  rooms: Record<string, { wakes: number; fetch: number; wsMessages: number; wsCloses: number; alarms: number }>;
  rpc: Record<string, number>;
  sql: Record<string, { execs: number; read: number; written: number; stmts: Record<string, Stat> }>;
  events: Record<string, [number, number][]>;
  tapped: { d1: boolean; sql: boolean };
};

/** Production hibernates an idle object after about this long (the resident figure's tail). */
const HIBERNATE_AFTER_MS = 10_000;
/** Cloudflare bills Durable Object duration at 128 MB per object. */
const GB_PER_OBJECT = 0.128;

/**
 * Seconds of Durable Object duration per class between `from` and `to`: "active" (the union of
 * each object's event intervals) and "resident" (each interval extended by HIBERNATE_AFTER_MS).
 */
function durations(events: Counters["events"], from: number, to: number) {
  const out: Record<string, { active: number; resident: number; objects: number }> = {};
  const union = (spans: [number, number][]) => {
    let total = 0;
    let start = -1;
    let end = -1;
    for (const [a, b] of spans.toSorted((x, y) => x[0] - y[0])) {
      const [s, e] = [Math.max(a, from), Math.min(b, to)];
      if (e < s) continue;
      if (s > end) {
        if (end > start) total += end - start;
        [start, end] = [s, e];
      } else end = Math.max(end, e);
    }
    if (end > start) total += end - start;
    return total / 1000;
  };
  for (const [key, spans] of Object.entries(events)) {
    const kind = key.slice(0, key.indexOf(":"));
    const d = out[kind] ?? { active: 0, resident: 0, objects: 0 };
    out[kind] = d;
    d.objects++;
    d.active += union(spans);
    d.resident += union(spans.map(([a, b]) => [a, b + HIBERNATE_AFTER_MS]));
  }
  return out;
}
type Snapshot = {
  at: number;
  counters: Counters;
  cpu: number;
  sent: Record<string, number>;
  received: Record<string, number>;
};

async function main() {
  const fleet = benchFleet();
  const { persistDir, sqlDir } = benchDirs("device-hour");
  console.error(`seeding ${AGENTS} enrolled devices…`);
  const devices = await seedEnrolledDevices(persistDir, sqlDir, fleet, AGENTS);
  const { origin, server } = await startFrozenServer(
    Number(args.port),
    benchDirs("device-hour-run").work,
    persistDir,
    undefined,
    instrumented,
  );
  const workerd = () =>
    processTree(server.pid ?? 0)
      .filter((p) => p.comm === "workerd")
      .map((p) => p.pid);

  // Frames the agents send and receive, by their "type" (binary frames as "binary").
  const sent: Record<string, number> = {};
  const received: Record<string, number> = {};
  const typeOf = (data: unknown) =>
    typeof data === "string" ? (/^\{"type":"([^"]+)"/.exec(data)?.[1] ?? "other") : "binary";
  const connect: Connect = (url, headers) => {
    const ws = new WebSocket(url, { headers } as unknown as string[]) as unknown as AgentSocket;
    const send = ws.send.bind(ws);
    ws.send = (data) => {
      const t = typeOf(data);
      sent[t] = (sent[t] ?? 0) + 1;
      send(data);
    };
    ws.addEventListener("message", (event) => {
      const t = typeOf(event.data);
      received[t] = (received[t] ?? 0) + 1;
    });
    return ws;
  };

  const snapshot = async (): Promise<Snapshot> => {
    await sleep(200); // let the rooms' cursor counters settle
    const counters = (await (await fetch(`${origin}/__measure`)).json()) as Counters;
    return {
      at: Date.now(),
      counters,
      cpu: workerd().reduce((s, pid) => s + cpuSeconds(pid), 0),
      sent: { ...sent },
      received: { ...received },
    };
  };
  // workerd's own CPU with nothing connected, subtracted from the figures below.
  const idle = await snapshot();
  await sleep(15_000);
  const s0 = await snapshot();
  const idleCpuPerS = (s0.cpu - idle.cpu) / ((s0.at - idle.at) / 1000);

  const sessions = devices.map((device) => {
    const session = new AgentSession({
      url: roomUrl({ server: origin, device_uuid: device.uuid }),
      credential: device.credential,
      machine: virtualMachine(device, () => {}, { instant: true }),
      connect,
    });
    setTimeout(() => session.start(), Math.random() * RAMP_S * 1000);
    return session;
  });
  const t0 = Date.now();
  while (sessions.some((s) => !s.connected) && Date.now() - t0 < 180_000) await sleep(500);
  const connectS = (Date.now() - t0) / 1000;
  if (sessions.some((s) => !s.connected)) {
    server.kill("SIGTERM");
    throw new Error(`only ${sessions.filter((s) => s.connected).length}/${AGENTS} agents connected within 180 s`);
  }
  console.error(
    `${sessions.filter((s) => s.connected).length}/${AGENTS} connected after ${connectS.toFixed(1)} s; settling ${SETTLE_S} s`,
  );
  await sleep(SETTLE_S * 1000);
  const s1 = await snapshot();
  console.error(`measuring ${MINUTES} min…`);
  for (let m = 0; m < MINUTES; m++) {
    await sleep(60_000);
    console.error(`  ${m + 1} min: ${sessions.filter((s) => s.connected).length}/${AGENTS} connected`);
  }
  const s2 = await snapshot();
  const stillConnected = sessions.filter((s) => s.connected).length;
  for (const s of sessions) s.stop();
  await sleep(5000);
  const s3 = await snapshot();
  // Sanity, after the last snapshot (the API's own reads are not in the figures).
  const bearer = await signIn(origin);
  const list = await fetch(`${origin}/api/space/${fleet.space}/device/items/?page_size=1&online=true`, {
    headers: { Authorization: `Bearer ${bearer}` },
  });
  const onlineAfterStop = ((await list.json()) as { objects_count?: number }).objects_count;
  server.kill("SIGTERM");

  report({ s0, s1, s2, s3, connectS, stillConnected, onlineAfterStop, idleCpuPerS });
  process.exit(s3.counters.tapped.d1 && stillConnected === AGENTS ? 0 : 1);
}

function diff(a: Record<string, number>, b: Record<string, number>) {
  const out: Record<string, number> = {};
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) out[k] = (b[k] ?? 0) - (a[k] ?? 0);
  return out;
}
const d1Total = (c: Counters) =>
  Object.values(c.d1).reduce((t, s) => ({ n: t.n + s.n, read: t.read + s.read, written: t.written + s.written }), {
    n: 0,
    read: 0,
    written: 0,
  });

function report(r: {
  s0: Snapshot;
  s1: Snapshot;
  s2: Snapshot;
  s3: Snapshot;
  connectS: number;
  stillConnected: number;
  onlineAfterStop: number | undefined;
  idleCpuPerS: number;
}) {
  const { s0, s1, s2, s3 } = r;
  const windowH = (s2.at - s1.at) / 3_600_000;
  const deviceHours = AGENTS * windowH;
  const perDH = (n: number) => n / deviceHours;
  const f = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : "–");
  const phase = (label: string, a: Snapshot, b: Snapshot, per: (n: number) => number, unit: string) => {
    const dt = (x: Counters) => d1Total(x);
    const [d1a, d1b] = [dt(a.counters), dt(b.counters)];
    const rooms = Object.keys(b.counters.rooms);
    const room = (k: string, field: "wakes" | "fetch" | "wsMessages" | "wsCloses" | "alarms") =>
      (b.counters.rooms[k]?.[field] ?? 0) - (a.counters.rooms[k]?.[field] ?? 0);
    const rpc = diff(a.counters.rpc, b.counters.rpc);
    const rpcOf = (k: string) =>
      Object.entries(rpc)
        .filter(([name, n]) => name.startsWith(`${k}.`) && n > 0)
        .reduce((s, [, n]) => s + n, 0);
    const sqlOf = (k: string, field: "execs" | "read" | "written") =>
      (b.counters.sql[k]?.[field] ?? 0) - (a.counters.sql[k]?.[field] ?? 0);
    console.log(`\n### ${label} (${unit})\n`);
    console.log(`| measure | value |\n| --- | --- |`);
    const sentD = diff(a.sent, b.sent);
    const recvD = diff(a.received, b.received);
    const frames = (d: Record<string, number>) =>
      Object.entries(d)
        .filter(([, n]) => n > 0)
        .map(([t, n]) => `${t} ${f(per(n))}`)
        .join(", ");
    console.log(
      `| agent frames sent | ${f(per(Object.values(sentD).reduce((s, n) => s + n, 0)))} (${frames(sentD)}) |`,
    );
    console.log(
      `| agent frames received | ${f(per(Object.values(recvD).reduce((s, n) => s + n, 0)))} (${frames(recvD)}) |`,
    );
    console.log(
      `| Worker requests (fetch events: agent upgrades) | ${f(per(b.counters.worker.requests - a.counters.worker.requests))} |`,
    );
    console.log(
      `| D1 statements / rows read / rows written | ${f(per(d1b.n - d1a.n))} / ${f(per(d1b.read - d1a.read))} / ${f(per(d1b.written - d1a.written))} |`,
    );
    for (const k of rooms) {
      const billed = room(k, "fetch") + rpcOf(k) + room(k, "alarms") + room(k, "wsMessages") / 20;
      console.log(
        `| ${k}: wakes / fetch / WebSocket messages in / alarms / RPC calls (billed requests, messages 20:1) | ` +
          `${f(per(room(k, "wakes")), 2)} / ${f(per(room(k, "fetch")), 2)} / ${f(per(room(k, "wsMessages")))} / ${f(per(room(k, "alarms")), 2)} / ${f(per(rpcOf(k)), 2)} (${f(per(billed), 2)}) |`,
      );
      console.log(
        `| ${k}: own SQLite execs / rows read / rows written | ${f(per(sqlOf(k, "execs")))} / ${f(per(sqlOf(k, "read")))} / ${f(per(sqlOf(k, "written")))} |`,
      );
    }
    const busy = (b.cpu - a.cpu - r.idleCpuPerS * ((b.at - a.at) / 1000)) * 1000;
    console.log(
      `| workerd CPU ms (Worker + rooms + local D1; idle ${f(r.idleCpuPerS * 1000)} ms/s subtracted) | ${f(per(busy))} |`,
    );
    for (const [k, d] of Object.entries(durations(b.counters.events, a.at, b.at))) {
      console.log(
        `| ${k}: duration s, active / resident (${HIBERNATE_AFTER_MS / 1000} s idle before hibernation); GB-s at ${GB_PER_OBJECT * 1000} MB | ` +
          `${f(per(d.active), 2)} / ${f(per(d.resident), 1)}; ${f(per(d.active * GB_PER_OBJECT), 3)} / ${f(per(d.resident * GB_PER_OBJECT), 1)} GB-s |`,
      );
    }
    const rpcRows = Object.entries(rpc).filter(([, n]) => n > 0);
    if (rpcRows.length) console.log(`\nRPC calls: ${rpcRows.map(([k, n]) => `${k} ${f(per(n), 2)}`).join(", ")}`);
    const stmts = Object.entries(b.counters.d1)
      .map(([k, s]) => {
        const was = a.counters.d1[k] ?? { n: 0, read: 0, written: 0 };
        return { k, n: s.n - was.n, read: s.read - was.read, written: s.written - was.written };
      })
      .filter((s) => s.n > 0)
      .sort((x, y) => y.written - x.written || y.read - x.read);
    if (stmts.length) {
      console.log(`\n| D1 statement (first 100 chars) | n | rows read | rows written |\n| --- | --- | --- | --- |`);
      for (const s of stmts)
        console.log(
          `| \`${s.k.replace(/\|/g, "\\|")}\` | ${f(per(s.n), 2)} | ${f(per(s.read), 1)} | ${f(per(s.written), 1)} |`,
        );
    }
    for (const k of rooms) {
      const was = a.counters.sql[k]?.stmts ?? {};
      const rows = Object.entries(b.counters.sql[k]?.stmts ?? {})
        .map(([q, x]) => ({
          q,
          n: x.n - (was[q]?.n ?? 0),
          read: x.read - (was[q]?.read ?? 0),
          written: x.written - (was[q]?.written ?? 0),
        }))
        .filter((x) => x.n > 0)
        .sort((x, y) => y.written - x.written || y.read - x.read)
        .slice(0, 10);
      if (!rows.length) continue;
      console.log(
        `\n| ${k} SQLite statement (first 100 chars) | n | rows read | rows written |\n| --- | --- | --- | --- |`,
      );
      for (const x of rows)
        console.log(
          `| \`${x.q.replace(/\|/g, "\\|")}\` | ${f(per(x.n), 2)} | ${f(per(x.read), 1)} | ${f(per(x.written), 1)} |`,
        );
    }
  };
  console.log(
    `\n## Per device-hour: ${AGENTS} agents, ${f(windowH * 60)} min steady window (${new Date(s1.at).toISOString()})\n`,
  );
  console.log(
    `All ${AGENTS} connected ${f(r.connectS)} s after the first start (starts spread over ${RAMP_S} s), then ${SETTLE_S} s settle; ` +
      `${r.stillConnected}/${AGENTS} still connected at the end; online by the API 5 s after stopping them: ${r.onlineAfterStop}. ` +
      `Taps: D1 ${s3.counters.tapped.d1 ? "on" : "OFF"}, room SQLite ${s3.counters.tapped.sql ? "on" : "OFF"}.`,
  );
  phase("Steady window, per device-hour", s1, s2, perDH, `÷ ${f(deviceHours, 3)} device-hours`);
  phase("Connect (start → settled), per device", s0, s1, (n) => n / AGENTS, `÷ ${AGENTS} devices`);
  phase("Disconnect (stop → 5 s later), per device", s2, s3, (n) => n / AGENTS, `÷ ${AGENTS} devices`);
}

await main();
