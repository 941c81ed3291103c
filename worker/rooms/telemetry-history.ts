import { createLTTB } from "downsample";
import { metricValues } from "../../contracts/devices/telemetry-metrics.ts";
import { MAX_POINTS_PER_SERIES, type SeriesPoint, type TelemetryMetric } from "../../contracts/monitoring/schema.ts";
import type { Telemetry } from "../../contracts/realtime/events.ts";

const MINUTE_MS = 60_000;
/** The agent's reports as sent, one per minute (the last one wins): the `?since=` history. */
export const HISTORY_MS = 24 * 3_600_000;
/** One-minute chart values (telemetry-metrics.ts): 48 h. */
export const RAW_MS = 48 * 3_600_000;
/** Rollup buckets and how long they are kept. */
export const BUCKET_MS = 15 * MINUTE_MS;
export const ROLLUP_MS = 30 * 86_400_000;

export type Resolution = "1m" | "15m";
export type SeriesResult = { resolution: Resolution; series: { key: string; points: SeriesPoint[] }[] };

/**
 * The part of a Durable Object's SqlStorage this class uses, declared here so a node:sqlite
 * adapter can stand in for it (the telemetry bench fills a room's file with the real writes).
 */
export interface SqlExec {
  exec<T extends Record<string, ArrayBuffer | string | number | null>>(
    query: string,
    ...bindings: (string | number | null)[]
  ): Iterable<T> & { toArray(): T[]; one(): T };
}

/** Values to 3 decimals: a 500-point series' JSON stays about half the size of full doubles. */
const round = (x: number) => Math.round(x * 1000) / 1000;

const lttb = createLTTB<SeriesPoint>({ x: "t", y: "v" });

/** Every series at most `max` points (LTTB keeps the first and the last and the shape between). */
export const downsample = (points: SeriesPoint[], max = MAX_POINTS_PER_SERIES): SeriesPoint[] =>
  points.length <= max ? points : Array.from(lttb(points, max));

/**
 * A device's telemetry history in its DeviceRoom's SQLite, so a sample costs no D1 write:
 * the raw reports (24 h), one-minute values per metric and series (48 h) and 15-minute rollups
 * (count, sum, min, max → avg) for 30 days, updated by an upsert per value as each sample
 * arrives — never by rescanning. Time comes in as arguments, so tests choose it.
 */
export class TelemetryHistory {
  // A plain field, not a parameter property: Node's type stripping (the bench) runs this file too.
  private readonly sql: SqlExec;

  /** `tablesExist`: the room knows its tables are there (its schema version), so no CREATE runs. */
  constructor(sql: SqlExec, tablesExist = false) {
    this.sql = sql;
    if (tablesExist) return;
    sql.exec(
      "CREATE TABLE IF NOT EXISTS telemetry (minute INTEGER PRIMARY KEY, at INTEGER NOT NULL, data TEXT NOT NULL)",
    );
    sql.exec(`CREATE TABLE IF NOT EXISTS telemetry_point (metric TEXT NOT NULL, minute INTEGER NOT NULL,
      series TEXT NOT NULL, at INTEGER NOT NULL, value REAL NOT NULL, PRIMARY KEY (metric, minute, series)) WITHOUT ROWID`);
    sql.exec(`CREATE TABLE IF NOT EXISTS telemetry_rollup (metric TEXT NOT NULL, bucket INTEGER NOT NULL,
      series TEXT NOT NULL, n INTEGER NOT NULL, sum REAL NOT NULL, min REAL NOT NULL, max REAL NOT NULL,
      PRIMARY KEY (metric, bucket, series)) WITHOUT ROWID`);
  }

  /**
   * Stores a sample. A second report within the same minute (a Refresh Data) replaces that
   * minute's raw values; the rollup counts every report received in its bucket.
   */
  record(at: number, telemetry: Telemetry) {
    const previous = this.latest();
    const minute = Math.floor(at / MINUTE_MS);
    const bucket = Math.floor(at / BUCKET_MS) * BUCKET_MS;
    this.sql.exec(
      "INSERT OR REPLACE INTO telemetry (minute, at, data) VALUES (?, ?, ?)",
      minute,
      at,
      JSON.stringify(telemetry),
    );
    for (const { metric, series, value } of metricValues(telemetry, at, previous)) {
      this.sql.exec(
        "INSERT OR REPLACE INTO telemetry_point (metric, minute, series, at, value) VALUES (?, ?, ?, ?, ?)",
        metric,
        minute,
        series,
        at,
        value,
      );
      this.sql.exec(
        `INSERT INTO telemetry_rollup (metric, bucket, series, n, sum, min, max) VALUES (?, ?, ?, 1, ?, ?, ?)
         ON CONFLICT (metric, bucket, series) DO UPDATE SET n = n + 1, sum = sum + excluded.sum,
           min = min(min, excluded.min), max = max(max, excluded.max)`,
        metric,
        bucket,
        series,
        value,
        value,
        value,
      );
    }
  }

  /** The newest stored report, or null. */
  latest(): { at: number; telemetry: Telemetry } | null {
    const row = this.sql
      .exec<{ at: number; data: string }>("SELECT at, data FROM telemetry ORDER BY minute DESC LIMIT 1")
      .toArray()[0];
    return row ? { at: row.at, telemetry: JSON.parse(row.data) as Telemetry } : null;
  }

  /** Drops raw reports past 24 h, one-minute values past 48 h and rollups past 30 days. */
  prune(now: number) {
    this.sql.exec("DELETE FROM telemetry WHERE minute < ?", Math.floor((now - HISTORY_MS) / MINUTE_MS));
    this.sql.exec("DELETE FROM telemetry_point WHERE minute < ?", Math.floor((now - RAW_MS) / MINUTE_MS));
    this.sql.exec("DELETE FROM telemetry_rollup WHERE bucket < ?", now - ROLLUP_MS);
  }

  /** When the oldest stored row comes due for pruning; null when nothing is stored. */
  nextExpiry(): number | null {
    const row = this.sql
      .exec<{ raw: number | null; point: number | null; rollup: number | null }>(
        `SELECT (SELECT min(minute) * ${MINUTE_MS} FROM telemetry) AS raw, (SELECT min(minute) FROM telemetry_point) AS point,
                (SELECT min(bucket) FROM telemetry_rollup) AS rollup`,
      )
      .one();
    const due = [
      row.raw === null ? null : row.raw + HISTORY_MS,
      row.point === null ? null : (row.point + 1) * MINUTE_MS + RAW_MS,
      row.rollup === null ? null : row.rollup + ROLLUP_MS,
    ].filter((t): t is number => t !== null);
    return due.length ? Math.min(...due) : null;
  }

  /** The raw reports since `sinceMs` (at most the last 24 h), oldest first. */
  history(sinceMs: number, now: number): { at: number; telemetry: Telemetry }[] {
    return this.sql
      .exec<{ at: number; data: string }>(
        "SELECT at, data FROM telemetry WHERE at >= ? ORDER BY minute",
        Math.max(sinceMs, now - HISTORY_MS),
      )
      .toArray()
      .map((r) => ({ at: r.at, telemetry: JSON.parse(r.data) as Telemetry }));
  }

  /**
   * A metric's series between `from` and `to` (ms): one-minute values when `from` lies within
   * the last 48 h, else 15-minute rollups (avg with min and max); each series downsampled to
   * MAX_POINTS_PER_SERIES, sorted by key.
   */
  series(metric: TelemetryMetric, from: number, to: number, now: number): SeriesResult {
    const bySeries = new Map<string, SeriesPoint[]>();
    const push = (key: string, point: SeriesPoint) => {
      const points = bySeries.get(key);
      if (points) points.push(point);
      else bySeries.set(key, [point]);
    };
    const resolution: Resolution = from >= now - RAW_MS ? "1m" : "15m";
    if (resolution === "1m") {
      const rows = this.sql.exec<{ series: string; at: number; value: number }>(
        `SELECT series, at, value FROM telemetry_point
         WHERE metric = ? AND minute >= ? AND minute <= ? ORDER BY minute`,
        metric,
        Math.floor(from / MINUTE_MS),
        Math.floor(to / MINUTE_MS),
      );
      for (const r of rows) if (r.at >= from && r.at <= to) push(r.series, { t: r.at, v: round(r.value) });
    } else {
      const rows = this.sql.exec<{ series: string; bucket: number; n: number; sum: number; min: number; max: number }>(
        `SELECT series, bucket, n, sum, min, max FROM telemetry_rollup
         WHERE metric = ? AND bucket >= ? AND bucket <= ? ORDER BY bucket`,
        metric,
        Math.floor(from / BUCKET_MS) * BUCKET_MS,
        to,
      );
      for (const r of rows)
        push(r.series, { t: r.bucket, v: round(r.sum / r.n), min: round(r.min), max: round(r.max) });
    }
    const series = [...bySeries.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, points]) => ({ key, points: downsample(points) }));
    return { resolution, series };
  }
}
