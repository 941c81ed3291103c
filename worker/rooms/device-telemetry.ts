import type { TelemetryMetric } from "../../contracts/monitoring/schema.ts";
import type { ServerMessage, Telemetry } from "../../contracts/realtime/events.ts";
import type { Env } from "../env.ts";
import { announceApplications, applicationsChanged } from "../services/devices/applications.ts";
import { recordTelemetry } from "../services/devices/records.ts";
import { healthSignature, shouldWrite, type Written } from "./telemetry-flush.ts";
import { type SeriesResult, TelemetryHistory } from "./telemetry-history.ts";

/** Expired history is dropped at most this often (on the room's alarm). */
const PRUNE_EVERY_MS = 3_600_000;

/** What the telemetry side of a DeviceRoom needs from the room. */
export type TelemetryHost = {
  env: () => Env;
  sql: () => SqlStorage;
  /** The device's uuid (the room's name). */
  device: () => string;
  toDashboards: (message: ServerMessage) => void;
  /** Saves the room's state (presence and `written`). */
  save: () => void;
  armAlarm: (at: number) => Promise<void>;
};

/**
 * The DeviceRoom's telemetry: the history in the room's SQLite (one sample a minute, 24 h, chart
 * series), the live tail to the device's dashboards, and the writes to D1 (telemetry-flush.ts).
 */
export class DeviceTelemetry {
  /** The last telemetry written to D1 (telemetry-flush.ts decides when the next one is); saved with the room's state. */
  written: Written | null = null;
  /** The newest sample (memory; after hibernation it is read back from the history). */
  private latestSample: { at: number; telemetry: Telemetry } | null = null;
  private prunedAt = 0;
  /** When the history next needs pruning (memory: a woken room prunes at its first alarm). */
  private nextPruneAt: number | null = null;
  private history: TelemetryHistory | null = null;

  constructor(private readonly host: TelemetryHost) {}

  /** On the room's start: the history's tables exist, and `written` is what the room saved. */
  open(written: Written | null, tablesExist = false) {
    this.history = new TelemetryHistory(this.host.sql(), tablesExist);
    this.written = written;
  }

  /** Telemetry history (one sample per minute, last 24 h), oldest first. */
  since(sinceMs: number): { at: number; telemetry: Telemetry }[] {
    return this.tables().history(sinceMs, Date.now());
  }

  /** The newest sample the agent sent (fresher than D1's latest_telemetry), or null. */
  latest(): { at: number; telemetry: Telemetry } | null {
    this.latestSample ??= this.tables().latest();
    return this.latestSample;
  }

  /** A metric's chart series between `from` and `to` (ms), at most 500 points each. */
  series(input: { metric: TelemetryMetric; from: number; to: number }): SeriesResult {
    return this.tables().series(input.metric, input.from, input.to, Date.now());
  }

  /**
   * A sample goes into the room's history and to the device's dashboards (the charts' live
   * tail) every time; to D1 only when its health changed or the last write is 15 minutes old.
   */
  async record(telemetry: Telemetry) {
    const now = Date.now();
    const previous = this.latest()?.telemetry;
    this.tables().record(now, telemetry);
    this.latestSample = { at: now, telemetry };
    // An application started, crashed or came back: the space's dashboards hear it now.
    if (telemetry.applications && applicationsChanged(previous, telemetry)) {
      await announceApplications(this.host.env(), this.host.device(), telemetry.applications).catch((e: unknown) =>
        console.error("applications announce", e),
      );
    }
    this.nextPruneAt ??= now + PRUNE_EVERY_MS;
    this.host.toDashboards({ type: "telemetrySample", at: now, telemetry });
    const health = healthSignature(telemetry);
    if (!shouldWrite(this.written, now, health)) return;
    await this.write(telemetry, now, health);
  }

  /**
   * The newest sample to D1 when D1 holds an older one: on the way offline, so an offline
   * device's detail reads its last report from D1 and its room is asked only while it is online.
   */
  async flushUnwritten() {
    const latest = this.latest();
    if (!latest || (this.written && this.written.at >= latest.at)) return;
    await this.write(latest.telemetry, latest.at, healthSignature(latest.telemetry));
  }

  /** Writes a sample to D1 (a failure is logged and the sample counts as unwritten). */
  private async write(telemetry: Telemetry, at: number, health: string) {
    // Claimed before the write so a sample arriving meanwhile does not write the same again.
    const before = this.written;
    const claim = { at, health };
    this.written = claim;
    this.host.save();
    try {
      await recordTelemetry(this.host.env(), this.host.device(), telemetry, at);
    } catch (e) {
      console.error("telemetry", e);
      if (this.written === claim) {
        this.written = before;
        this.host.save();
      }
    }
  }

  /**
   * Drops expired history (hourly at most, so the frequent presence checks cost no scan) and
   * keeps the alarm set for the next expiry, also once the device is offline and quiet.
   */
  async prune(now: number) {
    if (now - this.prunedAt >= PRUNE_EVERY_MS) {
      const history = this.tables();
      history.prune(now);
      this.prunedAt = now;
      const next = history.nextExpiry();
      this.nextPruneAt = next === null ? null : Math.max(next, now + PRUNE_EVERY_MS);
    }
    if (this.nextPruneAt !== null) await this.host.armAlarm(this.nextPruneAt);
  }

  private tables(): TelemetryHistory {
    if (!this.history) this.history = new TelemetryHistory(this.host.sql());
    return this.history;
  }
}
