import { eq } from "drizzle-orm";
import {
  CAPTURE_RETENTION_DEFAULT_DAYS,
  type CaptureEntry,
  type DisplayCaptureMessage,
} from "../contracts/display-health.ts";
import { deviceTable as d, spaceTable } from "../drizzle/schema/index.ts";
import type { Env } from "../worker/env.ts";
import { createDb } from "../worker/lib/db.ts";
import { kvGet, kvSet } from "./device-storage.ts";

const DAY = 86_400_000;
/** The index is pruned (and its R2 objects deleted) at most this often. */
const PRUNE_EVERY_MS = 3_600_000;
/** A list answers at most this many captures (a day at one a minute and then some). */
export const CAPTURES_LIST_MAX = 1_500;

/** The R2 key of a capture: space/device/display/time, so a space's or a device's go with one prefix. */
export const captureKey = (space: string, device: string, display: string, at: number) =>
  `captures/${space}/${device}/${encodeURIComponent(display)}/${at}.jpg`;

type Host = { env: () => Env; sql: () => SqlStorage; device: () => string };

/**
 * A device's display captures (contracts/display-health.ts): each JPEG goes to R2 and its entry
 * (time, state, panel, metrics) into this room's SQLite — nothing per capture reaches D1; the
 * state's transitions reach D1 with the telemetry that carries them. Entries and objects older
 * than the retention (7 days by default) are deleted by the room's alarm and on new captures.
 */
export class DeviceCaptures {
  private ready = false;
  private nextPruneAt = 0;
  private readonly host: Host;
  constructor(host: Host) {
    this.host = host;
  }

  private table() {
    const sql = this.host.sql();
    if (!this.ready) {
      sql.exec(`CREATE TABLE IF NOT EXISTS display_captures (
        display TEXT NOT NULL, at INTEGER NOT NULL, state TEXT NOT NULL, panel TEXT NOT NULL,
        bytes INTEGER NOT NULL, key TEXT, metrics TEXT, PRIMARY KEY (display, at))`);
      sql.exec("CREATE INDEX IF NOT EXISTS display_captures_at ON display_captures (at)");
      this.ready = true;
    }
    return sql;
  }

  /**
   * The device's space (for the R2 key) and its retention, read from D1 and kept for a day (a
   * changed retention applies within a day; the space of a device never changes).
   */
  private async space(now: number): Promise<string | null> {
    const kept = kvGet<{ space: string; days: number; until: number }>(this.host.sql(), "captures_space");
    if (kept && kept.until > now) return kept.space;
    const row = await createDb(this.host.env())
      .select({ space: d.space_uuid, days: spaceTable.capture_retention_days })
      .from(d)
      .innerJoin(spaceTable, eq(spaceTable.space_uuid, d.space_uuid))
      .where(eq(d.uuid, this.host.device()))
      .get();
    if (!row) return kept?.space ?? null;
    kvSet(this.host.sql(), "captures_space", { space: row.space, days: row.days, until: now + DAY });
    return row.space;
  }

  /** Files one capture at the room's time `now` (the agent's clock may be off). */
  async record(message: DisplayCaptureMessage, now: number): Promise<CaptureEntry | null> {
    const space = await this.space(now);
    if (!space) return null;
    const bytes = message.jpeg ? Uint8Array.from(atob(message.jpeg), (c) => c.charCodeAt(0)) : null;
    let key: string | null = null;
    if (bytes && bytes.length > 0) {
      key = captureKey(space, this.host.device(), message.display, now);
      await this.host.env().FILES.put(key, bytes, {
        httpMetadata: { contentType: "image/jpeg" },
        customMetadata: { state: message.state, display: message.display },
      });
    }
    this.table().exec(
      "INSERT OR REPLACE INTO display_captures (display, at, state, panel, bytes, key, metrics) VALUES (?, ?, ?, ?, ?, ?, ?)",
      message.display,
      now,
      message.state,
      message.panel,
      bytes?.length ?? 0,
      key,
      message.metrics ? JSON.stringify(message.metrics) : null,
    );
    if (now >= this.nextPruneAt) await this.prune(now);
    return {
      display: message.display,
      at: now,
      state: message.state,
      panel: message.panel,
      bytes: bytes?.length ?? 0,
      metrics: message.metrics,
    };
  }

  /** The captures between `from` and `to` (ms), oldest first; of one display when given. */
  list(input: { display?: string; from: number; to: number }): (CaptureEntry & { has_image: boolean })[] {
    const rows = this.table()
      .exec<{
        display: string;
        at: number;
        state: string;
        panel: string;
        bytes: number;
        key: string | null;
        metrics: string | null;
      }>(
        `SELECT display, at, state, panel, bytes, key, metrics FROM display_captures
         WHERE at >= ? AND at <= ? ${input.display === undefined ? "" : "AND display = ?"}
         ORDER BY at DESC LIMIT ${CAPTURES_LIST_MAX}`,
        input.from,
        input.to,
        ...(input.display === undefined ? [] : [input.display]),
      )
      .toArray();
    return rows.reverse().map((r) => ({
      display: r.display,
      at: r.at,
      state: r.state as CaptureEntry["state"],
      panel: r.panel as CaptureEntry["panel"],
      bytes: r.bytes,
      metrics: r.metrics ? JSON.parse(r.metrics) : null,
      has_image: r.key !== null,
    }));
  }

  /** The R2 key of one indexed capture, or null. */
  keyOf(display: string, at: number): string | null {
    const row = this.table()
      .exec<{ key: string | null }>("SELECT key FROM display_captures WHERE display = ? AND at = ?", display, at)
      .toArray()[0];
    return row?.key ?? null;
  }

  /** Days captures are kept (the space's setting; 7 by default). */
  retentionDays(): number {
    return kvGet<{ days: number }>(this.host.sql(), "captures_space")?.days ?? CAPTURE_RETENTION_DEFAULT_DAYS;
  }

  /** Deletes the entries and R2 objects older than the retention (1 000 objects per R2 call). */
  async prune(now: number) {
    if (!this.ready && kvGet(this.host.sql(), "captures_space") === null) return;
    this.nextPruneAt = now + PRUNE_EVERY_MS;
    const before = now - this.retentionDays() * DAY;
    const sql = this.table();
    for (;;) {
      const old = sql
        .exec<{ display: string; at: number; key: string | null }>(
          "SELECT display, at, key FROM display_captures WHERE at < ? ORDER BY at LIMIT 1000",
          before,
        )
        .toArray();
      if (old.length === 0) return;
      const keys = old.map((r) => r.key).filter((k): k is string => k !== null);
      if (keys.length) await this.host.env().FILES.delete(keys);
      sql.exec("DELETE FROM display_captures WHERE at < ? AND at <= ?", before, old[old.length - 1]?.at ?? 0);
      if (old.length < 1000) return;
    }
  }
}
