import { eq } from "drizzle-orm";
import type { Telemetry } from "../../contracts/devices/telemetry.ts";
import {
  CAPTURE_INTERVAL_DEFAULT_S,
  CAPTURE_RETENTION_DEFAULT_DAYS,
  type CaptureEntry,
  type DisplayCaptureMessage,
  foldDisplayHealth,
  isPanelOff,
  withPanelOffSchedule,
} from "../../contracts/display-health/schema.ts";
import { deviceTable as d, spaceTable } from "../../drizzle/schema/index.ts";
import type { Env } from "../env.ts";
import { createDb } from "../lib/db.ts";
import type { HelloRow } from "../services/devices/hello-write.ts";
import { type PanelSchedule, readPanelSchedule, scheduledOffAt } from "../services/displays-health/panel-schedule.ts";
import { kvGet, kvSet } from "./device-storage.ts";

const DAY = 86_400_000;
/** The index is pruned (and its R2 objects deleted) at most this often. */
const PRUNE_EVERY_MS = 3_600_000;
/** A location's working time and maintenance windows are read again after this long. */
const SCHEDULE_KEPT_MS = 300_000;

type SpaceSettings = { space: string; days: number; interval: number; until: number };
/** A list answers at most this many captures (a day at one a minute and then some). */
export const CAPTURES_LIST_MAX = 1_500;

/** The R2 key of a capture: space/device/display/time, so a space's or a device's go with one prefix. */
export const captureKey = (space: string, device: string, display: string, at: number) =>
  `captures/${space}/${device}/${encodeURIComponent(display)}/${at}.jpg`;

type Host = { env: () => Env; sql: () => SqlStorage; device: () => string };

/**
 * A device's display captures (contracts/display-health/schema.ts): each JPEG goes to R2 and its entry
 * (time, state, panel, metrics) into this room's SQLite — nothing per capture reaches D1; the
 * state's transitions reach D1 with the telemetry that carries them. Entries and objects older
 * than the retention (7 days by default) are deleted by the room's alarm and on new captures.
 */
export class DeviceCaptures {
  private ready = false;
  private nextPruneAt = 0;
  /** How often the settings were forgotten in this instance (settingsMark). */
  private forgotten = 0;
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
   * The device's space (for the R2 key), its retention and capture interval, read from D1 and kept
   * for a day: a change of the space's settings makes the room forget them (forgetSettings), and
   * the space of a device never changes.
   */
  async settings(now: number): Promise<SpaceSettings | null> {
    const kept = kvGet<SpaceSettings>(this.host.sql(), "captures_space");
    if (kept && kept.until > now && kept.interval !== undefined) return kept;
    const row = await createDb(this.host.env())
      .select({
        space: d.space_uuid,
        days: spaceTable.capture_retention_days,
        interval: spaceTable.capture_interval_s,
      })
      .from(d)
      .innerJoin(spaceTable, eq(spaceTable.space_uuid, d.space_uuid))
      .where(eq(d.uuid, this.host.device()))
      .get();
    if (!row) return kept ?? null;
    const settings = { ...row, until: now + DAY };
    kvSet(this.host.sql(), "captures_space", settings);
    return settings;
  }

  /**
   * A mark of the settings kept: a hello's row read before forgetSettings must not be kept after
   * it (seedSettings), or a change made while the hello's write waited its batch would be lost.
   */
  settingsMark(): number {
    return this.forgotten;
  }

  /**
   * The settings as the hello's write returned them (hello-write.ts), kept as settings() keeps
   * what it reads: in a reconnect wave each room's first hello then costs no SELECT of its own.
   * A row without them (or one read before the settings were forgotten) keeps nothing.
   */
  seedSettings(row: HelloRow | undefined, now: number, mark: number) {
    if (!row?.capture || mark !== this.forgotten) return;
    const settings: SpaceSettings = { space: row.space, ...row.capture, until: now + DAY };
    kvSet(this.host.sql(), "captures_space", settings);
  }

  private async space(now: number): Promise<string | null> {
    return (await this.settings(now))?.space ?? null;
  }

  /** The space's capture interval for the agent (the default when the device is unknown). */
  async intervalS(now: number): Promise<number> {
    return (await this.settings(now).catch(() => null))?.interval ?? CAPTURE_INTERVAL_DEFAULT_S;
  }

  /** The capture interval when kept (no read), else null. */
  cachedIntervalS(now: number): number | null {
    const kept = kvGet<SpaceSettings>(this.host.sql(), "captures_space");
    return kept && kept.until > now && kept.interval !== undefined ? kept.interval : null;
  }

  /** The space's settings changed: read them again on next use. */
  forgetSettings() {
    this.forgotten++;
    const kept = kvGet<SpaceSettings>(this.host.sql(), "captures_space");
    if (kept) kvSet(this.host.sql(), "captures_space", { ...kept, until: 0 });
  }

  /** Whether a panel off at `now` is expected (outside working time, in maintenance); read a few minutes at most. */
  async scheduledOff(at: number, now = at): Promise<boolean> {
    let kept = kvGet<{ schedule: PanelSchedule | null; until: number }>(this.host.sql(), "panel_schedule");
    if (!kept || kept.until <= now) {
      kept = {
        schedule: await readPanelSchedule(createDb(this.host.env()), this.host.device(), now),
        until: now + SCHEDULE_KEPT_MS,
      };
      kvSet(this.host.sql(), "panel_schedule", kept);
    }
    return kept.schedule ? scheduledOffAt(kept.schedule, at) : false;
  }

  /**
   * Telemetry as the room keeps it: a dark panel classified scheduled or unexpected at the room's
   * time, then each display's severity folded into its screen's devicesInfo entry (monitoring's
   * "Displays" heading). D1 is read only when some panel is off.
   */
  async classify(telemetry: Telemetry, now: number): Promise<Telemetry> {
    const report = telemetry.display_health;
    if (!report?.length) return telemetry;
    const off = report.some((h) => isPanelOff(h.state));
    const scheduled = off ? await this.scheduledOff(now).catch(() => false) : false;
    return foldDisplayHealth(telemetry, off ? withPanelOffSchedule(report, scheduled) : report);
  }

  /** Files one capture at the room's time `now` (the agent's clock may be off). */
  async record(input: DisplayCaptureMessage, received: number): Promise<CaptureEntry | null> {
    // A backfilled capture keeps its own time when it is of the last day; a live one takes the room's.
    const now = input.backfill ? Math.round(input.at) : received;
    if (input.backfill && !(now >= received - DAY && now < received)) return null;
    const space = await this.space(received);
    if (!space) return null;
    const message = isPanelOff(input.state)
      ? {
          ...input,
          state: (await this.scheduledOff(now, received).catch(() => false))
            ? ("panel_off_scheduled" as const)
            : ("panel_off_unexpected" as const),
        }
      : input;
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
    if (received >= this.nextPruneAt) await this.prune(received);
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

  /** The R2 key of a display's last capture with an image, or null. */
  latestKeyOf(display: string): string | null {
    const row = this.table()
      .exec<{ key: string }>(
        "SELECT key FROM display_captures WHERE display = ? AND key IS NOT NULL ORDER BY at DESC LIMIT 1",
        display,
      )
      .toArray()[0];
    return row?.key ?? null;
  }

  /** Days captures are kept (the space's setting; 7 by default). */
  retentionDays(): number {
    return kvGet<SpaceSettings>(this.host.sql(), "captures_space")?.days ?? CAPTURE_RETENTION_DEFAULT_DAYS;
  }

  /**
   * Deletes the entries and R2 objects older than the retention (1 000 objects per R2 call), and
   * says when the oldest one left expires (null: none left), for the room's alarm: the cleanup
   * runs on schedule even for a device that never connects again.
   */
  async prune(now: number): Promise<number | null> {
    if (!this.ready && kvGet(this.host.sql(), "captures_space") === null) return null;
    this.nextPruneAt = now + PRUNE_EVERY_MS;
    const keep = this.retentionDays() * DAY;
    const before = now - keep;
    const sql = this.table();
    for (;;) {
      const old = sql
        .exec<{ display: string; at: number; key: string | null }>(
          "SELECT display, at, key FROM display_captures WHERE at < ? ORDER BY at LIMIT 1000",
          before,
        )
        .toArray();
      if (old.length === 0) break;
      const keys = old.map((r) => r.key).filter((k): k is string => k !== null);
      if (keys.length) await this.host.env().FILES.delete(keys);
      sql.exec("DELETE FROM display_captures WHERE at < ? AND at <= ?", before, old[old.length - 1]?.at ?? 0);
      if (old.length < 1000) break;
    }
    const oldest = sql.exec<{ at: number | null }>("SELECT min(at) AS at FROM display_captures").one().at;
    // At most hourly: expiries a few minutes apart are deleted together.
    return oldest === null ? null : Math.max(oldest + keep, now + PRUNE_EVERY_MS);
  }
}
