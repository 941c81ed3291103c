/**
 * Why the device list is slow where it is: a diagnostic companion of bench-device-list-ui.ts (not
 * in `npm run bench`'s list; run it by hand). The demo seed plus --devices bench devices in the
 * demo space (.wrangler/bench-profile), an unminified SPA build (function names survive in the
 * profile), the frozen Worker bundle (scripts/bench/server.ts) on port 8872, Debian's Chromium,
 * signed in as admin@outpost.demo. Three parts:
 *
 * 1. API contention: the device list's first page alone, and sent while the device filters'
 *    location options (`location/items/?ordering=name&page_size=500`, which /devices loads on
 *    every visit) are in flight; the options' own time and size.
 * 2. First load of /devices: every request's start → end (Resource Timing) and the first item.
 * 3. A CPU profile of the scroll per view (--pages pages at 40 px a frame): main-thread time
 *    per third of the scroll (CDP Performance metrics) and, per third, the functions with the
 *    most inclusive time (self time of everything they call).
 *
 *   node scripts/bench-device-list-profile.ts [--devices 100000] [--pages 30] [--port 8872] [--keep]
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type CDPSession, chromium, type Page } from "@playwright/test";
import { DEMO_PASSWORD, DEMO_SPACE_UUID } from "../agent/sim/demo-data.ts";
import { CONSOLE_CLIENT_ID } from "../contracts/auth/schema.ts";
import { benchFleet } from "./bench/fleet-sql.ts";
import { localD1 } from "./bench/local-d1.ts";
import { startFrozenServer } from "./bench/server.ts";
import { CHROMIUM, CHROMIUM_ARGS } from "./ensure-chromium.ts";
import { ROOT, runTool } from "./lib/proc.ts";
import { buildDemoSeed } from "./seed-demo.ts";

const { values: args } = parseArgs({
  options: {
    devices: { type: "string", default: "100000" },
    pages: { type: "string", default: "30" },
    port: { type: "string", default: "8872" },
    keep: { type: "boolean", default: false },
  },
});
const DEVICES = Number(args.devices);
const PAGES = Number(args.pages);
const PORT = Number(args.port);
const EMAIL = "admin@outpost.demo";
const SPACE_API = `/api/space/${DEMO_SPACE_UUID}`;
const LIST = { grid: 'ul[aria-label="Devices"]', format: 'table[aria-label="Devices"]' } as const;
const ITEM = 'ul[aria-label="Devices"] a[data-look], table[aria-label="Devices"] tbody tr[data-index]';

const f0 = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : "-");
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const out: string[] = [];
const say = (line = "") => {
  out.push(line);
  console.log(line);
};

async function apiContention(origin: string) {
  const res = await fetch(`${origin}/auth/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "password",
      username: EMAIL,
      password: DEMO_PASSWORD,
      client_id: CONSOLE_CLIENT_ID,
    }),
  });
  const token = ((await res.json()) as { access_token: string }).access_token;
  const get = async (path: string) => {
    const t = performance.now();
    const r = await fetch(origin + path, { headers: { Authorization: `Bearer ${token}` } });
    const bytes = (await r.text()).length;
    if (!r.ok) throw new Error(`${path}: ${r.status}`);
    return { ms: performance.now() - t, bytes };
  };
  const list = `${SPACE_API}/device/items/?ordering=-online`;
  const options = `${SPACE_API}/location/items/?ordering=name&page_size=500`;
  for (let i = 0; i < 3; i++) {
    await get(list);
    await get(options);
  }
  const alone: number[] = [];
  const behind: number[] = [];
  const opts: number[] = [];
  const optsAlone: number[] = [];
  let optBytes = 0;
  let listBytes = 0;
  for (let i = 0; i < 8; i++) {
    const l = await get(list);
    alone.push(l.ms);
    listBytes = l.bytes;
    const o = await get(options);
    optsAlone.push(o.ms);
    optBytes = o.bytes;
    // What /devices does on every visit: the options and the first page at (about) the same time.
    const [a, b] = await Promise.all([
      get(options),
      new Promise<{ ms: number }>((r) => setTimeout(() => r(get(list)), 5)),
    ]);
    opts.push(a.ms);
    behind.push(b.ms);
  }
  say("| request (8 runs each) | median ms | runs ms | bytes |");
  say("|---|---|---|---|");
  say(`| device list first page, alone | ${f0(median(alone))} | ${alone.map(f0).join(" ")} | ${listBytes} |`);
  say(
    `| location options (page_size 500), alone | ${f0(median(optsAlone))} | ${optsAlone.map(f0).join(" ")} | ${optBytes} |`,
  );
  say(
    `| device list first page, sent 5 ms after the location options | ${f0(median(behind))} | ${behind.map(f0).join(" ")} | ${listBytes} |`,
  );
  say(`| location options in that pair | ${f0(median(opts))} | ${opts.map(f0).join(" ")} | ${optBytes} |`);
}

async function signIn(page: Page, origin: string) {
  await page.goto(`${origin}/login`);
  await page.getByLabel("Email").fill(EMAIL);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/devices$/, { timeout: 60_000 });
  await page.evaluate((space) => localStorage.setItem("outpost.space", space), DEMO_SPACE_UUID);
}

async function firstLoad(page: Page, origin: string, view: "grid" | "format") {
  await page.evaluate((v) => localStorage.setItem("outpost.view", v), view);
  await page.goto(`${origin}/devices`);
  await page.waitForFunction(() => (window as unknown as { __first?: number }).__first !== undefined, null, {
    timeout: 60_000,
  });
  await page.waitForTimeout(1500);
  return page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const api = (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
      .filter((e) => e.name.includes("/api/"))
      .map((e) => ({
        path: new URL(e.name).pathname.replace(/[0-9a-f-]{36}/g, "{id}") + new URL(e.name).search.slice(0, 40),
        start: e.startTime,
        end: e.responseEnd,
      }));
    return { first: (window as unknown as { __first: number }).__first, dcl: nav.domContentLoadedEventEnd, api };
  });
}

/** The list's own components and TanStack Virtual's bookkeeping: inclusive ms per third. */
const WATCH = [
  "DevicesPage",
  "DeviceGrid",
  "DeviceCard",
  "DataTable",
  "Virtualizer.getMeasurements",
  "Virtualizer.getMeasurementOptions",
  "Virtualizer.calculateRange",
  "Virtualizer.getVirtualItems",
  "Virtualizer._measureElement",
  "Virtualizer.resizeItem",
  "Virtualizer.getTotalSize",
  "isNearEnd",
];

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number };

/** Per window of sample times: inclusive ms per function (name + bundle file), top `n`. */
function inclusiveByWindow(profile: Profile, edges: number[], n: number) {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const c of node.children ?? []) parent.set(c, node.id);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const label = (node: ProfileNode) => {
    const file =
      node.callFrame.url
        .split("/")
        .pop()
        ?.replace(/-[\w-]{8}\.js$/, ".js") ?? "";
    return `${node.callFrame.functionName || "(anonymous)"}${file ? ` (${file})` : ""}`;
  };
  const windows = edges.slice(1).map(() => new Map<string, number>());
  const self = edges.slice(1).map(() => new Map<string, number>());
  let t = profile.startTime;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0;
    const w = edges.findIndex((edge, k) => k > 0 && t <= edge) - 1;
    if (w < 0) return;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const start = byId.get(id);
    if (!start) return;
    self[w].set(label(start), (self[w].get(label(start)) ?? 0) + ms);
    const seen = new Set<string>();
    for (let node: ProfileNode | undefined = start; node; node = byId.get(parent.get(node.id) ?? -1)) {
      const key = label(node);
      if (seen.has(key)) continue;
      seen.add(key);
      windows[w].set(key, (windows[w].get(key) ?? 0) + ms);
    }
  });
  const skip = /^\((root|program|idle|garbage collector|anonymous)\)/;
  return windows.map((m, w) => ({
    watched: WATCH.map((name) => {
      // Also its memo's inner function (`Virtualizer.getMeasurements.memo…`); nested: the largest.
      const hits = [...m].filter(([k]) => k.startsWith(`${name} (`) || k.startsWith(`${name}.`));
      return [name, Math.max(0, ...hits.map(([, v]) => v))] as const;
    }),
    inclusive: [...m]
      .filter(([k]) => !skip.test(k))
      .sort((a, b) => b[1] - a[1])
      .slice(0, n),
    self: [...self[w]].sort((a, b) => b[1] - a[1]).slice(0, n),
  }));
}

async function profileScroll(page: Page, cdp: CDPSession, origin: string, view: "grid" | "format") {
  await page.evaluate((v) => localStorage.setItem("outpost.view", v), view);
  await page.goto(`${origin}/devices`);
  await page.locator(ITEM).first().waitFor({ timeout: 60_000 });
  await page.waitForTimeout(1000);
  let pages = 0;
  const onResponse = (r: { url: () => string }) => {
    if (r.url().includes("/device/items/")) pages++;
  };
  page.on("response", onResponse);
  const metrics = async () => {
    const { metrics } = await cdp.send("Performance.getMetrics");
    return Object.fromEntries(metrics.map((m) => [m.name, m.value])) as Record<string, number>;
  };
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 500 });
  const marks = [await metrics()];
  await cdp.send("Profiler.start");
  const scrolling = page.evaluate((list) => {
    const w = window as unknown as { __stop?: boolean };
    w.__stop = false;
    const box = document.querySelector(list)?.closest(".overflow-y-auto") as HTMLElement;
    return new Promise<void>((resolve) => {
      const frame = () => {
        box.scrollTop += 40;
        if (w.__stop) resolve();
        else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
  }, LIST[view]);
  const t0 = Date.now();
  for (const third of [1, 2, 3]) {
    while (pages < (PAGES * third) / 3 && Date.now() - t0 < 240_000) await page.waitForTimeout(50);
    marks.push(await metrics());
  }
  await page.evaluate(() => {
    (window as unknown as { __stop: boolean }).__stop = true;
  });
  await scrolling;
  const { profile } = (await cdp.send("Profiler.stop")) as unknown as { profile: Profile };
  writeFileSync(join(ROOT, ".wrangler", "bench-profile", `${view}.cpuprofile`), JSON.stringify(profile));
  page.off("response", onResponse);
  // CDP's Timestamp metric (s, monotonic) is the profile's clock too (µs).
  const edges = marks.map((m) => m.Timestamp * 1e6);
  const windows = inclusiveByWindow(profile, edges, 10);
  const d = (k: string, i: number) => (marks[i + 1][k] - marks[i][k]) * 1000;
  say(`\n${view === "grid" ? "Grid (cards)" : "Rows (table)"}: ${PAGES} pages at 40 px a frame`);
  say("");
  say("| third of the scroll | wall s | main-thread task ms | script ms | layout ms (count) | style ms (count) |");
  say("|---|---|---|---|---|---|");
  for (let i = 0; i < 3; i++) {
    say(
      `| ${i + 1} | ${(marks[i + 1].Timestamp - marks[i].Timestamp).toFixed(1)} | ${f0(d("TaskDuration", i))} | ${f0(d("ScriptDuration", i))} | ${f0(d("LayoutDuration", i))} (${marks[i + 1].LayoutCount - marks[i].LayoutCount}) | ${f0(d("RecalcStyleDuration", i))} (${marks[i + 1].RecalcStyleCount - marks[i].RecalcStyleCount}) |`,
    );
  }
  say("");
  say(`| inclusive ms | ${WATCH.join(" | ")} |`);
  say(`|---|${WATCH.map(() => "---").join("|")}|`);
  windows.forEach((w, i) => {
    say(`| third ${i + 1} | ${w.watched.map(([, v]) => f0(v)).join(" | ")} |`);
  });
  windows.forEach((w, i) => {
    say(`\nthird ${i + 1}, most inclusive time (ms): ${w.inclusive.map(([k, v]) => `${k} ${f0(v)}`).join(" · ")}`);
    say(`third ${i + 1}, most self time (ms): ${w.self.map(([k, v]) => `${k} ${f0(v)}`).join(" · ")}`);
  });
}

async function run() {
  const work = join(ROOT, ".wrangler", "bench-profile");
  rmSync(work, { recursive: true, force: true });
  const persistDir = join(work, "state");
  const sqlDir = join(work, "sql");
  const dist = join(work, "dist");
  mkdirSync(sqlDir, { recursive: true });
  console.error(`Building the SPA unminified into ${dist}…`);
  runTool("vite", [
    "build",
    "--config",
    "web/vite.config.ts",
    "--logLevel",
    "error",
    "--minify",
    "false",
    "--outDir",
    dist,
  ]);
  console.error(`Seeding the demo data and ${DEVICES} devices (in the demo space) into ${persistDir}…`);
  const db = localD1(persistDir, sqlDir);
  const demo = join(sqlDir, "000-demo.sql");
  writeFileSync(demo, (await buildDemoSeed()).sql);
  runTool("wrangler", ["d1", "execute", "DB", "--local", "--persist-to", persistDir, "--file", demo, "--yes"], {
    quiet: true,
  });
  await db.seed(benchFleet(20261122, { space: DEMO_SPACE_UUID }), DEVICES, false);
  console.error(`Starting the frozen Worker on ${PORT}…`);
  const { origin, server } = await startFrozenServer(PORT, work, persistDir, dist);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    say(
      `${DEVICES} devices + the demo seed, Chromium ${browser.version()}, ${availableParallelism()} cores, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")} at the start`,
    );
    say("");
    await apiContention(origin);

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript((item) => {
      const w = window as unknown as { __first?: number };
      const observer = new MutationObserver(() => {
        if (w.__first === undefined && document.querySelector(item)) {
          w.__first = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(document, { childList: true, subtree: true });
    }, ITEM);
    const page = await context.newPage();
    await signIn(page, origin);
    say("\nFirst load of /devices (ms from navigation start; API requests start → end):");
    for (const view of ["grid", "format", "grid", "format"] as const) {
      const r = await firstLoad(page, origin, view);
      say(
        `- ${view}: first item ${f0(r.first)}, DOMContentLoaded ${f0(r.dcl)}; ${r.api.map((a) => `${a.path} ${f0(a.start)}→${f0(a.end)}`).join(", ")}`,
      );
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable");
    for (const view of ["grid", "format"] as const) await profileScroll(page, cdp, origin, view);
    say(
      `\nload average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")} at the end`,
    );
    writeFileSync(join(work, "results.md"), `${out.join("\n")}\n`);
    console.error(`\nResults also in ${join(work, "results.md")}`);
  } finally {
    await browser.close();
    server.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 500));
    if (!args.keep) rmSync(persistDir, { recursive: true, force: true });
  }
  process.exit(0);
}

await run();
