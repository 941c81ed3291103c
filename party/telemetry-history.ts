import type { Telemetry } from "./protocol.ts";

/** Telemetry kept by the DeviceRoom: one sample per minute (the last one wins), 24 h. */
export const HISTORY_MS = 86_400_000;

export class TelemetryHistory {
  constructor(private readonly sql: SqlStorage) {
    sql.exec(
      "CREATE TABLE IF NOT EXISTS telemetry (minute INTEGER PRIMARY KEY, at INTEGER NOT NULL, data TEXT NOT NULL)",
    );
  }

  add(now: number, telemetry: Telemetry) {
    this.sql.exec(
      "INSERT OR REPLACE INTO telemetry (minute, at, data) VALUES (?, ?, ?)",
      Math.floor(now / 60_000),
      now,
      JSON.stringify(telemetry),
    );
  }

  prune(now: number) {
    this.sql.exec("DELETE FROM telemetry WHERE at < ?", now - HISTORY_MS);
  }

  history(sinceMs: number): { at: number; telemetry: Telemetry }[] {
    return this.sql
      .exec<{ at: number; data: string }>(
        "SELECT at, data FROM telemetry WHERE at >= ? ORDER BY minute",
        Math.max(sinceMs, Date.now() - HISTORY_MS),
      )
      .toArray()
      .map((r) => ({ at: r.at, telemetry: JSON.parse(r.data) as Telemetry }));
  }
}
