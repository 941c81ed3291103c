/**
 * The first screen on a phone network: Debian's Chromium loads /login, /devices (signed in, until
 * its first rows show) and /wall with CDP's network and CPU emulation at Lighthouse's mobile profile
 * (150 ms RTT, 1.6 Mbps down, 750 kbps up, 4× CPU slowdown; a 412×823 phone screen), each on a cold
 * cache (a new browser context) and then on a warm one (the same context, the page opened again),
 * --runs times; it prints the medians. The baseline, loaded alternately in the same run, is the same
 * console with index.html's first-load script blocked (no early chunks, no early data): the lever's
 * effect, read as a ratio on whatever the machine's load is.
 *
 * Measured in the page: LCP (the last `largest-contentful-paint` entry before anything is touched),
 * first contentful paint, when the page's first content is there (the first device card or row,
 * the wall's totals, the sign-in button React renders), and every script the page requested until the network
 * is quiet (nobody touches the page, so what loads after a first input is not counted), each file
 * counted as its gzip size (what a CDN sends; scripts/check-bundle.ts counts the same from the build).
 * On /wall it also says when the map's chunk (MapLibre) was requested, against when the totals
 * and the status board painted: the map is meant to arrive after the first paint.
 *
 * The console is the project's own: a build of the SPA (into .wrangler/bench-first-load/dist, web/dist is
 * left alone), the demo space seeded into a throwaway local D1 and scripts/serve.ts serving both
 * (a frozen bundle of the Worker, scripts/bench/server.ts). The local runtime serves scripts
 * uncompressed over HTTP/1.1, where the edge sends them compressed over HTTP/2, so the figures lean
 * slow; the bench says what was sent.
 *
 *   npm run bench -- --only first-load
 *   node scripts/bench/first-load.ts [--runs 5] [--port 8889] [--routes /login,/devices,/wall] [--no-build] [--keep]
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { type BrowserContext, type CDPSession, chromium, type Page } from "@playwright/test";
import { DEMO_PASSWORD } from "../../agent/sim/demo-data.ts";
import { CONSOLE_CLIENT_ID } from "../../contracts/auth/schema.ts";
import { sessionFromTokens } from "../../web/src/lib/session/stored-session.ts";
import { CHROMIUM, CHROMIUM_ARGS } from "../ensure-chromium.ts";
import { type BudgetFile, headScriptsOf, type Manifest, routeSizes } from "../lib/bundle-budget.ts";
import { allMigrationsSql } from "../lib/migrations.ts";
import { ROOT, runTool } from "../lib/proc.ts";
import { benchDirs, startFrozenServer } from "./server.ts";

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    port: { type: "string", default: "8889" },
    routes: { type: "string", default: "/login,/devices,/wall" },
    /** Serve web/dist as it is instead of building into the bench directory. */
    "no-build": { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
  },
});
const RUNS = Number(args.runs);
const PORT = Number(args.port);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const ROUTES = args.routes.split(",").map((r) => r.trim());
const EMAIL = "admin@outpost.demo";

/** Lighthouse's mobile profile (its `mobileSlow4G` throttling, as the issue states it). */
export const PHONE = {
  rttMs: 150,
  downKbps: 1.6 * 1024,
  upKbps: 750,
  cpuSlowdown: 4,
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
};

/** What "the page's first content is there" means per route (a selector whose element has text). */
const READY: Record<string, string> = {
  // React's button, not the one of the first paint /login's HTML carries (web/build/login-prerender.ts).
  "/login": 'button[type="submit"]:not(#login-first-paint *)',
  "/devices": 'ul[aria-label="Devices"] > li, table[aria-label="Devices"] tbody tr[data-index]',
  "/wall": '[data-testid="wall-board"] [data-testid="wall-location"]',
};
/** The wall's map chunk (react-map-gl + MapLibre): any script whose name says so. */
const MAP_CHUNK = /(fleet-map|maplibre|base-map)/i;

/** Installed before any page script: LCP entries, FCP and the time the route's content appears. */
function initScript(ready: string) {
  const w = window as unknown as Record<string, unknown>;
  w.__lcp = 0;
  w.__lcpNode = "";
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
      w.__lcp = e.startTime;
      const el = e.element;
      w.__lcpNode = el
        ? `${el.tagName.toLowerCase()}${el.getAttribute("data-testid") ? `[${el.getAttribute("data-testid")}]` : ""} "${(el.textContent ?? "").trim().slice(0, 40)}"`
        : "";
    }
  }).observe({ type: "largest-contentful-paint", buffered: true });
  const poll = () => {
    const el = document.querySelector(ready);
    if (el && (el.textContent ?? "").trim() !== "") {
      // In the frame being drawn; `__ready`, the frame after it: when it is on the screen.
      w.__seen = performance.now();
      requestAnimationFrame(() => {
        w.__ready = performance.now();
      });
      return;
    }
    requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
}

type Load = {
  lcp: number;
  lcpNode: string;
  fcp: number;
  ready: number;
  /** When the content was first in a frame being drawn (painted at the end of that frame). */
  seen: number;
  jsFiles: number;
  jsGzip: number;
  /** Of those, the files asked for before the content was visible. */
  jsBeforeReady: number;
  jsSent: number;
  /** The script files, as output paths (e.g. assets/vendor-….js). */
  files: string[];
  /** /wall: when the map's chunk was requested (ms after navigation), or null when it was not. */
  mapRequested: number | null;
  mapLoaded: number | null;
};

/** Waits until no request has been in flight for `quietMs` (websockets aside), at most `maxMs`. */
function networkQuiet(cdp: CDPSession) {
  const inflight = new Set<string>();
  let last = Date.now();
  const start = (e: { requestId: string; request: { url: string } }) => {
    if (!e.request.url.startsWith("data:")) inflight.add(e.requestId);
    last = Date.now();
  };
  const end = (e: { requestId: string }) => {
    inflight.delete(e.requestId);
    last = Date.now();
  };
  cdp.on("Network.requestWillBeSent", start);
  cdp.on("Network.loadingFinished", end);
  cdp.on("Network.loadingFailed", end);
  return {
    async wait(quietMs = 2000, maxMs = 30_000) {
      const until = Date.now() + maxMs;
      while (Date.now() < until && (inflight.size > 0 || Date.now() - last < quietMs))
        await new Promise((r) => setTimeout(r, 100));
    },
    stop() {
      cdp.off("Network.requestWillBeSent", start);
      cdp.off("Network.loadingFinished", end);
      cdp.off("Network.loadingFailed", end);
    },
  };
}

const gzipped = new Map<string, number>();
function gzipOf(dist: string, path: string) {
  let n = gzipped.get(path);
  if (n === undefined) {
    n = gzipSync(readFileSync(join(dist, path))).length;
    gzipped.set(path, n);
  }
  return n;
}

async function throttle(cdp: CDPSession) {
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: PHONE.rttMs,
    downloadThroughput: (PHONE.downKbps * 1024) / 8,
    uploadThroughput: (PHONE.upKbps * 1024) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: PHONE.cpuSlowdown });
}

/** One navigation to `route` (from about:blank), measured until the network is quiet. */
async function load(page: Page, cdp: CDPSession, route: string, dist: string): Promise<Load> {
  await page.goto("about:blank");
  const quiet = networkQuiet(cdp);
  try {
    await page.goto(`${ORIGIN}${route}`, { waitUntil: "commit", timeout: 60_000 });
    await page.waitForFunction(() => (window as unknown as { __ready?: number }).__ready !== undefined, null, {
      timeout: 60_000,
      polling: 100,
    });
    await quiet.wait();
  } finally {
    quiet.stop();
  }
  const measured = await page.evaluate(() => {
    const w = window as unknown as { __lcp: number; __lcpNode: string; __ready: number; __seen: number };
    const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN;
    const resources = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).map((r) => ({
      name: r.name,
      start: r.startTime,
      end: r.responseEnd,
      sent: r.transferSize,
    }));
    return { lcp: w.__lcp, lcpNode: w.__lcpNode, ready: w.__ready, seen: w.__seen, fcp, resources };
  });
  if (process.env.FIRST_LOAD_TRACE) {
    console.error(
      `    ${route}: fcp ${measured.fcp.toFixed(0)} lcp ${measured.lcp.toFixed(0)} ready ${measured.ready.toFixed(0)}`,
    );
    for (const r of measured.resources)
      console.error(
        `      ${r.start.toFixed(0).padStart(5)} → ${r.end.toFixed(0).padStart(5)} ${String(r.sent).padStart(7)} ${new URL(r.name).pathname}${new URL(r.name).search}`,
      );
  }
  const scripts = measured.resources.filter((r) => new URL(r.name).pathname.endsWith(".js"));
  const files = [...new Set(scripts.map((r) => new URL(r.name).pathname))];
  const map = scripts.find((r) => MAP_CHUNK.test(r.name));
  return {
    lcp: measured.lcp,
    lcpNode: measured.lcpNode,
    fcp: measured.fcp,
    ready: measured.ready,
    seen: measured.seen,
    jsFiles: files.length,
    jsGzip: files.reduce((sum, f) => sum + gzipOf(dist, f), 0),
    jsBeforeReady: [
      ...new Set(scripts.filter((r) => r.start < measured.ready).map((r) => new URL(r.name).pathname)),
    ].reduce((sum, f) => sum + gzipOf(dist, f), 0),
    files: files.map((f) => f.replace(/^\//, "")),
    jsSent: scripts.reduce((sum, r) => sum + r.sent, 0),
    mapRequested: map ? map.start : null,
    mapLoaded: map ? map.end : null,
  };
}

/** A password grant for the demo admin, as the sign-in form makes it. */
async function passwordGrant() {
  const res = await fetch(`${ORIGIN}/auth/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "password",
      username: EMAIL,
      password: DEMO_PASSWORD,
      client_id: CONSOLE_CLIENT_ID,
    }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return sessionFromTokens(await res.json());
}

/** A fresh phone context (an empty cache), signed in as the console keeps a session unless `route` is /login. */
async function phoneContext(browser: import("@playwright/test").Browser, route: string, headStart: boolean) {
  const context: BrowserContext = await browser.newContext({
    viewport: PHONE.viewport,
    deviceScaleFactor: PHONE.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
  });
  // The baseline: the same console without index.html's first-load script (no early chunks, no early data).
  if (!headStart) await context.route(/\/assets\/first-load-[\w-]+\.js$/, (r) => r.abort());
  await context.addInitScript(initScript, READY[route] ?? "main");
  const page = await context.newPage();
  if (route !== "/login") {
    const session = await passwordGrant();
    // /healthz: a document of the console's origin that runs no script and caches nothing.
    await page.goto(`${ORIGIN}/healthz`);
    // A returning user: the console remembers the space they work in (their first one, as it picks it).
    const me = await fetch(`${ORIGIN}/api/account/login/`, {
      method: "POST",
      headers: { Authorization: `Bearer ${session.access_token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ email: EMAIL }),
    });
    const space = ((await me.json()) as { spaces: { space_uuid: string }[] }).spaces[0]?.space_uuid ?? "";
    await page.evaluate(
      ([value, spaceUuid]) => {
        localStorage.setItem("outpost.session", value);
        localStorage.setItem("outpost.space", spaceUuid);
      },
      [JSON.stringify(session), space] as const,
    );
  }
  const cdp = await context.newCDPSession(page);
  await throttle(cdp);
  return { context, page, cdp };
}

const median = (xs: number[]) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
const sec = (ms: number | null) => (ms === null || !Number.isFinite(ms) ? "-" : `${(ms / 1000).toFixed(2)} s`);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The demo space in a new local D1 under persistDir (migrations + seed in one execute, as npm start). */
function seedDemo(persistDir: string, sqlDir: string) {
  const seed = join(sqlDir, "seed.sql");
  runTool("node", ["scripts/seed-demo.ts", "--out", seed, "--devices-json", join(sqlDir, "devices.json")], {
    quiet: true,
  });
  const file = join(sqlDir, "new-database.sql");
  writeFileSync(file, allMigrationsSql() + readFileSync(seed, "utf8"));
  runTool("wrangler", ["d1", "execute", "DB", "--local", "--persist-to", persistDir, "--file", file, "--yes"], {
    quiet: true,
  });
}

async function run() {
  const { work, persistDir, sqlDir } = benchDirs("first-load");
  const dist = args["no-build"] ? join(ROOT, "web", "dist") : join(work, "dist");
  if (!args["no-build"]) {
    console.error(`Building the SPA into ${dist}…`);
    runTool("vite", ["build", "--config", "web/vite.config.ts", "--logLevel", "warn", "--outDir", dist]);
  }
  console.error("Seeding the demo space…");
  seedDemo(persistDir, sqlDir);
  console.error(`Serving on ${PORT}…`);
  const { server } = await startFrozenServer(PORT, work, persistDir, dist);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const results: { route: string; cold: Load[]; warm: Load[]; baseCold: Load[]; baseWarm: Load[] }[] = [];
  try {
    for (const route of ROUTES) {
      const cold: Load[] = [];
      const warm: Load[] = [];
      const baseCold: Load[] = [];
      const baseWarm: Load[] = [];
      for (let i = 0; i < RUNS; i++) {
        // The console, then its baseline, one after the other: both see the same machine.
        for (const headStart of [true, false]) {
          const { context, page, cdp } = await phoneContext(browser, route, headStart);
          try {
            (headStart ? cold : baseCold).push(await load(page, cdp, route, dist));
            (headStart ? warm : baseWarm).push(await load(page, cdp, route, dist));
          } finally {
            await context.close();
          }
        }
        const c = cold.at(-1) as Load;
        const h = warm.at(-1) as Load;
        console.error(
          `  ${route} #${i + 1}: cold LCP ${sec(c.lcp)} (${c.lcpNode}) ready ${sec(c.ready)} JS ${kb(c.jsGzip)} gzip in ${c.jsFiles} files (${kb(c.jsSent)} sent)` +
            `${c.mapRequested !== null ? ` map requested ${sec(c.mapRequested)}` : ""}; warm LCP ${sec(h.lcp)} ready ${sec(h.ready)}`,
        );
      }
      results.push({ route, cold, warm, baseCold, baseWarm });
    }
  } finally {
    await browser.close();
    server.kill("SIGTERM");
  }

  const [load1] = loadavg();
  console.log(
    `\nFirst load on Lighthouse's mobile profile (${PHONE.rttMs} ms RTT, ${PHONE.downKbps / 1024} Mbps down, ${PHONE.upKbps} kbps up, ${PHONE.cpuSlowdown}× CPU), median of ${RUNS}; Chromium ${browser.version()}, load ${load1.toFixed(1)}`,
  );
  console.log(
    "| route | cache | LCP | baseline | ÷ | content visible | baseline | ÷ | JS (gzip) by then | JS (gzip) by network idle | files | map requested |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const { route, cold, warm, baseCold, baseWarm } of results) {
    for (const [cache, loads, base] of [
      ["cold", cold, baseCold],
      ["warm", warm, baseWarm],
    ] as const) {
      const maps = loads.map((l) => l.mapRequested).filter((m): m is number => m !== null);
      const m = (pick: (l: Load) => number, of: Load[] = loads) => median(of.map(pick));
      const ratio = (pick: (l: Load) => number) => (m(pick) / m(pick, base)).toFixed(2);
      console.log(
        `| ${route} | ${cache} | ${sec(m((l) => l.lcp))} | ${sec(m((l) => l.lcp, base))} | ${ratio((l) => l.lcp)} | ${sec(m((l) => l.ready))} | ${sec(m((l) => l.ready, base))} | ${ratio((l) => l.ready)} | ${kb(m((l) => l.jsBeforeReady))} | ${kb(m((l) => l.jsGzip))} | ${m((l) => l.jsFiles)} | ${maps.length ? sec(median(maps)) : "-"} |`,
      );
    }
  }
  const wall = results.find((r) => r.route === "/wall");
  if (wall) {
    const early = [...wall.cold, ...wall.warm].filter((l) => l.mapRequested !== null && l.mapRequested < l.seen);
    console.log(
      `/wall: the map was asked for after the totals and the status board were on the screen in ${wall.cold.length + wall.warm.length - early.length} of ${wall.cold.length + wall.warm.length} loads`,
    );
  }
  // The build check's figure (scripts/check-bundle.ts) beside what Chromium asked for on the cold loads.
  const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8")) as Manifest;
  const budget = JSON.parse(readFileSync(join(ROOT, "web/bundle-budget.json"), "utf8")) as BudgetFile;
  const heads = headScriptsOf(readFileSync(join(dist, "index.html"), "utf8"));
  const model = new Map(routeSizes(manifest, budget, (f) => gzipOf(dist, `/${f}`), heads).map((r) => [r.route, r]));
  for (const { route, cold } of results) {
    const checked = model.get(route);
    const first = cold[0];
    if (!checked || !first) continue;
    const requested = new Set(first.files);
    const notCounted = first.files.filter((f) => !checked.files.includes(f));
    const notRequested = checked.files.filter((f) => !requested.has(f));
    console.log(
      `${route}: check-bundle counts ${kb(checked.bytes)} in ${checked.files.length} files; Chromium asked for ${kb(first.jsGzip)} in ${first.jsFiles}` +
        `${notCounted.length ? `; not counted: ${notCounted.join(", ")}` : ""}${notRequested.length ? `; not asked for: ${notRequested.join(", ")}` : ""}`,
    );
  }
  if (!args.keep) rmSync(work, { recursive: true, force: true });
}

await run();
