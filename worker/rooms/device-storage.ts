import type { Outcome } from "../../contracts/commands/schema.ts";

/**
 * The DeviceRoom's own SQLite tables: `kv` (its saved state) and `command_log` (every command
 * with its state, params, deadline and outcome: one execution per id, re-delivery after a
 * reconnect, the queue; worker/rooms/command-store.ts). Storage persists across deploys, so the tables
 * are created and migrated idempotently: rows of the older `commands` table (id, action, at,
 * outcome) move into `command_log` the first time the room starts with this code.
 */
export function createDeviceTables(sql: SqlStorage) {
  sql.exec("CREATE TABLE IF NOT EXISTS kv (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
  sql.exec(
    "CREATE TABLE IF NOT EXISTS commands (id TEXT PRIMARY KEY, action TEXT NOT NULL, outcome TEXT, at INTEGER NOT NULL)",
  );
  sql.exec(`CREATE TABLE IF NOT EXISTS command_log (
    id TEXT PRIMARY KEY,
    action TEXT NOT NULL,
    params TEXT NOT NULL DEFAULT '{}',
    state TEXT NOT NULL,
    queued INTEGER NOT NULL DEFAULT 0,
    supersede_key TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    expires_at INTEGER,
    deadline INTEGER,
    delivered_at INTEGER,
    acked_at INTEGER,
    finished_at INTEGER,
    late INTEGER NOT NULL DEFAULT 0,
    result TEXT,
    error TEXT,
    user_uuid TEXT,
    space_uuid TEXT
  )`);
  sql.exec("CREATE INDEX IF NOT EXISTS command_log_state ON command_log (state, created_at)");
  sql.exec("CREATE INDEX IF NOT EXISTS command_log_created ON command_log (created_at)");
  migrateOldCommands(sql);
}

/** The older table's state for a stored outcome (none: sent by an instance that is gone, so it timed out). */
const stateOf = (outcome: Outcome | null) => {
  if (!outcome || outcome.status === "timed_out") return "expired";
  // The older rooms failed a received command as unavailable when the agent left: it may have run.
  if (outcome.status === "unavailable" && outcome.received) return "in_doubt";
  return outcome.status;
};

/** Moves the rows of the older `commands` table into `command_log` (a no-op once it is empty). */
function migrateOldCommands(sql: SqlStorage) {
  const rows = sql
    .exec<{ id: string; action: string; outcome: string | null; at: number }>(
      "SELECT id, action, outcome, at FROM commands",
    )
    .toArray();
  for (const row of rows) {
    const outcome = row.outcome ? (JSON.parse(row.outcome) as Outcome) : null;
    sql.exec(
      `INSERT OR IGNORE INTO command_log (id, action, params, state, created_at, updated_at, finished_at, delivered_at, acked_at, result, error)
       VALUES (?, ?, '{}', ?, ?, ?, ?, ?, ?, ?, ?)`,
      row.id,
      row.action,
      stateOf(outcome),
      row.at,
      row.at,
      row.at,
      row.at,
      outcome?.received ? row.at : null,
      outcome?.status === "succeeded" ? JSON.stringify(outcome.result) : null,
      outcome && "error" in outcome ? outcome.error : null,
    );
    sql.exec("DELETE FROM commands WHERE id = ?", row.id);
  }
}

/**
 * The version of the room's tables (kv, command_log, tunnel_session, telemetry*): bump it with any
 * change to them or a migration, and every room runs its CREATE/migrate steps once more.
 */
export const DEVICE_SCHEMA_VERSION = 1;
const SCHEMA_KEY = "schema_version";

/** Whether this room's tables are at DEVICE_SCHEMA_VERSION (false for a new room: no kv table yet). */
export function deviceSchemaReady(sql: SqlStorage): boolean {
  try {
    return kvGet<number>(sql, SCHEMA_KEY) === DEVICE_SCHEMA_VERSION;
  } catch {
    return false;
  }
}

export function markDeviceSchema(sql: SqlStorage) {
  kvSet(sql, SCHEMA_KEY, DEVICE_SCHEMA_VERSION);
}

/** A JSON value kept under `key`, or null. */
export function kvGet<T>(sql: SqlStorage, key: string): T | null {
  const row = sql.exec<{ value: string }>("SELECT value FROM kv WHERE key = ?", key).toArray()[0];
  return row ? (JSON.parse(row.value) as T) : null;
}

export function kvSet(sql: SqlStorage, key: string, value: unknown) {
  sql.exec("INSERT OR REPLACE INTO kv (key, value) VALUES (?, ?)", key, JSON.stringify(value));
}

export function kvDelete(sql: SqlStorage, key: string) {
  sql.exec("DELETE FROM kv WHERE key = ?", key);
}
