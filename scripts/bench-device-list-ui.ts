/**
 * Client frame times of the device list at 100 000 devices: builds the SPA into
 * .wrangler/bench-ui/dist (web/dist is left alone), seeds the bench space (scripts/bench/) into
 * a throwaway local D1, serves both with `wrangler dev` (a frozen bundle: scripts/bench/server.ts), signs in through /login in
 * Debian's Chromium (never a downloaded browser) and, in grid view and in rows view, scrolls the
 * list continuously through --pages pages of infinite scroll while the page records rAF deltas,
 * long tasks, the DOM nodes inside the list and the JS heap; then times a search.
 *
 *   npm run bench                                   (the runner: scripts/bench.ts)
 *   node scripts/bench-device-list-ui.ts [--devices 100000] [--pages 30] [--speed 40] [--port 8882] [--no-build] [--keep]
 */
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { type CDPSession, chromium, type Page } from "@playwright/test";
import { BENCH_EMAIL, BENCH_PASSWORD, benchFleet } from "./bench/fleet-sql.ts";
import { localD1 } from "./bench/local-d1.ts";
import { benchDirs, percentile, startFrozenServer } from "./bench/server.ts";
import { CHROMIUM, CHROMIUM_ARGS } from "./ensure-chromium.ts";
import { ROOT, runTool } from "./lib/proc.ts";

const { values: args } = parseArgs({
  options: {
    devices: { type: "string", default: "100000" },
    pages: { type: "string", default: "30" },
    /** Pixels scrolled per animation frame. */
    speed: { type: "string", default: "40" },
    port: { type: "string", default: "8882" },
    /** Serve web/dist as it is instead of building into the bench directory. */
    "no-build": { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
  },
});
const DEVICES = Number(args.devices);
const PAGES = Number(args.pages);
const SPEED = Number(args.speed);
const PORT = Number(args.port);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PAGE_SIZE = 36;
/** 100 matches: "Device 0999" at 100 000 devices (names are "Device 000000" … "Device 099999"). */
const SEARCH = `Device ${String(DEVICES - 1)
  .padStart(6, "0")
  .slice(0, 4)}`;

const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : "-");
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** In the page: the list element of either view. */
const LIST = 'ul[aria-label="Devices"], table[aria-label="Devices"]';
const ITEM = 'ul[aria-label="Devices"] > li, table[aria-label="Devices"] tbody tr[data-index]'; // not the virtualizer's spacer rows

/** Installed before any page script: first-card time and a long-task log. */
function initScript() {
  const w = window as unknown as Record<string, unknown>;
  const longTasks: { start: number; duration: number }[] = [];
  w.__longTasks = longTasks;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: "longtask", buffered: true });
  } catch {
    // no longtask support
  }
  const firstItem = () => {
    const item = document.querySelector(
      'ul[aria-label="Devices"] > li, table[aria-label="Devices"] tbody tr',
    ) as HTMLElement | null;
    if (item?.textContent?.includes("Device")) {
      w.__firstCard = performance.now();
      return;
    }
    requestAnimationFrame(firstItem);
  };
  requestAnimationFrame(firstItem);
}

type ScrollResult = {
  frames: number[];
  longTasks: { start: number; duration: number }[];
  nodes: number[];
  docNodes: number;
  scrolledPx: number;
  ms: number;
  t0: number;
  bottomWaitMs: number;
  bottomWaits: number;
};

/** In the page: scroll the list's scroller by `speed` px a frame until `stop()` says so. */
function scrollInPage({ speed, list }: { speed: number; list: string }): Promise<ScrollResult> {
  const w = window as unknown as Record<string, unknown>;
  const listEl = document.querySelector(list) as HTMLElement;
  let scroller: HTMLElement | null = listEl.parentElement;
  while (
    scroller &&
    !(scroller.scrollHeight > scroller.clientHeight && getComputedStyle(scroller).overflowY !== "visible")
  )
    scroller = scroller.parentElement;
  if (!scroller) throw new Error("no scroller");
  const box = scroller;
  const frames: number[] = [];
  const nodes: number[] = [];
  const longStart = (w.__longTasks as unknown[]).length;
  const t0 = performance.now();
  let last = t0;
  let bottomSince: number | null = null;
  let bottomWaitMs = 0;
  let bottomWaits = 0;
  w.__stop = false;
  return new Promise((resolve) => {
    const frame = (now: number) => {
      frames.push(now - last);
      last = now;
      if (frames.length % 15 === 0) nodes.push(document.querySelector(list)?.querySelectorAll("*").length ?? 0);
      const atBottom = box.scrollTop + box.clientHeight >= box.scrollHeight - 1;
      if (atBottom && bottomSince === null) {
        bottomSince = now;
        bottomWaits++;
      } else if (!atBottom && bottomSince !== null) {
        bottomWaitMs += now - bottomSince;
        bottomSince = null;
      }
      box.scrollTop += speed;
      if (w.__stop) {
        if (bottomSince !== null) bottomWaitMs += now - bottomSince;
        resolve({
          frames,
          longTasks: (w.__longTasks as { start: number; duration: number }[]).slice(longStart),
          nodes,
          docNodes: document.getElementsByTagName("*").length,
          scrolledPx: box.scrollTop,
          ms: now - t0,
          t0,
          bottomWaitMs,
          bottomWaits,
        });
        return;
      }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

/** In the page: set the search box as typing would and wait until only matches are shown. */
function searchInPage({ term, item }: { term: string; item: string }): Promise<{ settledMs: number; shown: number }> {
  const input = document.querySelector('input[aria-label^="Search by name"]') as HTMLInputElement;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
  const t0 = performance.now();
  setter?.call(input, term);
  input.dispatchEvent(new Event("input", { bubbles: true }));
  return new Promise((resolve) => {
    let stable = 0;
    const check = () => {
      const items = [...document.querySelectorAll(item)] as HTMLElement[];
      const ok = items.length > 0 && items.every((el) => el.textContent?.includes(term));
      stable = ok ? stable + 1 : 0;
      // Two frames in a row with matches only: the list has settled.
      if (stable >= 2) resolve({ settledMs: performance.now() - t0, shown: items.length });
      else if (performance.now() - t0 > 30_000) resolve({ settledMs: Number.NaN, shown: items.length });
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

async function heap(cdp: CDPSession, gc = false) {
  if (gc) await cdp.send("HeapProfiler.collectGarbage");
  const { metrics } = await cdp.send("Performance.getMetrics");
  const get = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
  return { used: get("JSHeapUsedSize"), total: get("JSHeapTotalSize"), nodes: get("Nodes") };
}

async function measureView(page: Page, cdp: CDPSession, view: "grid" | "format") {
  await page.evaluate((v) => localStorage.setItem("outpost.view", v), view);
  let listCalls = 0;
  const onResponse = (res: { url: () => string }) => {
    if (res.url().includes("/device/items/")) listCalls++;
  };
  page.on("response", onResponse);
  await page.goto(`${ORIGIN}/devices`);
  await page.waitForSelector(ITEM);
  await page.waitForFunction(() => (window as unknown as { __firstCard?: number }).__firstCard !== undefined);
  const nav = await page.evaluate(() => {
    const w = window as unknown as { __firstCard: number };
    const entry = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    return { firstCard: w.__firstCard, dcl: entry.domContentLoadedEventEnd };
  });
  await page.waitForTimeout(500);
  // Control: 2 s of frames with nothing happening (what the headless software-rendered browser
  // on this machine does on its own).
  const idle = await page.evaluate(
    () =>
      new Promise<number[]>((resolve) => {
        const out: number[] = [];
        let last = performance.now();
        const t0 = last;
        const frame = (now: number) => {
          out.push(now - last);
          last = now;
          if (now - t0 < 2000) requestAnimationFrame(frame);
          else resolve(out.slice(1));
        };
        requestAnimationFrame(frame);
      }),
  );
  const heapBefore = await heap(cdp, true);
  listCalls = 1;
  // Scroll until PAGES more pages came in and the list is at its (new) end, or 120 s.
  const scrolling = page.evaluate(scrollInPage, { speed: SPEED, list: LIST });
  const t0 = Date.now();
  while (listCalls < PAGES + 1 && Date.now() - t0 < 120_000) await page.waitForTimeout(100);
  await page.waitForTimeout(1000);
  await page.evaluate(() => {
    (window as unknown as { __stop: boolean }).__stop = true;
  });
  const r = await scrolling;
  const heapAfter = await heap(cdp);
  const heapAfterGc = await heap(cdp, true);
  page.off("response", onResponse);
  const frames = r.frames.slice(1).sort((a, b) => a - b);
  const over = (ms: number) => (100 * frames.filter((f) => f > ms).length) / frames.length;
  const longTotal = r.longTasks.reduce((s, t) => s + t.duration, 0);
  // Long tasks per third of the scroll: do they grow with the number of devices loaded?
  const thirds = [0, 1, 2].map((i) => {
    const from = r.t0 + (i * r.ms) / 3;
    const to = r.t0 + ((i + 1) * r.ms) / 3;
    const inThird = r.longTasks.filter((t) => t.start >= from && t.start < to);
    return `${inThird.length}/${Math.round(inThird.reduce((s, t) => s + t.duration, 0))}`;
  });
  const idleOver25 = (100 * idle.filter((f) => f > 25).length) / Math.max(1, idle.length);
  const longMax = Math.max(0, ...r.longTasks.map((t) => t.duration));
  // Search: from setting the box to a list of matches only.
  await page.evaluate(() => {
    const el = document.querySelector('ul[aria-label="Devices"], table[aria-label="Devices"]');
    el?.closest(".overflow-y-auto")?.scrollTo(0, 0);
  });
  await page.waitForTimeout(300);
  const search = await page.evaluate(searchInPage, { term: SEARCH, item: ITEM });
  return {
    view,
    firstCard: nav.firstCard,
    dcl: nav.dcl,
    pages: listCalls - 1,
    frames,
    over16: over(16.7),
    over20: over(20),
    over25: over(25),
    over50: over(50),
    longTasks: r.longTasks.length,
    longTotal,
    thirds,
    idleOver25,
    longMax,
    nodesMax: Math.max(...r.nodes),
    nodesLast: r.nodes[r.nodes.length - 1] ?? 0,
    docNodes: r.docNodes,
    scrolledPx: r.scrolledPx,
    ms: r.ms,
    bottomWaitMs: r.bottomWaitMs,
    bottomWaits: r.bottomWaits,
    heapBefore,
    heapAfter,
    heapAfterGc,
    search,
  };
}

/**
 * The JS a signed-in load of /devices fetches with the browser cache disabled, until the first
 * card shows and the network is idle (so what loads right after the first render counts too), each
 * file gzipped as a CDN would serve it (the first-load figure, measured in the browser; the
 * build check scripts/check-bundle.ts counts the same from the manifest). Nobody touches the page:
 * what it preloads after a first input is not counted. The page goes to about:blank first, so that
 * what the last page was still fetching (its own preloads) is not counted either.
 */
async function firstLoadJs(page: Page, cdp: CDPSession, dist: string) {
  await page.goto("about:blank");
  const files = new Set<string>();
  const onResponse = (response: { url(): string }) => {
    const path = new URL(response.url()).pathname;
    if (path.endsWith(".js")) files.add(path);
  };
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  page.on("response", onResponse);
  await page.goto(`${ORIGIN}/devices`, { waitUntil: "networkidle" });
  await page.waitForSelector(ITEM, { timeout: 60_000 });
  await page.waitForTimeout(2000);
  page.off("response", onResponse);
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: false });
  let gzip = 0;
  for (const file of files) gzip += gzipSync(readFileSync(join(dist, file))).length;
  return { files: files.size, kb: gzip / 1024 };
}

async function run() {
  const { work, persistDir, sqlDir } = benchDirs("ui");
  const dist = args["no-build"] ? join(ROOT, "web", "dist") : join(work, "dist");
  if (!args["no-build"]) {
    console.error(`Building the SPA into ${dist}…`);
    runTool("vite", ["build", "--config", "web/vite.config.ts", "--logLevel", "warn", "--outDir", dist]);
  }
  console.error(`Seeding ${DEVICES} devices into ${persistDir}…`);
  const fleet = benchFleet();
  await localD1(persistDir, sqlDir).seed(fleet, DEVICES, false);
  console.error(`Starting wrangler dev on ${PORT}…`);
  const { server } = await startFrozenServer(PORT, work, persistDir, dist);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(initScript);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable");
    await page.goto(`${ORIGIN}/login`);
    await page.getByLabel("Email").fill(BENCH_EMAIL);
    await page.getByLabel("Password", { exact: true }).fill(BENCH_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/devices$/, { timeout: 60_000 });
    await page.waitForSelector(ITEM, { timeout: 60_000 });
    const version = browser.version();
    console.error("Measuring the first load's JS…");
    const js = await firstLoadJs(page, cdp, dist);
    const results: Awaited<ReturnType<typeof measureView>>[] = [];
    for (const view of ["grid", "format"] as const) {
      console.error(`Measuring the ${view} view…`);
      results.push(await measureView(page, cdp, view));
    }
    const lines = [
      `Chromium ${version}, viewport 1440×900, ${DEVICES} devices, ${PAGES} pages of ${PAGE_SIZE} scrolled at ${SPEED} px/frame`,
      "",
      `JS a signed-in load of /devices fetches (cache disabled, until idle): ${js.files} files, ${f1(js.kb)} KB gzip`,
      "",
      "| measure | grid (cards) | rows (format) |",
      "|---|---|---|",
    ];
    const row = (label: string, fn: (r: (typeof results)[number]) => string) =>
      lines.push(`| ${label} | ${results.map(fn).join(" | ")} |`);
    row("time to first card/row after navigation (ms; DOMContentLoaded)", (r) => `${f1(r.firstCard)} (${f1(r.dcl)})`);
    row(
      "pages loaded while scrolling / px scrolled / s",
      (r) => `${r.pages} / ${Math.round(r.scrolledPx)} / ${f1(r.ms / 1000)}`,
    );
    row("frames", (r) => String(r.frames.length));
    row(
      "rAF delta p50 / p95 / p99 / max (ms)",
      (r) =>
        [0.5, 0.95, 0.99].map((p) => f1(percentile(r.frames, p))).join(" / ") +
        ` / ${f1(r.frames[r.frames.length - 1])}`,
    );
    row(
      "frames > 16.7 ms / > 25 ms (a vsync missed) / > 50 ms",
      (r) => `${f1(r.over16)} % / ${f1(r.over25)} % / ${f1(r.over50)} %`,
    );
    row("long tasks: count / total ms / longest ms", (r) => `${r.longTasks} / ${f1(r.longTotal)} / ${f1(r.longMax)}`);
    row("long tasks in the 1st / 2nd / 3rd third of the scroll (count/ms)", (r) => r.thirds.join(" · "));
    row("control: frames > 25 ms while idle (2 s, no scrolling)", (r) => `${f1(r.idleOver25)} %`);
    row("DOM nodes inside the list: max / at the end", (r) => `${r.nodesMax} / ${r.nodesLast}`);
    row("DOM nodes in the document at the end", (r) => String(r.docNodes));
    row(
      "waiting at the end of the list for the next page: times / total ms",
      (r) => `${r.bottomWaits} / ${f1(r.bottomWaitMs)}`,
    );
    row(
      "JS heap used: before (after GC) → after scroll → after GC (MB)",
      (r) => `${mb(r.heapBefore.used)} → ${mb(r.heapAfter.used)} → ${mb(r.heapAfterGc.used)}`,
    );
    row(
      `search "${SEARCH}" (100 matches): set → list shows matches only (ms; items shown)`,
      (r) => `${f1(r.search.settledMs)} (${r.search.shown})`,
    );
    console.log(lines.join("\n"));
  } finally {
    await browser.close();
    server.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 500));
    if (!args.keep) rmSync(work, { recursive: true, force: true });
  }
  process.exit(0);
}

await run();
