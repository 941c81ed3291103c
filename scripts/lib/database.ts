import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { pendingMigrationsSql } from "./migrations.ts";
import { ROOT, runTool } from "./proc.ts";

export const DEVICES_JSON = `${ROOT}/.outpost/devices.json`;

/**
 * Applies the migrations and the demo seed to a local D1 (workerd's SQLite under persistDir).
 * The seed is idempotent, so re-running start keeps the demo space fresh. A new database gets the
 * migrations and the seed in one `d1 execute` (scripts/lib/migrations.ts: ≈ 20 s less).
 */
export function prepareDatabase(persistDir: string) {
  const common = ["--local", "--persist-to", persistDir];
  const migrations = pendingMigrationsSql(persistDir);
  mkdirSync(`${ROOT}/.outpost`, { recursive: true });
  const seedFile = `${ROOT}/.outpost/seed.sql`;
  // The connected demo devices' credentials, for the agent simulator (npm run simulate).
  runTool("node", ["scripts/seed-demo.ts", "--out", seedFile, "--devices-json", DEVICES_JSON], { quiet: true });
  let file = seedFile;
  if (migrations) {
    file = `${ROOT}/.outpost/new-database.sql`;
    writeFileSync(file, migrations + readFileSync(seedFile, "utf8"));
  }
  runTool("wrangler", ["d1", "execute", "DB", ...common, "--file", file, "--yes"], { quiet: true });
}
