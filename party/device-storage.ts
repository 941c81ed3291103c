/**
 * The DeviceRoom's own SQLite tables: `kv` (its saved state, a display configuration waiting for
 * the agent) and `commands` (each command id once, with its outcome: one execution per id).
 */
export function createDeviceTables(sql: SqlStorage) {
  sql.exec("CREATE TABLE IF NOT EXISTS kv (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
  sql.exec(
    "CREATE TABLE IF NOT EXISTS commands (id TEXT PRIMARY KEY, action TEXT NOT NULL, outcome TEXT, at INTEGER NOT NULL)",
  );
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
