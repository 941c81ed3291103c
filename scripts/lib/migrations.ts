/**
 * A new local D1 gets every migration in one `wrangler d1 execute` instead of `wrangler d1
 * migrations apply`, which runs each file on its own (≈ 19 s for the 16 files here against ≈ 5 s
 * for the same SQL in one file). The script keeps wrangler's own bookkeeping — its d1_migrations
 * table and one row per file, as `migrations apply` writes them — so a later `migrations apply` on
 * the same database runs only the files added since. A database that exists already is never
 * given this script: it goes through `migrations apply` as before.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, runTool } from "./proc.ts";

/** wrangler.jsonc's `migrations_dir` of the DB binding, and wrangler's default table name. */
export const MIGRATIONS_DIR = join(ROOT, "drizzle/migrations");
const TABLE = "d1_migrations";

/** The migration files in the order wrangler applies them (their names, sorted). */
export function migrationFiles(dir = MIGRATIONS_DIR): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".sql"))
    .sort();
}

/** Every migration as one script, each followed by the row `migrations apply` would have written for it. */
export function allMigrationsSql(dir = MIGRATIONS_DIR): string {
  const parts = [
    // Character for character as wrangler creates it (tabs included), so both ways give one schema.
    `CREATE TABLE IF NOT EXISTS "${TABLE}"(\n\t\tid         INTEGER PRIMARY KEY AUTOINCREMENT,\n\t\tname       TEXT UNIQUE,\n\t\tapplied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL\n);`,
  ];
  for (const name of migrationFiles(dir)) {
    parts.push(readFileSync(join(dir, name), "utf8"));
    parts.push(`INSERT INTO "${TABLE}" (name) values ('${name.replace(/'/g, "''")}');`);
  }
  return `${parts.join("\n")}\n`;
}

/**
 * The migrations a local D1 under `persistDir` still needs: for a new database (miniflare keeps them
 * under v3/d1), every migration as SQL for the caller to run in front of its first file; for one that
 * exists, `wrangler d1 migrations apply` runs now and there is nothing left to run ("").
 */
export function pendingMigrationsSql(persistDir: string): string {
  if (!existsSync(join(persistDir, "v3", "d1"))) return allMigrationsSql();
  runTool("wrangler", ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistDir], { quiet: true });
  return "";
}
