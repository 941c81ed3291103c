import { defineConfig } from "@playwright/test";
import { CHROMIUM, CHROMIUM_ARGS } from "../../scripts/ensure-chromium.ts";

const port = process.env.E2E_PORT ?? "8799";

/*
 * One seeded server for the whole run, and two lanes through it at once (one worker each: the
 * specs of a lane run one after another, as the whole suite used to). A spec goes where what it
 * changes is never read by the other lane while it runs:
 * - "lab": the specs that change the lab space (runners and simulated agents at the lab's Munich
 *   Test Bench: two at once would answer each other's scans; the wall's and catch-up's totals count
 *   the lab's devices), and specs that only read, whose assertions no fleet change can move.
 * - "demo": every other spec (a new spec lands here by default): the demo space's changes and the
 *   lists, counts and presence that read them.
 * - "alone", after both lanes: specs that change what both lanes read (an application's document,
 *   the demo space's region, a location's working hours) or read both spaces' lists and totals.
 */
const LAB_LANE = [
  "api-docs",
  "catch-up",
  "detect",
  "device-spec-sweep",
  "display-apps",
  "display-classification",
  "display-link-scope",
  "health-report",
  "language",
  "lazy-menu",
  "location-form",
  "location-picker",
  "login-first-paint",
  "map",
  "palette",
  "performance-actions",
  "peripherals",
  "phone-touch",
  "realtime-auth",
  "remote-desktop",
  "routing",
  "security-headers",
  // Sets consent on the lab's Munich Test Bench for its runner (reset at its end).
  "session-consent",
  // Signs in and out: the theme and the session are the tab's own; it changes no space.
  "shell",
  "simulator",
  "terminal",
  "viewer-read-only",
  "wall",
];
const ALONE = ["admin-panel", "monitoring", "space-regions", "working-hours"];
const specs = (names: string[]) => names.map((name) => `${name}.spec.ts`);

export default defineConfig({
  testDir: ".",
  outputDir: "../../test-results",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // One per lane (projects below); E2E_WORKERS=1 runs the lanes one after another.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  projects: [
    { name: "lab", testMatch: specs(LAB_LANE), workers: 1 },
    { name: "demo", testIgnore: specs([...LAB_LANE, ...ALONE]), workers: 1 },
    { name: "alone", testMatch: specs(ALONE), dependencies: ["lab", "demo"], workers: 1 },
  ],
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  // The run's temporary files (agent configs with device credentials, clips) in one directory, removed at the end.
  globalSetup: "../../scripts/lib/test-tmpdir.ts",
  use: {
    baseURL: `http://localhost:${port}`,
    viewport: { width: 1440, height: 900 },
    screenshot: "only-on-failure",
    // Recording a trace doubles what each action costs (DOM snapshots, screenshots): CI records the
    // retry of a failed test only; locally every failure keeps its trace.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    // One browser context per worker, reset between tests (cookies, cache, storage, routes, extra
    // tabs; tests/e2e/test.ts clears the tab's sessionStorage too) instead of a new context and
    // renderer per test: ≈ 1.3 s less per test (a new tab's renderer ≈ 0.4 s, a cold first load
    // ≈ 1 s more than a warm one). The server's database is shared by the run either way; tests
    // that need a context of their own (two users, a phone next to a desktop) open one.
    reuseContext: true,
    launchOptions: {
      // Debian's Chromium; Playwright never downloads a browser here.
      executablePath: CHROMIUM,
      // The compositor in the browser process instead of a GPU process of its own: with the GPU off
      // it composites in software either way, and one process less did the same runs with ≈ 10 %
      // less CPU (devices.spec: 117 → 103 s of Chromium CPU, 93 → 85 s wall, on 2 vCPU).
      args: [...CHROMIUM_ARGS, "--in-process-gpu"],
    },
  },
  webServer: {
    command: "node scripts/serve-e2e.ts",
    cwd: "../..",
    url: `http://localhost:${port}/healthz`,
    timeout: 180_000,
    // `npm test` (scripts/test-all.ts) starts this server early and waits for it, so CI reuses it.
    reuseExistingServer: !process.env.CI || process.env.OUTPOST_E2E_SERVER === "started",
    stdout: "pipe",
    stderr: "pipe",
  },
});
