/**
 * `npm test`: everything the project proves, in order — lint and types, Worker and room tests inside workerd,
 * the SPA build, then browser tests in Debian's Chromium against the real Worker.
 */
import { spawn } from "node:child_process";
import { closeSync, mkdirSync, openSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ensureChromium } from "./ensure-chromium.ts";
import { quietEnv, ROOT, runNode, runTool } from "./lib/proc.ts";

const started = Date.now();
const step = (name: string, fn: () => void) => {
  const t = Date.now();
  console.log(`\n▶ ${name}`);
  fn();
  console.log(`✔ ${name} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
};

/**
 * A Node script that runs beside the next steps (it mostly waits: the chaos test's commands sit out
 * their 30 s deadlines). Its output goes to a file, printed when it is awaited; the promise fails
 * when the script does.
 */
function beside(name: string, script: string, args: string[]): Promise<void> {
  const t = Date.now();
  mkdirSync(join(ROOT, ".wrangler"), { recursive: true });
  const log = join(ROOT, ".wrangler", `beside-${script.replace(/\W+/g, "-")}.log`);
  const fd = openSync(log, "w");
  // Its own process group, so that whatever ends this run (a failed step included) stops it and
  // the wrangler dev and workerd it started.
  const child = spawn(process.execPath, [script, ...args], {
    cwd: ROOT,
    env: quietEnv,
    stdio: ["ignore", fd, fd],
    detached: true,
  });
  closeSync(fd);
  let running = true;
  const stop = () => {
    if (!running || child.pid === undefined) return;
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  };
  process.on("exit", stop);
  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const)
    process.on(signal, () => {
      stop();
      process.exit(code);
    });
  console.log(`\n▷ ${name}: started beside the next steps`);
  return new Promise((resolve, reject) => {
    child.on("close", (code) => {
      running = false;
      console.log(`\n▶ ${name}\n${readFileSync(log, "utf8")}`);
      if (code !== 0) return reject(new Error(`node ${script} ${args.join(" ")} exited with ${code}`));
      console.log(`✔ ${name} (${((Date.now() - t) / 1000).toFixed(1)} s, beside the other steps)`);
      resolve();
    });
  });
}

step("Browser: Debian chromium", ensureChromium);
step("Lint and format (biome)", () => runTool("biome", ["check", "."]));
step("Types (tsc: worker, scripts and agent, web)", () => {
  // tsconfig.bench.json: the one bench script that runs the Worker's own code in Node (raw-sql.ts).
  for (const project of ["tsconfig.json", "tsconfig.node.json", "tsconfig.bench.json", "web/tsconfig.json"])
    runTool("tsc", ["--noEmit", "-p", project]);
});
// Remote commands under forced and silent disconnects and same-id retries: LOST/DOUBLE/LIED must be 0.
// It runs its own wrangler dev (port 8885) beside the unit tests and builds, and is awaited before
// the browser tests.
const chaos = beside("Command chaos test, short (10 agents × 100 commands)", "scripts/chaos-commands.ts", ["--short"]);
// A failure of the chaos test is reported when it is awaited, not as an unhandled rejection first.
chaos.catch(() => {});
step("Worker and room tests (workerd)", () => runTool("vitest", ["run", "--config", "tests/vitest.config.ts"]));
step("Agent unit tests", () => runTool("vitest", ["run", "--config", "agent/vitest.config.ts"]));
step("Web unit tests", () => runTool("vitest", ["run", "--config", "web/vitest.config.ts"]));
step("Web build", () => runTool("vite", ["build", "--config", "web/vite.config.ts", "--logLevel", "warn"]));
// The production Worker bundles as deployed (no network: --dry-run), with its own bindings (issue 21).
step("Production bundle (wrangler deploy --env production --dry-run)", () =>
  runTool("wrangler", ["deploy", "--env", "production", "--dry-run", "--outdir", ".wrangler/prod-dry-run"], {
    quiet: true,
  }),
);
// Per route, the gzipped JS its first load needs, against web/bundle-budget.json (issue 19).
step("Bundle budget per route", () => runNode("scripts/check-bundle.ts"));
await chaos;
step("End-to-end tests (Playwright + Chromium)", () =>
  runTool("playwright", ["test", "--config", "tests/e2e/playwright.config.ts"]),
);
console.log(`\nAll tests passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
