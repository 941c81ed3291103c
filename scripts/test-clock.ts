/**
 * `npm run test:clock`: the suites whose code reads the wall clock, run with the clock set to the
 * instants where a day, a week, a month or a time zone's offset changes. Every process of a run
 * (vitest in Node, workerd with the Worker, its rooms and D1's SQLite) sees the shifted clock:
 * scripts/lib/clock-shift.c, preloaded, moves CLOCK_REALTIME by a fixed offset, so time still passes
 * (a run that starts at 23:59:59 crosses midnight) and timers keep their real length.
 *
 *   node scripts/test-clock.ts                      every instant, every suite
 *   node scripts/test-clock.ts --instant zagreb-spring --suite web
 *   node scripts/test-clock.ts --suite workerd --full   the whole workerd suite at every instant
 *
 * The shim is compiled on first use (into node_modules/.cache/outpost); a machine without a C compiler
 * gets Debian's gcc through apt-get, as scripts/ensure-chromium.ts does for Chromium.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import { aptInstall } from "./ensure-chromium.ts";
import { quietEnv, ROOT } from "./lib/proc.ts";

/**
 * Where a day, week or month turns over in UTC, and where Europe/Zagreb and America/New_York change their
 * offset. workerd refuses to start before the Worker's compatibility date (wrangler.jsonc, 2026-10-01:
 * "Can't set compatibility date in the future"), so its suite takes the same switch a year later
 * (`workerdAt`) where the instant is earlier than that.
 */
export const INSTANTS: { name: string; at: string; tz: string; workerdAt?: string }[] = [
  { name: "monday-0030", at: "2026-11-30T00:30:00Z", tz: "UTC" },
  { name: "sunday-0210", at: "2026-11-29T02:10:00Z", tz: "UTC" },
  // The run crosses midnight into a new month, week and day within its first second.
  { name: "month-end", at: "2026-11-30T23:59:59Z", tz: "UTC" },
  // 02:00 CET → 03:00 CEST at 01:00 UTC; the run starts half a minute before.
  { name: "zagreb-spring", at: "2026-03-29T00:59:30Z", tz: "Europe/Zagreb", workerdAt: "2027-03-28T00:59:30Z" },
  // 03:00 CEST → 02:00 CET at 01:00 UTC.
  { name: "zagreb-autumn", at: "2026-10-25T00:59:30Z", tz: "Europe/Zagreb" },
  // 02:00 EST → 03:00 EDT at 07:00 UTC.
  {
    name: "new-york-spring",
    at: "2026-03-08T06:59:30Z",
    tz: "America/New_York",
    workerdAt: "2027-03-14T06:59:30Z",
  },
];

/**
 * The workerd test files whose code reads the clock in a way a day, week or month boundary can change
 * (working hours, expected online, availability, monitoring windows, series, catch-up): run at every
 * instant. With --full (and at the first instant always) the whole workerd suite runs.
 */
const WORKERD_CLOCK_FILES = [
  "tests/api/devices.test.ts",
  "tests/api/expected-online.test.ts",
  "tests/api/installation-code-read.test.ts",
  "tests/api/monitoring.test.ts",
  "tests/api/monitoring-orderings.test.ts",
  "tests/api/telemetry-series.test.ts",
  "tests/api/wall.test.ts",
  "tests/api/working-time.test.ts",
  "tests/unit/availability.test.ts",
  "tests/unit/availability-exact.test.ts",
  "tests/unit/presence.test.ts",
  "tests/unit/working-hours.test.ts",
  "tests/rooms/device-presence.test.ts",
  "tests/rooms/telemetry-history.test.ts",
  "tests/rooms/wall-events.test.ts",
  "tests/rooms/welcome-catch-up.test.ts",
];

const SUITES = {
  workerd: "tests/vitest.config.ts",
  web: "web/vitest.config.ts",
  agent: "agent/vitest.config.ts",
} as const;
type Suite = keyof typeof SUITES;

const SOURCE = join(ROOT, "scripts/lib/clock-shift.c");
const LIBRARY = join(ROOT, "node_modules/.cache/outpost/clock-shift.so");
const WORKERD = join(ROOT, "node_modules/@cloudflare/workerd-linux-64/bin/workerd");

/** Compiles the clock shim when it is missing or older than its source; installs gcc when there is no compiler. */
export function ensureClockShift(): string {
  if (existsSync(LIBRARY) && statSync(LIBRARY).mtimeMs >= statSync(SOURCE).mtimeMs) return LIBRARY;
  if (spawnSync("cc", ["--version"], { stdio: "ignore" }).status !== 0) {
    console.log("No C compiler: installing Debian's gcc for the clock shim…");
    aptInstall(["gcc", "libc6-dev"]);
  }
  mkdirSync(join(LIBRARY, ".."), { recursive: true });
  const res = spawnSync("cc", ["-O2", "-shared", "-fPIC", "-o", LIBRARY, SOURCE, "-ldl"], { stdio: "inherit" });
  if (res.status !== 0) throw new Error(`compiling ${SOURCE} failed (${res.status})`);
  return LIBRARY;
}

/** The environment that puts a child's wall clock at `at` now (and lets it run on from there). */
function clockEnv(library: string, at: string, tz: string, only?: string): NodeJS.ProcessEnv {
  return {
    ...quietEnv,
    // node_modules/.bin tools start with `env node`: this Node (the pinned one), whoever started the script.
    PATH: `${dirname(process.execPath)}:${process.env.PATH}`,
    LD_PRELOAD: library,
    OUTPOST_CLOCK_SHIFT_MS: String(Date.parse(at) - Date.now()),
    TZ: tz,
    ...(only ? { OUTPOST_CLOCK_SHIFT_ONLY: only } : {}),
  };
}

/**
 * Proves the shift reaches the suite's runtime before a green run is trusted: Node, or workerd through
 * its `test` command, must read a wall clock within a minute of `at` and `tz`'s offset at `at`.
 */
function checkClock(library: string, suite: Suite, at: string, tz: string) {
  const expected = Date.parse(at);
  // The zone's offset at `at` in minutes east of UTC, as getTimezoneOffset (negated) must report it there.
  const name = new Intl.DateTimeFormat("en", { timeZone: tz, timeZoneName: "longOffset" })
    .formatToParts(expected)
    .find((p) => p.type === "timeZoneName")?.value;
  const [, sign, hours, minutes] = /^GMT(?:([+-])(\d\d):(\d\d))?$/.exec(name ?? "") ?? [];
  const east = sign ? (sign === "-" ? -1 : 1) * (Number(hours) * 60 + Number(minutes)) : 0;
  const script = `
    const now = Date.now();
    if (Math.abs(now - ${expected}) > 60_000) throw new Error("clock at " + new Date(now).toISOString() + ", wanted ${at}");
    const east = -new Date(${expected}).getTimezoneOffset();
    if (east !== ${east}) throw new Error("local offset " + east + " min, wanted ${east} (${tz})");`;
  if (suite !== "workerd") {
    const node = spawnSync(process.execPath, ["-e", script], { env: clockEnv(library, at, tz), encoding: "utf8" });
    if (node.status !== 0) throw new Error(`Node's clock was not moved: ${node.stderr}`);
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), "outpost-clock-"));
  try {
    writeFileSync(join(dir, "check.js"), `export default { async test() { ${script} } };`);
    writeFileSync(
      join(dir, "config.capnp"),
      `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = ( services = [ (name = "check", worker = .w) ] );
const w :Workerd.Worker = ( modules = [ (name = "check.js", esModule = embed "check.js") ], compatibilityDate = "2025-01-01" );`,
    );
    const workerd = spawnSync(WORKERD, ["test", join(dir, "config.capnp")], {
      env: clockEnv(library, at, tz, "workerd"),
      encoding: "utf8",
      timeout: 60_000,
    });
    if (workerd.status !== 0) throw new Error(`workerd's clock was not moved: ${workerd.stdout}${workerd.stderr}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function runSuite(library: string, suite: Suite, at: string, tz: string, files: string[]) {
  const res = spawnSync(join(ROOT, "node_modules/.bin/vitest"), ["run", "--config", SUITES[suite], ...files], {
    cwd: ROOT,
    // The workerd suite's code all runs in workerd; Miniflare, in Node, keeps the real date (see clock-shift.c).
    env: clockEnv(library, at, tz, suite === "workerd" ? "workerd" : undefined),
    stdio: "inherit",
  });
  return res.status === 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values: args } = parseArgs({
    options: {
      instant: { type: "string", multiple: true },
      suite: { type: "string", multiple: true },
      full: { type: "boolean", default: false },
    },
  });
  const instants = INSTANTS.filter((i) => !args.instant || args.instant.includes(i.name));
  const suites = (args.suite ?? Object.keys(SUITES)) as Suite[];
  for (const suite of suites) if (!(suite in SUITES)) throw new Error(`unknown suite ${suite}`);
  if (instants.length === 0) throw new Error(`no instant named ${args.instant?.join(", ")}`);

  const started = Date.now();
  const library = ensureClockShift();
  const failed: string[] = [];
  for (const [index, instant] of instants.entries()) {
    const { name, tz } = instant;
    for (const suite of suites) {
      const at = suite === "workerd" ? (instant.workerdAt ?? instant.at) : instant.at;
      checkClock(library, suite, at, tz);
      const t = Date.now();
      const files = suite === "workerd" && !args.full && index > 0 ? WORKERD_CLOCK_FILES : [];
      console.log(`\n▶ ${suite} at ${at} (${tz})${files.length ? `, ${files.length} files` : ""}`);
      const ok = runSuite(library, suite, at, tz, files);
      console.log(`${ok ? "✔" : "✘"} ${suite} at ${name} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
      if (!ok) failed.push(`${suite} at ${name} (${at}, TZ=${tz})`);
    }
  }
  console.log(`\ntest:clock took ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (failed.length) {
    console.error(`Failed:\n  ${failed.join("\n  ")}`);
    process.exit(1);
  }
}
