import type { Connection } from "partyserver";
import type { TelemetryMetric } from "../contracts/monitoring.ts";
import {
  initialPresence,
  nextCheckAt,
  nextPresence,
  OFFLINE_AFTER_MS,
  type PresenceEvent,
  type PresenceState,
  restorePresence,
} from "../contracts/presence.ts";
import type { Principal } from "../contracts/principal.ts";
import type { ClientMessage, CommandAction, Presence, Telemetry } from "../contracts/realtime.ts";
import { reconcileOffline, recordOffline, recordOnline } from "../worker/services/devices/presence.ts";
import {
  auditCommand,
  recordInventory,
  recordTelemetry,
  recordVisionReceived,
} from "../worker/services/devices/records.ts";
import { CommandBroker, type Outcome, TIMEOUT_MESSAGE, UNAVAILABLE_MESSAGE } from "./broker.ts";
import type { ConnState } from "./room.ts";
import { healthSignature, shouldWrite, type Written } from "./telemetry-flush.ts";
import { type SeriesResult, TelemetryHistory } from "./telemetry-history.ts";
import { WatchedRoom } from "./watched-room.ts";

/** Expired history is dropped at most this often (on the room's alarm). */
const PRUNE_EVERY_MS = 3_600_000;

const withoutImage = ({ image_base64: _image, ...rest }: Record<string, unknown>) => rest;

/** kv key of a display configuration waiting for the agent. */
const PENDING_DISPLAY_CONFIG = "pending_display_config";

export type RunCommandInput = {
  id: string;
  action: CommandAction;
  params?: Record<string, unknown>;
  actor: { user_uuid: string | null; space_uuid: string };
};

/**
 * One per device (`/parties/device/{device_uuid}`): the agent's socket (tag "agent", joined
 * with the device credential) and the dashboards watching the device (tag "dashboard").
 * It owns presence (agent connected and heartbeating = online), the command broker (runCommand,
 * 30 s timeout, one execution per id) and the telemetry history in its own SQLite.
 */
export class DeviceRoom extends WatchedRoom {
  readonly roomKind = "device" as const;

  private presence: PresenceState = initialPresence();
  /** The last telemetry written to D1 (telemetry-flush.ts decides when the next one is). */
  private telemetryWritten: Written | null = null;
  /** The newest sample (memory; after hibernation it is read back from the history). */
  private latestSample: { at: number; telemetry: Telemetry } | null = null;
  private prunedAt = 0;
  /** When the history next needs pruning (memory: a woken room prunes at its first alarm). */
  private nextPruneAt: number | null = null;
  private history: TelemetryHistory | null = null;
  private readonly broker = new CommandBroker({
    send: (command) => {
      const agent = this.agent();
      if (!agent) return false;
      this.send(agent, command);
      return true;
    },
    onUpdate: (command, status, outcome) => {
      this.toDashboards({
        type: "commandUpdate",
        id: command.id,
        action: command.action,
        status,
        ...(outcome && "result" in outcome ? { result: withoutImage(outcome.result) } : {}),
        ...(outcome && "error" in outcome ? { error: outcome.error } : {}),
      });
      if (status === "received" && command.action === "set-vision") {
        this.ctx.waitUntil(recordVisionReceived(this.env, this.name));
      }
    },
  });

  onStart() {
    const sql = this.ctx.storage.sql;
    sql.exec("CREATE TABLE IF NOT EXISTS kv (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
    sql.exec(
      "CREATE TABLE IF NOT EXISTS commands (id TEXT PRIMARY KEY, action TEXT NOT NULL, outcome TEXT, at INTEGER NOT NULL)",
    );
    this.history = new TelemetryHistory(sql);
    const saved = this.kvGet<{ presence: PresenceState; written?: Written | null }>("state");
    if (saved) {
      // Saved on transitions only: the agent's socket knows its latest heartbeat.
      const heard = [...this.getConnections<ConnState>("agent")].map((c) => c.state?.heard);
      this.presence = restorePresence(saved.presence, heard);
      this.telemetryWritten = saved.written ?? null;
    }
  }

  /** Number of agent sockets connected (0 or 1 in practice). */
  agentCount(): number {
    return [...this.getConnections("agent")].length;
  }

  /** RPC: the current presence. */
  presenceState(): Presence {
    return this.presenceMessage();
  }

  /** RPC: telemetry history (one sample per minute, last 24 h), oldest first. */
  telemetryHistory(sinceMs = 0): { at: number; telemetry: Telemetry }[] {
    return this.tables().history(sinceMs, Date.now());
  }

  /** RPC: the newest sample the agent sent (fresher than D1's latest_telemetry), or null. */
  latestTelemetry(): { at: number; telemetry: Telemetry } | null {
    this.latestSample ??= this.tables().latest();
    return this.latestSample;
  }

  /** RPC: a metric's chart series between `from` and `to` (ms), at most 500 points each. */
  telemetrySeries(input: { metric: TelemetryMetric; from: number; to: number }): SeriesResult {
    return this.tables().series(input.metric, input.from, input.to, Date.now());
  }

  /**
   * RPC used by the API: forwards a command to the agent and resolves with its answer, a
   * timeout (30 s) or "unavailable" when no agent is online. A repeated id is never executed
   * twice: it joins the pending request or gets the stored outcome.
   */
  async runCommand(input: RunCommandInput): Promise<Outcome> {
    const sql = this.ctx.storage.sql;
    const known = sql.exec<{ outcome: string | null }>("SELECT outcome FROM commands WHERE id = ?", input.id).toArray();
    const stored = known[0];
    if (stored?.outcome) return JSON.parse(stored.outcome) as Outcome;
    const command = { type: "command" as const, id: input.id, action: input.action, params: input.params ?? {} };
    if (stored) {
      // Pending in this instance: join it (never forwarded again). Pending in an instance that
      // is gone: its answer can no longer arrive, so it timed out.
      if (this.broker.isPending(input.id)) return this.broker.request(command).promise;
      return { status: "timed_out", error: TIMEOUT_MESSAGE, received: false };
    }
    if (!this.presence.online || !this.agent()) {
      return { status: "unavailable", error: UNAVAILABLE_MESSAGE, received: false };
    }
    sql.exec("INSERT INTO commands (id, action, at) VALUES (?, ?, ?)", input.id, input.action, Date.now());
    const { promise } = this.broker.request(command);
    const outcome = await promise;
    // A screenshot's image goes to R2 (by the API), not into the room's storage.
    const kept = outcome.status === "succeeded" ? { ...outcome, result: withoutImage(outcome.result) } : outcome;
    sql.exec("UPDATE commands SET outcome = ? WHERE id = ?", JSON.stringify(kept), input.id);
    sql.exec("DELETE FROM commands WHERE at < ?", Date.now() - 86_400_000);
    await auditCommand(
      this.env,
      { space_uuid: input.actor.space_uuid, device_uuid: this.name, user_uuid: input.actor.user_uuid, ...input },
      outcome,
    ).catch((error: unknown) => console.error("command audit failed", error));
    return outcome;
  }

  /**
   * RPC: a display configuration saved while the agent was away (contracts/peripheral-config.ts),
   * handed to the agent when it next says hello; null once one was applied online.
   */
  setPendingDisplayConfig(pending: { displays: unknown[]; actor: RunCommandInput["actor"] } | null) {
    const sql = this.ctx.storage.sql;
    if (!pending) sql.exec("DELETE FROM kv WHERE key = ?", PENDING_DISPLAY_CONFIG);
    else
      sql.exec(
        "INSERT OR REPLACE INTO kv (key, value) VALUES (?, ?)",
        PENDING_DISPLAY_CONFIG,
        JSON.stringify({ ...pending, at: Date.now() }),
      );
  }

  /** Sends the waiting display configuration; it is dropped once applied (unless a newer one came meanwhile). */
  private async deliverPendingDisplayConfig() {
    type Pending = { displays: unknown[]; actor: RunCommandInput["actor"]; at: number };
    const pending = this.kvGet<Pending>(PENDING_DISPLAY_CONFIG);
    if (!pending) return;
    const outcome = await this.runCommand({
      id: `display-config-${pending.at}`,
      action: "apply-display-config",
      params: { displays: pending.displays },
      actor: pending.actor,
    });
    if (outcome.status === "succeeded" && this.kvGet<Pending>(PENDING_DISPLAY_CONFIG)?.at === pending.at)
      this.ctx.storage.sql.exec("DELETE FROM kv WHERE key = ?", PENDING_DISPLAY_CONFIG);
  }

  protected async onJoin(connection: Connection<ConnState>, principal: Principal) {
    if (principal.kind === "user") {
      await super.onJoin(connection, principal);
      this.send(connection, this.presenceMessage());
      // Someone is looking at a device without an agent: if the list still has it online (the
      // room's state was lost, or the row was written without an agent), set that right unless
      // an agent connects within the offline window.
      if (!this.presence.online && this.agentCount() === 0 && (await this.ctx.storage.getAlarm()) === null) {
        await this.armAlarm(Date.now() + OFFLINE_AFTER_MS);
      }
      return;
    }
    await this.step({ type: "connect" });
  }

  protected async onClientMessage(connection: Connection<ConnState>, message: ClientMessage) {
    if (connection.state?.principal.kind !== "device") return;
    switch (message.type) {
      case "heartbeat":
        await this.step({ type: "heartbeat" }, connection);
        return;
      case "hello":
        await this.step({ type: "heartbeat" }, connection);
        await recordInventory(this.env, this.name, message).catch((e: unknown) => console.error("inventory", e));
        this.ctx.waitUntil(
          this.deliverPendingDisplayConfig().catch((e: unknown) => console.error("pending display config", e)),
        );
        return;
      case "telemetry":
        await this.onTelemetry(message.telemetry);
        return;
      case "commandAck":
        this.broker.ack(message.id);
        return;
      case "commandResult":
        this.broker.settle(message);
        return;
    }
  }

  protected async onLeave(connection: Connection<ConnState>) {
    if (connection.state?.principal.kind === "user") return super.onLeave(connection);
    if (connection.state?.principal.kind !== "device") return;
    const left = [...this.getConnections("agent")].filter((c) => c.id !== connection.id).length;
    if (left === 0) this.broker.failAll();
    await this.step({ type: "disconnect", agentsLeft: left });
  }

  protected async onRoomAlarm() {
    await this.step({ type: "check" });
    await this.pruneHistory(Date.now());
    if (!this.presence.online && this.agentCount() === 0) {
      await reconcileOffline(this.env, this.name).catch((e: unknown) => console.error("reconcile", e));
    }
  }

  /**
   * A sample goes into the room's history and to the device's dashboards (the charts' live
   * tail) every time; to D1 only when its health changed or the last write is 15 minutes old.
   */
  private async onTelemetry(telemetry: Telemetry) {
    const now = Date.now();
    this.tables().record(now, telemetry);
    this.latestSample = { at: now, telemetry };
    this.nextPruneAt ??= now + PRUNE_EVERY_MS;
    this.toDashboards({ type: "telemetrySample", at: now, telemetry });
    const health = healthSignature(telemetry);
    if (!shouldWrite(this.telemetryWritten, now, health)) return;
    // Claimed before the write so a sample arriving meanwhile does not write the same again.
    const before = this.telemetryWritten;
    const claim = { at: now, health };
    this.telemetryWritten = claim;
    this.save();
    try {
      await recordTelemetry(this.env, this.name, telemetry, now);
    } catch (e) {
      console.error("telemetry", e);
      if (this.telemetryWritten === claim) {
        this.telemetryWritten = before;
        this.save();
      }
    }
  }

  /**
   * Drops expired history (hourly at most, so the frequent presence checks cost no scan) and
   * keeps the alarm set for the next expiry, also once the device is offline and quiet.
   */
  private async pruneHistory(now: number) {
    if (now - this.prunedAt >= PRUNE_EVERY_MS) {
      const history = this.tables();
      history.prune(now);
      this.prunedAt = now;
      const next = history.nextExpiry();
      this.nextPruneAt = next === null ? null : Math.max(next, now + PRUNE_EVERY_MS);
    }
    if (this.nextPruneAt !== null) await this.armAlarm(this.nextPruneAt);
  }

  /**
   * Applies a presence event: keeps the state, re-arms the alarm, writes D1 once per transition.
   * A heartbeat that changes nothing but the time is kept on the agent's socket, not in storage
   * (restorePresence reads it back after hibernation): heartbeats cost no database write.
   */
  private async step(event: PresenceEvent, from?: Connection<ConnState>) {
    const now = Date.now();
    const before = this.presence;
    const { state, transition } = nextPresence(before, event, now);
    this.presence = state;
    if (event.type === "heartbeat" && !transition && from?.state) from.setState({ ...from.state, heard: now });
    else if (transition || event.type !== "check") this.save();
    const check = nextCheckAt(state);
    if (check !== null && (transition === "online" || event.type === "check")) {
      await this.armAlarm(check);
    }
    if (!transition) return;
    this.toDashboards(this.presenceMessage());
    if (transition === "online") {
      await recordOnline(this.env, this.name, { now, since: state.online_since ?? now });
    } else {
      this.broker.failAll();
      await recordOffline(this.env, this.name, { lastSeen: state.last_seen ?? now, since: before.online_since });
    }
  }

  private presenceMessage(): Presence {
    const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
    return {
      type: "presence",
      online: this.presence.online,
      last_seen: iso(this.presence.last_seen),
      online_since: iso(this.presence.online_since),
    };
  }

  private agent(): Connection | undefined {
    return [...this.getConnections("agent")][0];
  }

  private tables(): TelemetryHistory {
    if (!this.history) this.history = new TelemetryHistory(this.ctx.storage.sql);
    return this.history;
  }

  private kvGet<T>(key: string): T | null {
    const row = this.ctx.storage.sql.exec<{ value: string }>("SELECT value FROM kv WHERE key = ?", key).toArray()[0];
    return row ? (JSON.parse(row.value) as T) : null;
  }

  private save() {
    this.ctx.storage.sql.exec(
      "INSERT OR REPLACE INTO kv (key, value) VALUES ('state', ?)",
      JSON.stringify({ presence: this.presence, written: this.telemetryWritten }),
    );
  }
}
