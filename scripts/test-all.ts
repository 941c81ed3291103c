/**
 * `npm test`: everything the project proves, in order — lint, the SPA build, types, Worker and room tests
 * inside workerd, the command chaos test with the agent and web unit tests, the production bundle and the
 * per-route budgets beside it (and the browser tests' server starting), then browser tests in Debian's
 * Chromium against the real Worker.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, openSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { ensureChromium } from "./ensure-chromium.ts";
import { quietEnv, ROOT, runNode, runTool, waitForHttp } from "./lib/proc.ts";

const started = Date.now();
/** Children this run started in the background (the tsc projects, the e2e server): stopped when it ends. */
const children = new Set<ChildProcess>();
const stopChildren = () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
};
process.on("exit", stopChildren);
// Stopped from outside (Ctrl-C, a CI timeout): the children go too, then the exit code says why.
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => {
    stopChildren();
    process.exit(signal === "SIGINT" ? 130 : 143);
  });
const step = (name: string, fn: () => void) => {
  const t = Date.now();
  console.log(`\n▶ ${name}`);
  fn();
  console.log(`✔ ${name} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
};

step("Browser: Debian chromium", ensureChromium);
step("Lint and format (biome)", () => runTool("biome", ["check", "."]));
// contracts ← web, agent, worker ← drizzle: a forbidden import direction fails here, before anything builds.
step("Import directions", () => runNode("scripts/check-imports.ts"));
step("Web build", () => runTool("vite", ["build", "--config", "web/vite.config.ts", "--logLevel", "warn"]));

{
  // Four tsc projects, one per core, each with one checker: TypeScript 7 checks a project on several
  // threads (four by default), which on 2 vCPU only made them compete (6.5 s for the Worker's
  // project with one checker, 9.3 s with four); two projects at a time with one checker each took
  // 14 s for all four, one after another 20–22 s (TypeScript 6: 40 s, two at a time).
  // tsconfig.bench.json: the one bench script that runs the Worker's own code in Node (raw-sql.ts).
  const name = "Types (tsc: worker, scripts and agent, bench, web)";
  const t = Date.now();
  console.log(`\n▶ ${name}`);
  const projects = ["tsconfig.json", "web/tsconfig.json", "tsconfig.node.json", "tsconfig.bench.json"];
  const failed: string[] = [];
  const tsc = (project: string) =>
    new Promise<void>((resolve) => {
      const child = spawn(join(ROOT, "node_modules/.bin/tsc"), ["--noEmit", "--checkers", "1", "-p", project], {
        cwd: ROOT,
        env: quietEnv,
        stdio: ["ignore", "pipe", "pipe"],
      });
      children.add(child);
      let out = "";
      child.stdout.on("data", (d) => (out += d));
      child.stderr.on("data", (d) => (out += d));
      child.on("close", (code) => {
        children.delete(child);
        if (out) console.log(out);
        if (code !== 0) failed.push(project);
        resolve();
      });
    });
  const queue = [...projects];
  const lanes = Math.max(1, Math.min(projects.length, availableParallelism()));
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      for (let project = queue.shift(); project; project = queue.shift()) await tsc(project);
    }),
  );
  if (failed.length) throw new Error(`tsc failed: ${failed.join(", ")}`);
  console.log(`✔ ${name} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
}
step("Worker and room tests (workerd)", () => runTool("vitest", ["run", "--config", "tests/vitest.config.ts"]));
// The browser tests' server (a fresh database with the demo seed, then wrangler dev serving the build
// above: ≈ 13 s, most of it CPU) starts beside the chaos test, which mostly waits on its agents, instead
// of in front of the browser tests (beside the types step it made tsc 6–20 s slower). Playwright reuses
// it (OUTPOST_E2E_SERVER, tests/e2e/playwright.config.ts). Its output goes to .wrangler/e2e-server.log.
const e2ePort = process.env.E2E_PORT ?? "8799";
const e2eUrl = `http://localhost:${e2ePort}/healthz`;
const e2eLog = join(ROOT, ".wrangler", "e2e-server.log");
let e2eServerExited = false;
/** Starts the server unless one answers on the port already (a developer's: left to Playwright's own rules, never started over, as serve-e2e.ts would delete its database). False when one was there. */
async function startE2eServer(): Promise<boolean> {
  const portTaken = await fetch(e2eUrl).then(
    () => true,
    () => false,
  );
  if (portTaken) return false;
  mkdirSync(join(ROOT, ".wrangler"), { recursive: true });
  const server = spawn(process.execPath, ["scripts/serve-e2e.ts"], {
    cwd: ROOT,
    env: { ...quietEnv, E2E_PORT: e2ePort },
    stdio: ["ignore", openSync(e2eLog, "w"), openSync(e2eLog, "a")],
  });
  server.on("exit", () => {
    e2eServerExited = true;
    children.delete(server);
  });
  // It must not keep `npm test` alive: the run ends (and stops it: stopChildren) when its steps are done.
  server.unref();
  children.add(server);
  return true;
}

/**
 * Runs `args` with this Node beside the steps that follow; its output is printed when it ends, as one
 * block. The promise settles with the step's name and time, or rejects when it fails.
 */
function besideSteps(name: string, args: string[]): Promise<void> {
  const t = Date.now();
  console.log(`\n▶ ${name} (beside the next steps)`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env: quietEnv, stdio: ["ignore", "pipe", "pipe"] });
    children.add(child);
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("close", (code) => {
      children.delete(child);
      console.log(`\n── ${name}: its output\n${out}`);
      if (code !== 0) return reject(new Error(`node ${args.join(" ")} exited with ${code}`));
      console.log(`✔ ${name} (${((Date.now() - t) / 1000).toFixed(1)} s, beside the steps after it)`);
      resolve();
    });
  });
}

const ownE2eServer = await startE2eServer();
// Remote commands under forced and silent disconnects and same-id retries: LOST/DOUBLE/LIED must be 0.
// It mostly waits (on its agents, and 25 s on the silent sockets' liveness), so the agent and web unit
// tests, the bundle and its budget run beside it (≈ 33 s of them). Not beside the Worker tests: that
// made both slower on 2 vCPU (326 s and 265 s instead of ≈ 115 and ≈ 110).
const chaos = besideSteps("Command chaos test, short (10 agents × 100 commands)", [
  "scripts/chaos-commands.ts",
  "--short",
]);
// Its failure is reported when it is awaited, after the steps beside it.
chaos.catch(() => {});
// A reconnect storm at a size npm test affords: 300 agents at once against a served console must all
// come back within 120 s, at most 2 disconnects each, none back sooner than told. Beside the chaos
// test and the same steps: both mostly wait on their agents (one after the other, the e2e step
// waited ≈ 20 s for the storm after the unit tests were done).
const storm = besideSteps("Reconnect storm check (300 agents at once)", [
  "scripts/bench-agents.ts",
  "--storm",
  "--check",
]);
storm.catch(() => {});
step("Agent unit tests", () => runTool("vitest", ["run", "--config", "agent/vitest.config.ts"]));
step("Web unit tests", () => runTool("vitest", ["run", "--config", "web/vitest.config.ts"]));
// The production Worker bundles as deployed (no network: --dry-run), with its own bindings.
step("Production bundle (wrangler deploy --env production --dry-run)", () =>
  runTool("wrangler", ["deploy", "--env", "production", "--dry-run", "--outdir", ".wrangler/prod-dry-run"], {
    quiet: true,
  }),
);
// Per route, the gzipped JS its first load needs, against web/bundle-budget.json.
step("Bundle budget per route", () => runNode("scripts/check-bundle.ts"));
await chaos;
await storm;
let e2eEnv: NodeJS.ProcessEnv = { E2E_PORT: e2ePort };
if (ownE2eServer) {
  const t = Date.now();
  await waitForHttp(e2eUrl, 180_000).catch((err: Error) => {
    throw new Error(`the browser tests' server did not start (${e2eLog}): ${err.message}`);
  });
  if (e2eServerExited) throw new Error(`the browser tests' server exited (${e2eLog})`);
  console.log(`\n(the browser tests' server was ready; waited ${((Date.now() - t) / 1000).toFixed(1)} s for it)`);
  e2eEnv = { ...e2eEnv, OUTPOST_E2E_SERVER: "started" };
}
step("End-to-end tests (Playwright + Chromium)", () =>
  runTool("playwright", ["test", "--config", "tests/e2e/playwright.config.ts"], { env: e2eEnv }),
);
console.log(`\nAll tests passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
// Nothing may hold the run open (the e2e server is stopped by the exit handler).
process.exit(0);
