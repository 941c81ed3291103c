/**
 * `npm run bench`: runs the benchmarks one after another (each seeds its own throwaway local
 * D1 and starts its own `wrangler dev`). Extra arguments go to every bench, e.g.
 * `npm run bench -- --devices 20000 --runs 5`.
 */
import { spawnSync } from "node:child_process";
import { ROOT } from "./lib/proc.ts";

const BENCHES = ["scripts/bench-devices.ts"];

for (const bench of BENCHES) {
  console.error(`\n▶ ${bench}`);
  const res = spawnSync(process.execPath, [bench, ...process.argv.slice(2)], { cwd: ROOT, stdio: "inherit" });
  if (res.status !== 0) process.exit(res.status ?? 1);
}
