/**
 * After `npm run build`: per route, the gzip size of the JS the browser asks for on a first load
 * (index.html's classic scripts, the entry, the route's lazy chunks and what it loads right after its
 * first render, with their static imports, from web/dist/.vite/manifest.json), against
 * web/bundle-budget.json. scripts/bench/first-load.ts compares the figure with what Chromium
 * requests. Prints one line per route; exits 1 naming each route over its budget, and each route
 * whose first load carries another route's page.
 *   node scripts/check-bundle.ts [--dist web/dist]
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import {
  type BudgetFile,
  crossRouteImports,
  headScriptsOf,
  type Manifest,
  overBudget,
  routeSizes,
} from "./lib/bundle-budget.ts";
import { ROOT } from "./lib/proc.ts";

const { values } = parseArgs({ options: { dist: { type: "string", default: join(ROOT, "web/dist") } } });
const dist = values.dist;

const readJson = <T>(path: string, hint: string): T => {
  try {
    return JSON.parse(readFileSync(path, "utf8")) as T;
  } catch (err) {
    throw new Error(`bundle budget: cannot read ${path} (${hint}): ${(err as Error).message}`);
  }
};

const manifest = readJson<Manifest>(join(dist, ".vite/manifest.json"), "run `npm run build` first");
const budget = readJson<BudgetFile>(join(ROOT, "web/bundle-budget.json"), "the per-route budgets");

const gzipped = new Map<string, number>();
const sizeOf = (file: string) => {
  let n = gzipped.get(file);
  if (n === undefined) {
    n = gzipSync(readFileSync(join(dist, file))).length;
    gzipped.set(file, n);
  }
  return n;
};

const headScripts = headScriptsOf(readFileSync(join(dist, "index.html"), "utf8"));
const sizes = routeSizes(manifest, budget, sizeOf, headScripts);
for (const s of sizes) {
  const kb = (s.bytes / 1024).toFixed(1).padStart(6);
  console.log(
    `${s.route.padEnd(14)} ${kb} KB gzip of JS in ${String(s.files.length).padStart(2)} files (budget ${s.budgetBytes / 1024} KB)`,
  );
}
const failures = overBudget(sizes);
const crossing = crossRouteImports(manifest, budget);
for (const line of [...failures, ...crossing]) console.error(`✘ ${line}`);
if (failures.length > 0)
  console.error(
    "Split what grew into a lazy chunk (import() where it is used), or raise web/bundle-budget.json with a reason.",
  );
if (crossing.length > 0) console.error("Import another route's page lazily (import()), never statically.");
if (failures.length > 0 || crossing.length > 0) process.exit(1);
