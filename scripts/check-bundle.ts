/**
 * After `npm run build`: per route, the gzip size of the JS its first load needs (entry + the route's lazy
 * chunks + their static imports, from web/dist/.vite/manifest.json), against web/bundle-budget.json.
 * Prints one line per route; exits 1 naming each route over its budget.
 *   node scripts/check-bundle.ts [--dist web/dist]
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { type BudgetFile, type Manifest, overBudget, routeSizes } from "./lib/bundle-budget.ts";
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

const sizes = routeSizes(manifest, budget, sizeOf);
for (const s of sizes) {
  const kb = (s.bytes / 1024).toFixed(1).padStart(6);
  console.log(
    `${s.route.padEnd(14)} ${kb} KB gzip of JS in ${String(s.files.length).padStart(2)} files (budget ${s.budgetBytes / 1024} KB)`,
  );
}
const failures = overBudget(sizes);
if (failures.length > 0) {
  for (const line of failures) console.error(`✘ ${line}`);
  console.error(
    "Split what grew into a lazy chunk (import() where it is used), or raise web/bundle-budget.json with a reason.",
  );
  process.exit(1);
}
