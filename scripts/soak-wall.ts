/**
 * Soak test of the NOC wall: does /wall stay flat — JS heap after GC and DOM nodes —
 * over a long run of live events? Builds the SPA into .wrangler/bench-wall/dist (web/dist is left
 * alone), seeds the bench fleet (scripts/bench/) into a throwaway local D1 with coordinates, four
 * location groups and an all-week global schedule, serves both with `wrangler dev` (a frozen
 * bundle, so edits elsewhere do not restart it), runs every device as a simulated agent in this
 * process (agent/sim/simulator.ts's virtual machines on the real AgentSession), and opens
 * /wall?display=… (a wall display link) in Debian's Chromium at 1920×1080, rotating its views.
 *
 * Then for --minutes it flips random devices offline (the agent's socket closes) and back online
 * (a new session) at --factor times the normal rate — normal being a flaky fleet where each device
 * changes presence --normal times an hour — so the space room pushes deviceOnline/deviceOffline
 * and the locations' status changes to the wall, which updates its ticker and re-reads its
 * summary. Every 30 s it collects garbage (CDP HeapProfiler.collectGarbage) and samples the heap
 * (Runtime.getHeapUsage), the document's element count and CDP's Nodes / JSEventListeners.
 *
 *   node scripts/soak-wall.ts [--minutes 10] [--agents 150] [--normal 6] [--factor 10] [--rotate 17] [--port 8883] [--keep]
 *
 * Pass: for each view on screen (they rotate), heap after GC and elements at the end within 10 %
 * of that view's first sample once the wall is warm (≥ 60 s), and the link live at the end.
 */
import { createHash } from "node:crypto";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type CDPSession, chromium, type Page } from "@playwright/test";
import { roomUrl } from "../agent/config.ts";
import { AgentSession } from "../agent/session.ts";
import { virtualMachine } from "../agent/sim/simulator.ts";
import { benchFleet } from "./bench/fleet-sql.ts";
import { seedEnrolledDevices } from "./bench/local-d1.ts";
import { benchDirs, signIn, startFrozenServer } from "./bench/server.ts";
import { CHROMIUM, CHROMIUM_ARGS } from "./ensure-chromium.ts";
import { runTool } from "./lib/proc.ts";

const { values: args } = parseArgs({
  options: {
    minutes: { type: "string", default: "10" },
    agents: { type: "string", default: "150" },
    /** Presence changes per device per hour in normal operation. */
    normal: { type: "string", default: "6" },
    factor: { type: "string", default: "10" },
    /** The wall's rotation, seconds per view (17: the 30 s samples land on every view in turn). */
    rotate: { type: "string", default: "17" },
    port: { type: "string", default: "8883" },
    "sample-s": { type: "string", default: "30" },
    "no-build": { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
  },
});
const MINUTES = Number(args.minutes);
const AGENTS = Number(args.agents);
const RATE = (AGENTS * Number(args.normal) * Number(args.factor)) / 3600;
const SAMPLE_MS = Number(args["sample-s"]) * 1000;
const PORT = Number(args.port);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const fleet = benchFleet();
const SPACE = fleet.space;

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(2);
const pct = (a: number, b: number) => `${b >= a ? "+" : ""}${(((b - a) / a) * 100).toFixed(1)} %`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The bench fleet, all its devices installed and offline with agent credentials; a map, groups and hours for the wall. */
async function seed(persistDir: string, sqlDir: string) {
  const groups = ["North", "South", "East", "West"].map((name, i) => ({ uuid: sha256(`group-${i}`), name, i }));
  const uuid = (hex: string) =>
    `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  const days = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
  return seedEnrolledDevices(persistDir, sqlDir, fleet, AGENTS, {
    salt: "soak",
    extra: [
      `UPDATE device SET installed_at = '2026-01-01T00:00:00.000Z' WHERE space_uuid = '${SPACE}'`,
      // Spread over central Europe and the Adriatic, deterministically.
      `UPDATE location SET latitude = 42.5 + ((rowid * 37) % 600) / 100.0, longitude = 13.0 + ((rowid * 53) % 900) / 100.0 WHERE space_uuid = '${SPACE}'`,
      ...groups.map(
        (g) =>
          `INSERT INTO location_group (uuid, space_uuid, name) VALUES ('${uuid(g.uuid)}', '${SPACE}', '${g.name}')`,
      ),
      ...groups.map(
        (g) =>
          `INSERT INTO location_group_location (location_group_uuid, location_uuid, space_uuid) SELECT '${uuid(g.uuid)}', uuid, '${SPACE}' FROM location WHERE space_uuid = '${SPACE}' AND rowid % 4 = ${g.i}`,
      ),
      ...days.map(
        (day) =>
          `INSERT INTO working_time (uuid, space_uuid, location_uuid, day, position, start, "end") VALUES ('${uuid(sha256(day))}', '${SPACE}', NULL, '${day}', 0, '00:00:00', '23:59:59')`,
      ),
    ],
  });
}

type Sample = {
  t: number;
  /** The view on screen (rotation): what is drawn differs per view, so views are compared with themselves. */
  view: string;
  heap: number;
  elements: number;
  nodes: number;
  listeners: number;
  ticker: number;
  changes: number;
};

async function sample(page: Page, cdp: CDPSession, t0: number, changes: number): Promise<Sample> {
  await cdp.send("HeapProfiler.collectGarbage");
  const { usedSize } = await cdp.send("Runtime.getHeapUsage");
  const { metrics } = await cdp.send("Performance.getMetrics");
  const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
  const dom = await page.evaluate(() => ({
    view: document.querySelector('[data-testid="wall-view"]')?.getAttribute("data-key") ?? "",
    elements: document.getElementsByTagName("*").length,
    ticker: document.querySelectorAll('[data-testid="wall-ticker-item"]').length,
  }));
  return {
    t: Math.round((Date.now() - t0) / 1000),
    view: dom.view.startsWith("group:") ? `group ${dom.view.slice(6, 14)}` : dom.view,
    heap: usedSize,
    elements: dom.elements,
    nodes: metric("Nodes"),
    listeners: metric("JSEventListeners"),
    ticker: dom.ticker,
    changes,
  };
}

async function run() {
  const { work, persistDir, sqlDir } = benchDirs("wall");
  const dist = join(work, "dist");
  if (!args["no-build"]) {
    console.error(`Building the SPA into ${dist}…`);
    runTool("vite", ["build", "--config", "web/vite.config.ts", "--logLevel", "warn", "--outDir", dist]);
  }
  console.error(`Seeding ${AGENTS} devices into ${persistDir}…`);
  const devices = await seed(persistDir, sqlDir);
  console.error(`Starting wrangler dev on ${PORT}…`);
  const { server } = await startFrozenServer(PORT, work, persistDir, args["no-build"] ? undefined : dist);
  const sessions = new Map<string, AgentSession>();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const token = await signIn(ORIGIN);
    const api = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${ORIGIN}/api${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, ...(body ? { "Content-Type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<Record<string, unknown>>;
    };
    const link = await api("POST", `/space/${SPACE}/display-link/add/`, { name: "Soak wall" });

    // Every device online to start with.
    const start = (device: (typeof devices)[number]) => {
      const session =
        sessions.get(device.uuid) ??
        new AgentSession({
          url: roomUrl({ server: ORIGIN, device_uuid: device.uuid }),
          credential: device.credential,
          machine: virtualMachine(device, () => {}, { instant: true }),
          backoff: { baseMs: 1000, maxMs: 10_000 },
        });
      sessions.set(device.uuid, session);
      session.start();
    };
    for (const device of devices) start(device);
    const online = new Set(devices.map((d) => d.uuid));
    const onlineCount = async () =>
      ((await api("GET", `/space/${SPACE}/device/items/?online=true&page_size=1`)) as { objects_count: number })
        .objects_count;
    for (let i = 0; i < 120 && (await onlineCount()) < AGENTS; i++) await sleep(500);
    console.error(`${await onlineCount()}/${AGENTS} devices online`);

    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable");
    await page.goto(`${ORIGIN}/wall?display=${link.secret}&rotate=${args.rotate}`);
    await page.waitForSelector('[data-testid="wall-link"][data-state="live"]', { timeout: 60_000 });
    const version = browser.version();

    // Flip devices at RATE per second: an online one goes offline, an offline one comes back,
    // keeping about four in five online.
    let changes = 0;
    let due = 0;
    const t0 = Date.now();
    const end = t0 + MINUTES * 60_000;
    const flipper = setInterval(() => {
      const target = Math.floor(((Date.now() - t0) / 1000) * RATE);
      for (; due < target; due++) {
        const goOffline = online.size > AGENTS * 0.8 || (online.size > AGENTS * 0.6 && Math.random() < 0.5);
        const pool = devices.filter((d) => online.has(d.uuid) === goOffline);
        const device = pool[Math.floor(Math.random() * pool.length)];
        if (!device) continue;
        if (goOffline) {
          sessions.get(device.uuid)?.stop();
          online.delete(device.uuid);
        } else {
          start(device);
          online.add(device.uuid);
        }
        changes++;
      }
    }, 50);

    const samples: Sample[] = [];
    const header =
      "| t (s) | view | heap after GC (MB) | elements | CDP Nodes | JS listeners | ticker rows | presence changes |";
    console.log(header);
    console.log("|---|---|---|---|---|---|---|---|");
    for (let next = t0; next <= end; next += SAMPLE_MS) {
      await sleep(Math.max(0, next - Date.now()));
      const s = await sample(page, cdp, t0, changes);
      samples.push(s);
      console.log(
        `| ${s.t} | ${s.view} | ${mb(s.heap)} | ${s.elements} | ${s.nodes} | ${s.listeners} | ${s.ticker} | ${s.changes} |`,
      );
    }
    clearInterval(flipper);

    const state = await page.getAttribute('[data-testid="wall-link"]', "data-state");
    console.log("");
    console.log(
      `Chromium ${version}; ${AGENTS} agents, ${changes} presence changes in ${MINUTES} min (${RATE.toFixed(2)}/s = ${args.factor}× ${args.normal} per device-hour), rotation ${args.rotate} s; link ${state} at the end.`,
    );
    // Each view against itself (what is drawn differs per view): its first sample once the wall
    // is warm (≥ 60 s: the ticker full, the map loaded) and its last.
    let pass = state === "live";
    console.log("");
    console.log("| view | samples | heap after GC first → last (MB) | change | elements first → last | change |");
    console.log("|---|---|---|---|---|---|");
    for (const view of [...new Set(samples.map((s) => s.view))]) {
      const mine = samples.filter((s) => s.view === view && s.t >= 60);
      if (mine.length < 2) continue;
      const [first, last] = [mine[0], mine[mine.length - 1]];
      pass &&= last.heap <= first.heap * 1.1 && last.elements <= first.elements * 1.1;
      console.log(
        `| ${view} | ${mine.length} | ${mb(first.heap)} → ${mb(last.heap)} | ${pct(first.heap, last.heap)} | ${first.elements} → ${last.elements} | ${pct(first.elements, last.elements)} |`,
      );
    }
    const warm = samples.filter((s) => s.t >= 60);
    console.log("");
    console.log(
      `Heap after GC over the run (≥ 60 s): min ${mb(Math.min(...warm.map((s) => s.heap)))} MB, max ${mb(Math.max(...warm.map((s) => s.heap)))} MB. ${pass ? "PASS" : "FAIL"}: every view within 10 % of itself (heap after GC and elements), the link live at the end.`,
    );
    process.exitCode = pass ? 0 : 1;
  } finally {
    for (const session of sessions.values()) session.stop();
    await browser.close();
    server.kill("SIGTERM");
    await sleep(500);
    if (!args.keep) rmSync(work, { recursive: true, force: true });
  }
}

await run();
process.exit(process.exitCode ?? 0);
