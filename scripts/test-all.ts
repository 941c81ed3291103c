/**
 * `npm test`: everything the project proves, in order — lint and types, Worker and room tests inside workerd,
 * the SPA build, then browser tests in Debian's Chromium against the real Worker.
 */
import { ensureChromium } from "./ensure-chromium.ts";
import { runNode, runTool } from "./lib/proc.ts";

const started = Date.now();
const step = (name: string, fn: () => void) => {
  const t = Date.now();
  console.log(`\n▶ ${name}`);
  fn();
  console.log(`✔ ${name} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
};

step("Browser: Debian chromium", ensureChromium);
step("Lint and format (biome)", () => runTool("biome", ["check", "."]));
step("Types (tsc: worker, scripts and agent, web)", () => {
  // tsconfig.bench.json: the one bench script that runs the Worker's own code in Node (raw-sql.ts).
  for (const project of ["tsconfig.json", "tsconfig.node.json", "tsconfig.bench.json", "web/tsconfig.json"])
    runTool("tsc", ["--noEmit", "-p", project]);
});
step("Worker and room tests (workerd)", () => runTool("vitest", ["run", "--config", "tests/vitest.config.ts"]));
step("Agent unit tests", () => runTool("vitest", ["run", "--config", "agent/vitest.config.ts"]));
// Remote commands under forced and silent disconnects and same-id retries: LOST/DOUBLE/LIED must be 0.
step("Command chaos test, short (10 agents × 100 commands)", () => runNode("scripts/chaos-commands.ts", ["--short"]));
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
step("End-to-end tests (Playwright + Chromium)", () =>
  runTool("playwright", ["test", "--config", "tests/e2e/playwright.config.ts"]),
);
console.log(`\nAll tests passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
