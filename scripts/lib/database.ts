import { mkdirSync } from "node:fs";
import { ROOT, runTool } from "./proc.ts";

export const DEVICES_JSON = `${ROOT}/.outpost/devices.json`;

/**
 * Applies the migrations and the demo seed to a local D1 (workerd's SQLite under persistDir).
 * The seed is idempotent, so re-running start keeps the demo space fresh.
 */
export function prepareDatabase(persistDir: string) {
  const common = ["--local", "--persist-to", persistDir];
  runTool("wrangler", ["d1", "migrations", "apply", "DB", ...common], { quiet: true });
  mkdirSync(`${ROOT}/.outpost`, { recursive: true });
  const seedFile = `${ROOT}/.outpost/seed.sql`;
  // The connected demo devices' credentials, for the agent simulator (npm run simulate).
  runTool("node", ["scripts/seed-demo.ts", "--out", seedFile, "--devices-json", DEVICES_JSON], { quiet: true });
  runTool("wrangler", ["d1", "execute", "DB", ...common, "--file", seedFile, "--yes"], { quiet: true });
}
