/**
 * Fan-out: one device event to N dashboard sockets, against a bare `ws`
 * broadcast of the same message, in one run.
 *
 *   (a) bare: a `ws` server in this process sends one message to N local `ws` clients;
 *   (c) workerd floor: a bare Durable Object room in workerd (scripts/bench/fanout-floor.ts): what
 *       any room on this runtime pays, the console's code left out (no auth, D1, routing);
 *   (b) stack: the console's server (scripts/serve.ts, as `npm start` runs it) on a frozen bundle, N dashboard sockets on one SpaceRoom (each
 *       upgrade carries the bench user's access token in its Authorization header, as a
 *       server-side client would; browsers buy a ticket instead), the trigger a device rename
 *       through the API (PATCH /api/space/{space}/device/{uuid}/), measured until each socket
 *       hears its deviceDetailsUpdate (alone or inside a batch).
 *
 * For both: connect N (all at once; until each socket has its welcome), trigger → each socket
 * (p50/p95/max over ROUNDS triggers, after one uncounted warm-up), close N (all at once; until every client saw its close and
 * a fresh socket then gets its welcome, so the server has run every close handler before it).
 * The N clients run in a worker thread of this process (their own event loop, so on a second
 * core: the server side of (a) and the triggers stay on the main thread). Times are
 * performance.timeOrigin + performance.now() on both threads.
 *
 *   node scripts/bench-fanout.ts [--sockets 1000] [--rounds 20] [--port 8894] [--runs 3] [--direct] [--cycles K]
 *
 * --rounds: 20 by default. The p95 pools every socket of every round, so with few rounds it is set
 * by the slowest one (5 rounds swung a pair's ratio by ±0.3 on a quiet machine).
 *
 * --runs K measures the stack and the floor K times, in pairs (stack, then floor on port + 2): the
 * machine is shared, so each ratio is taken within its pair, and the medians of the pairs' ratios
 * are reported beside each pair's load average.
 *
 * --cycles K (a diagnostic): before the stack's measurement, N sockets connect and close K times:
 * with BENCH_INSPECTOR_PORT=9230 set, `node scripts/bench/cpu-profile.ts` then profiles connects
 * and closes (the window is printed).
 *
 * The server has no dev proxy in front (scripts/serve.ts); BENCH_SERVER=wrangler-dev serves with
 * `wrangler dev` instead, whose proxy (a second workerd) forwards every upgrade, frame and close,
 * and --direct then goes past it to the Worker runtime's own entry socket (runtimeOrigin in
 * bench/server.ts; without the proxy it is the server's port itself).
 *   npm run bench -- --only fanout
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import WebSocket, { WebSocketServer } from "ws";

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What the main thread asks of the client thread. */
type Ask =
  | { op: "connect"; url: string; headers: Record<string, string>; count: number }
  | { op: "expect"; device: string }
  | { op: "close" };
/** The client thread's answers. */
type Answer =
  | { op: "connected"; at: number; ok: number; failed: number; firstError?: string }
  | { op: "heard"; at: number[] }
  | { op: "closed"; at: number };

/** The client side: N sockets, in a worker thread. */
function clientThread() {
  const port = parentPort;
  if (!port) return;
  let sockets: WebSocket[] = [];
  let expected: { device: string; heard: number[]; done: () => void } | null = null;
  const answer = (a: Answer) => port.postMessage(a);
  /** Whether a frame is (or carries) the deviceDetailsUpdate of `device`. */
  const names = (data: string, device: string) => {
    if (!data.includes(device)) return false;
    const message = JSON.parse(data) as { type: string; device_uuid?: string; events?: { device_uuid?: string }[] };
    if (message.type === "deviceDetailsUpdate") return message.device_uuid === device;
    return message.type === "batch" && !!message.events?.some((e) => e.device_uuid === device);
  };
  port.on("message", async (ask: Ask) => {
    if (ask.op === "connect") {
      let failed = 0;
      let firstError: string | undefined;
      const opened = await Promise.all(
        Array.from(
          { length: ask.count },
          () =>
            new Promise<WebSocket | null>((resolve) => {
              const ws = new WebSocket(ask.url, { headers: ask.headers, perMessageDeflate: false });
              const fail = (why: string) => {
                failed++;
                firstError ??= why;
                resolve(null);
              };
              ws.once("message", () => resolve(ws)); // the welcome
              ws.once("unexpected-response", (_req, res) => fail(`HTTP ${res.statusCode}`));
              ws.once("error", (e) => fail(e.message));
              ws.on("message", (data) => {
                const e = expected;
                if (e && names(String(data), e.device)) {
                  e.heard.push(now());
                  if (e.heard.length === sockets.length) e.done();
                }
              });
            }),
        ),
      );
      sockets = opened.filter((ws): ws is WebSocket => ws !== null);
      answer({ op: "connected", at: now(), ok: sockets.length, failed, firstError });
    } else if (ask.op === "expect") {
      const heard: number[] = [];
      const all = new Promise<void>((resolve) => {
        expected = { device: ask.device, heard, done: resolve };
      });
      await Promise.race([all, sleep(20_000)]);
      expected = null;
      answer({ op: "heard", at: heard });
    } else {
      await Promise.all(
        sockets.map(
          (ws) =>
            new Promise<void>((resolve) => {
              if (ws.readyState === WebSocket.CLOSED) return resolve();
              ws.once("close", () => resolve());
              ws.close(1000, "bench done");
            }),
        ),
      );
      sockets = [];
      answer({ op: "closed", at: now() });
    }
  });
}

/** The main thread's handle on the client thread. */
function clients() {
  const worker = new Worker(new URL(import.meta.url), { workerData: { role: "clients" } });
  const ask = <T extends Answer["op"]>(a: Ask, want: T) =>
    new Promise<Extract<Answer, { op: T }>>((resolve) => {
      const on = (m: Answer) => {
        if (m.op !== want) return;
        worker.off("message", on);
        resolve(m as Extract<Answer, { op: T }>);
      };
      worker.on("message", on);
      worker.postMessage(a);
    });
  return { worker, ask };
}

type Result = {
  connectMs: number;
  connected: number;
  latencies: number[];
  firstMs: number[];
  spreadMs: number[];
  closeMs: number;
  /** Frames a connected socket did not hear, over the counted rounds. */
  lost: number;
  /** The server's CPU seconds (by process name) spent in each phase, when it is another process. */
  cpu?: { connect: Cpu; events: Cpu; close: Cpu };
};
type Cpu = Record<string, number>;
const cpuDiff = (a: Cpu, b: Cpu): Cpu => Object.fromEntries(Object.keys(b).map((k) => [k, b[k] - (a[k] ?? 0)]));

/**
 * One measurement: connect N, ROUNDS triggers (each: `trigger(device)` returns when it fired),
 * close N and a probe socket. `open(count)` connects `count` sockets.
 */
async function measure(
  c: ReturnType<typeof clients>,
  n: number,
  rounds: number,
  target: { url: string; headers: Record<string, string> },
  trigger: (round: number) => Promise<{ device: string; fire: () => Promise<void> }>,
  cpu?: () => Cpu,
): Promise<Result> {
  const cpu0 = cpu?.();
  const t0 = now();
  const connected = await c.ask({ op: "connect", ...target, count: n }, "connected");
  if (connected.failed) console.error(`  ${connected.failed} sockets failed to connect: ${connected.firstError}`);
  const connectMs = connected.at - t0;
  const cpu1 = cpu?.();
  const latencies: number[] = [];
  const firstMs: number[] = [];
  const spreadMs: number[] = [];
  let lost = 0;
  await sleep(500);
  // Round 0 warms both sides up (JIT, the room's first publish) and is not counted.
  for (let round = 0; round <= rounds; round++) {
    const { device, fire } = await trigger(round);
    const heard = c.ask({ op: "expect", device }, "heard");
    await sleep(50); // the client thread is listening
    const at = now();
    await fire();
    const got = (await heard).at;
    if (got.length < connected.ok) console.error(`  round ${round}: ${got.length}/${connected.ok} sockets heard it`);
    await sleep(400); // past any coalescing window: each round is one event
    if (round === 0) continue;
    lost += Math.max(0, connected.ok - got.length);
    const ms = got.map((t) => t - at).sort((a, b) => a - b);
    latencies.push(...ms);
    if (ms.length) {
      firstMs.push(ms[0]);
      spreadMs.push(ms[ms.length - 1] - ms[0]);
      // Per round on stderr: a pooled p95 is set by its slowest rounds, and this shows which.
      const at95 = ms[Math.min(ms.length - 1, Math.floor(ms.length * 0.95))];
      console.error(
        `  round ${round}: first ${ms[0].toFixed(1)} ms, p95 ${at95.toFixed(1)} ms, last ${ms[ms.length - 1].toFixed(1)} ms`,
      );
    }
  }
  const cpu2 = cpu?.();
  const tClose = now();
  await c.ask({ op: "close" }, "closed");
  // A fresh socket's welcome: the server has run every close before it (one event loop / one room).
  const probe = await c.ask({ op: "connect", ...target, count: 1 }, "connected");
  const closeMs = probe.at - tClose;
  const cpu3 = cpu?.();
  await c.ask({ op: "close" }, "closed");
  latencies.sort((a, b) => a - b);
  const phases =
    cpu0 && cpu1 && cpu2 && cpu3
      ? { connect: cpuDiff(cpu0, cpu1), events: cpuDiff(cpu1, cpu2), close: cpuDiff(cpu2, cpu3) }
      : undefined;
  return { connectMs, connected: connected.ok, latencies, firstMs, spreadMs, closeMs, lost, cpu: phases };
}

/** The message the stack sends for a rename (a deviceDetailsUpdate), as the bare and floor sides send it. */
const renameEvent = (space: string, device: string, round: number) =>
  JSON.stringify({
    type: "deviceDetailsUpdate",
    event: "deviceUpdated",
    space_uuid: space,
    device_uuid: device,
    device_name: `renamed ${round}`,
  });

async function bare(c: ReturnType<typeof clients>, n: number, rounds: number): Promise<Result> {
  const http = createServer();
  const wss = new WebSocketServer({ server: http, perMessageDeflate: false });
  wss.on("connection", (ws) => ws.send(JSON.stringify({ type: "welcome", room: "space/bare", role: "dashboard" })));
  await new Promise<void>((r) => http.listen(0, "127.0.0.1", r));
  const { port } = http.address() as AddressInfo;
  const result = await measure(c, n, rounds, { url: `ws://127.0.0.1:${port}/`, headers: {} }, async (round) => {
    const device = crypto.randomUUID();
    return {
      device,
      fire: async () => {
        // Serialised once, as the room does.
        const payload = renameEvent("bare", device, round);
        for (const ws of wss.clients) ws.send(payload);
      },
    };
  });
  wss.close();
  http.close();
  return result;
}

async function stack(
  c: ReturnType<typeof clients>,
  n: number,
  rounds: number,
  portArg: number,
  direct: boolean,
  cycles: number,
): Promise<Result> {
  const { benchFleet } = await import("./bench/fleet-sql.ts");
  const { seedEnrolledDevices } = await import("./bench/local-d1.ts");
  const { benchDirs, cpuSeconds, processTree, runtimeOrigin, signIn, startFrozenServer } = await import(
    "./bench/server.ts"
  );
  const fleet = benchFleet();
  const { persistDir, sqlDir } = benchDirs("fanout");
  console.error("seeding 10 devices…");
  const devices = await seedEnrolledDevices(persistDir, sqlDir, fleet, 10);
  // The N dashboards are one account's: the room's cap on one account's sockets is lifted above N.
  const dev = await startFrozenServer(portArg, benchDirs("fanout-run").work, persistDir, undefined, undefined, {
    ROOM_SOCKETS_PER_ACCOUNT: String(n + 1),
  });
  const server = dev.server;
  try {
    const origin = direct ? await runtimeOrigin(server) : dev.origin;
    console.error(`stack at ${origin}${direct ? " (the runtime's entry socket, past wrangler's proxy)" : ""}`);
    const bearer = await signIn(origin);
    const url = `${origin.replace("http", "ws")}/parties/space/${fleet.space}`;
    // A diagnostic: N sockets connected and closed `cycles` times first, the window in which to take
    // a CPU profile of connects and closes (BENCH_INSPECTOR_PORT, scripts/bench/cpu-profile.ts).
    if (cycles > 0) console.error(`${cycles} cycles of ${n} connects and closes (profile now)…`);
    for (let cycle = 0; cycle < cycles; cycle++) {
      await c.ask({ op: "connect", url, headers: { Authorization: `Bearer ${bearer}` }, count: n }, "connected");
      await c.ask({ op: "close" }, "closed");
    }
    if (cycles > 0) console.error("cycles done");
    // wrangler (Node: its dev proxy) and workerd (the Worker, the rooms, local D1), CPU seconds.
    const cpu = () => {
      const out: Cpu = { workerd: 0, wrangler: 0 };
      for (const p of processTree(server.pid ?? 0))
        out[p.comm === "workerd" ? "workerd" : "wrangler"] += cpuSeconds(p.pid);
      return out;
    };
    return await measure(
      c,
      n,
      rounds,
      { url, headers: { Authorization: `Bearer ${bearer}` } },
      async (round) => {
        const device = devices[round % devices.length];
        return {
          device: device.uuid,
          fire: async () => {
            const res = await fetch(`${origin}/api/space/${fleet.space}/device/${device.uuid}/`, {
              method: "PATCH",
              headers: { Authorization: `Bearer ${bearer}`, "Content-Type": "application/json" },
              body: JSON.stringify({ name: `${device.name} ${round}` }),
            });
            if (!res.ok) throw new Error(`rename failed: ${res.status} ${await res.text()}`);
          },
        };
      },
      cpu,
    );
  } finally {
    server.kill("SIGTERM");
  }
}

/** (c) the runtime's floor: a bare Durable Object room in workerd (scripts/bench/fanout-floor.ts). */
async function floor(c: ReturnType<typeof clients>, n: number, rounds: number, port: number): Promise<Result> {
  const { startFloor } = await import("./bench/fanout-floor.ts");
  const { cpuSeconds, processTree } = await import("./bench/server.ts");
  const { origin, stop } = await startFloor(port);
  // The floor's workerd is this process's child (Miniflare spawns it; the stack's server is gone).
  const cpu = () => {
    const out: Cpu = { workerd: 0, wrangler: 0 };
    for (const p of processTree(process.pid)) if (p.comm === "workerd") out.workerd += cpuSeconds(p.pid);
    return out;
  };
  try {
    return await measure(
      c,
      n,
      rounds,
      { url: `${origin.replace("http", "ws")}/room`, headers: {} },
      async (round) => {
        const device = crypto.randomUUID();
        return {
          device,
          fire: async () => {
            const res = await fetch(`${origin}/publish`, { method: "POST", body: renameEvent("floor", device, round) });
            if (!res.ok) throw new Error(`floor publish failed: ${res.status}`);
          },
        };
      },
      cpu,
    );
  } finally {
    await stop();
  }
}

async function main() {
  const { values: args } = parseArgs({
    options: {
      sockets: { type: "string", default: "1000" },
      rounds: { type: "string", default: "20" },
      port: { type: "string", default: "8894" },
      direct: { type: "boolean", default: false },
      cycles: { type: "string", default: "0" },
      runs: { type: "string", default: "3" },
    },
  });
  const { percentile } = await import("./bench/server.ts");
  const n = Number(args.sockets);
  const rounds = Number(args.rounds);
  const c = clients();
  console.error(`bare ws: ${n} sockets…`);
  const b = await bare(c, n, rounds);
  const pairs: { s: Result; f: Result; load: number[] }[] = [];
  for (let run = 0; run < Math.max(1, Number(args.runs)); run++) {
    console.error(`run ${run + 1}: stack, ${n} sockets on one SpaceRoom…`);
    const s = await stack(c, n, rounds, Number(args.port), args.direct === true, run === 0 ? Number(args.cycles) : 0);
    console.error(`run ${run + 1}: workerd floor, ${n} sockets on a bare Durable Object…`);
    const f = await floor(c, n, rounds, Number(args.port) + 2);
    pairs.push({ s, f, load: loadavg() });
  }
  await c.worker.terminate();
  // The detailed table is the pair with the median connect ratio.
  const byConnect = [...pairs].sort((x, y) => x.s.connectMs / x.f.connectMs - y.s.connectMs / y.f.connectMs);
  const { s, f } = byConnect[Math.floor((byConnect.length - 1) / 2)];

  const f1 = (x: number) => x.toFixed(1);
  const p = (r: Result, q: number) => percentile(r.latencies, q);
  const med = (xs: number[]) =>
    percentile(
      [...xs].sort((a, b) => a - b),
      0.5,
    );
  const ratio = (x: number, y: number) => `${(x / y).toFixed(2)}×`;
  console.log(
    `\n## Fan-out: one device event to ${n} dashboard sockets (${rounds} events)${args.direct ? ", stack reached past wrangler's dev proxy" : ""}\n`,
  );
  console.log(
    "| measure | bare `ws` | workerd floor | stack | stack ÷ bare | floor ÷ bare | stack ÷ floor |\n| --- | --- | --- | --- | --- | --- | --- |",
  );
  const row = (label: string, pick: (r: Result) => number) => {
    const [bv, fv, sv] = [pick(b), pick(f), pick(s)];
    console.log(
      `| ${label} | ${f1(bv)} ms | ${f1(fv)} ms | ${f1(sv)} ms | ${ratio(sv, bv)} | ${ratio(fv, bv)} | ${ratio(sv, fv)} |`,
    );
  };
  console.log(`| sockets connected | ${b.connected} | ${f.connected} | ${s.connected} | | | |`);
  row(`connect ${n} (all at once, until each has its welcome)`, (r) => r.connectMs);
  for (const [name, q] of [
    ["p50", 0.5],
    ["p95", 0.95],
    ["max", 1],
  ] as const)
    row(`trigger → socket, ${name}`, (r) => p(r, q));
  row(`trigger → first socket (median of ${rounds})`, (r) => med(r.firstMs));
  row(`first → last socket (median of ${rounds})`, (r) => med(r.spreadMs));
  row(`close ${n} (until all closed and a fresh socket is welcomed)`, (r) => r.closeMs);
  if (pairs.length > 1) {
    const p95 = (r: Result) => p(r, 0.95);
    // workerd's CPU per socket connected (ms): steadier than wall time on a loaded machine.
    const cpuMs = (r: Result) => ((r.cpu?.connect.workerd ?? Number.NaN) * 1000) / n;
    console.log(
      `\n${pairs.length} runs, each the stack then the floor (load average 1 / 5 / 15 min after the pair):\n`,
    );
    console.log(
      "| run | load | connect stack / floor | ÷ | server CPU per connect, stack / floor | ÷ | p95 stack / floor | ÷ | close ÷ | lost |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    );
    for (const [i, { s: ps, f: pf, load }] of pairs.entries())
      console.log(
        `| ${i + 1} | ${load.map((l) => l.toFixed(1)).join(" / ")} | ${f1(ps.connectMs)} / ${f1(pf.connectMs)} ms | ${ratio(ps.connectMs, pf.connectMs)} | ${cpuMs(ps).toFixed(2)} / ${cpuMs(pf).toFixed(2)} ms | ${ratio(cpuMs(ps), cpuMs(pf))} | ${f1(p95(ps))} / ${f1(p95(pf))} ms | ${ratio(p95(ps), p95(pf))} | ${ratio(ps.closeMs, pf.closeMs)} | ${ps.lost} |`,
      );
    const medianOf = (pick: (x: { s: Result; f: Result }) => number) => med(pairs.map(pick)).toFixed(2);
    console.log(
      `| median | | | ${medianOf((x) => x.s.connectMs / x.f.connectMs)}× | | ${medianOf((x) => cpuMs(x.s) / cpuMs(x.f))}× | | ${medianOf((x) => p95(x.s) / p95(x.f))}× | ${medianOf((x) => x.s.closeMs / x.f.closeMs)}× | ${pairs.reduce((t, x) => t + x.s.lost, 0)} |`,
    );
  }
  if (s.cpu) {
    const ms = (c: Cpu, per: number) =>
      `workerd ${((c.workerd * 1000) / per).toFixed(2)} ms, wrangler ${((c.wrangler * 1000) / per).toFixed(2)} ms`;
    console.log(`\nServer CPU of the stack (user + system, /proc): per socket connected ${ms(s.cpu.connect, n)}; `);
    console.log(
      `per event (${rounds + 1} renames incl. the warm-up, each to ${n} sockets) ${ms(s.cpu.events, rounds + 1)}; per socket closed ${ms(s.cpu.close, n)}.`,
    );
  }
  if (f.cpu) {
    const ms = (c: Cpu, per: number) => `${((c.workerd * 1000) / per).toFixed(2)} ms`;
    console.log(
      `Server CPU of the workerd floor: per socket connected ${ms(f.cpu.connect, n)}; per event ${ms(f.cpu.events, rounds + 1)}; per socket closed ${ms(f.cpu.close, n)}.`,
    );
  }
  process.exit(0);
}

if (isMainThread) await main();
else if ((workerData as { role?: string })?.role === "clients") clientThread();
