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
import type { ClientMessage, Presence, Telemetry } from "../contracts/realtime.ts";
import { reconcileOffline, recordOffline, recordOnline } from "../worker/services/devices/presence.ts";
import { recordInventory } from "../worker/services/devices/records.ts";
import type { Outcome } from "./broker.ts";
import { DeviceCommands, type RunCommandInput } from "./device-commands.ts";
import { createDeviceTables, kvGet, kvSet } from "./device-storage.ts";
import { DeviceTelemetry } from "./device-telemetry.ts";
import type { ConnState } from "./room.ts";
import type { Written } from "./telemetry-flush.ts";
import type { SeriesResult } from "./telemetry-history.ts";
import { WatchedRoom } from "./watched-room.ts";

export type { RunCommandInput } from "./device-commands.ts";

/**
 * One per device (`/parties/device/{device_uuid}`): the agent's socket (tag "agent", joined
 * with the device credential) and the dashboards watching the device (tag "dashboard").
 * It owns presence (agent connected and heartbeating = online), the command broker
 * (device-commands.ts: runCommand, 30 s timeout, one execution per id) and the telemetry
 * history in its own SQLite (device-telemetry.ts).
 */
export class DeviceRoom extends WatchedRoom {
  readonly roomKind = "device" as const;

  private presence: PresenceState = initialPresence();
  private readonly commands = new DeviceCommands({
    env: () => this.env,
    sql: () => this.ctx.storage.sql,
    device: () => this.name,
    online: () => this.presence.online,
    agent: () => this.agent(),
    send: (connection, message) => this.send(connection, message),
    toDashboards: (message) => this.toDashboards(message),
    waitUntil: (work) => this.ctx.waitUntil(work),
  });
  private readonly telemetry = new DeviceTelemetry({
    env: () => this.env,
    sql: () => this.ctx.storage.sql,
    device: () => this.name,
    toDashboards: (message) => this.toDashboards(message),
    save: () => this.save(),
    armAlarm: (at) => this.armAlarm(at),
  });

  onStart() {
    const sql = this.ctx.storage.sql;
    createDeviceTables(sql);
    const saved = kvGet<{ presence: PresenceState; written?: Written | null }>(sql, "state");
    this.telemetry.open(saved?.written ?? null);
    if (saved) {
      // Saved on transitions only: the agent's socket knows its latest heartbeat.
      const heard = [...this.getConnections<ConnState>("agent")].map((c) => c.state?.heard);
      this.presence = restorePresence(saved.presence, heard);
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
    return this.telemetry.since(sinceMs);
  }

  /** RPC: the newest sample the agent sent (fresher than D1's latest_telemetry), or null. */
  latestTelemetry(): { at: number; telemetry: Telemetry } | null {
    return this.telemetry.latest();
  }

  /** RPC: a metric's chart series between `from` and `to` (ms), at most 500 points each. */
  telemetrySeries(input: { metric: TelemetryMetric; from: number; to: number }): SeriesResult {
    return this.telemetry.series(input);
  }

  /**
   * RPC used by the API: forwards a command to the agent and resolves with its answer, a
   * timeout (30 s) or "unavailable" when no agent is online. A repeated id is never executed
   * twice: it joins the pending request or gets the stored outcome.
   */
  runCommand(input: RunCommandInput): Promise<Outcome> {
    return this.commands.run(input);
  }

  /**
   * RPC: a display configuration saved while the agent was away (contracts/peripheral-config.ts),
   * handed to the agent when it next says hello; null once one was applied online.
   */
  setPendingDisplayConfig(pending: { displays: unknown[]; actor: RunCommandInput["actor"] } | null) {
    this.commands.setPendingDisplayConfig(pending);
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
          this.commands.deliverPendingDisplayConfig().catch((e: unknown) => console.error("pending display config", e)),
        );
        return;
      case "telemetry":
        await this.telemetry.record(message.telemetry);
        return;
      case "commandAck":
        this.commands.ack(message.id);
        return;
      case "commandResult":
        this.commands.settle(message);
        return;
    }
  }

  protected async onLeave(connection: Connection<ConnState>) {
    if (connection.state?.principal.kind === "user") return super.onLeave(connection);
    if (connection.state?.principal.kind !== "device") return;
    const left = [...this.getConnections("agent")].filter((c) => c.id !== connection.id).length;
    if (left === 0) this.commands.failAll();
    await this.step({ type: "disconnect", agentsLeft: left });
  }

  protected async onRoomAlarm() {
    await this.step({ type: "check" });
    await this.telemetry.prune(Date.now());
    if (!this.presence.online && this.agentCount() === 0) {
      await reconcileOffline(this.env, this.name).catch((e: unknown) => console.error("reconcile", e));
    }
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
      this.commands.failAll();
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

  private save() {
    kvSet(this.ctx.storage.sql, "state", { presence: this.presence, written: this.telemetry.written });
  }
}
