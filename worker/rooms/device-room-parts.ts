/**
 * What a DeviceRoom is made of (presence, commands, telemetry, captures, remote sessions, each
 * wired to the room) and the RPCs the API calls on them: apart from the room's socket lifecycle
 * (device-room.ts), so the room's public surface reads in one place.
 */
import type { Connection } from "partyserver";
import type { CommandRecord } from "../../contracts/commands/queue.ts";
import type { TelemetryMetric } from "../../contracts/monitoring/schema.ts";
import type { Presence, Telemetry } from "../../contracts/realtime/events.ts";
import type { Outcome } from "./broker.ts";
import type { Actor, CancelResult, QueueCommandInput, RunCommandInput } from "./command-types.ts";
import { newestAgent, openAgents } from "./device-agents.ts";
import { DeviceCaptures } from "./device-captures.ts";
import { DeviceCommands } from "./device-commands.ts";
import { DevicePresence } from "./device-presence.ts";
import { kvSet } from "./device-storage.ts";
import { DeviceTelemetry } from "./device-telemetry.ts";
import { DeviceTunnels } from "./device-tunnels.ts";
import type { ConnState } from "./room-state.ts";
import type { DeviceCommandsRpc } from "./rpc.ts";
import type { SeriesResult } from "./telemetry-history.ts";
import { WatchedRoom } from "./watched-room.ts";

export abstract class DeviceRoomParts extends WatchedRoom implements DeviceCommandsRpc {
  protected readonly presence = new DevicePresence({
    env: () => this.env,
    device: () => this.name,
    armAlarm: (at) => this.armAlarm(at),
    toDashboards: (message) => this.toDashboards(message),
    save: () => this.save(),
    agentGone: () => this.commands.agentGone(),
    flushTelemetry: () => this.telemetry.flushUnwritten(),
  });
  protected readonly commands = new DeviceCommands({
    env: () => this.env,
    sql: () => this.ctx.storage.sql,
    device: () => this.name,
    online: () => this.presence.online,
    agent: () => this.agent(),
    queueWindow: () => this.agent()?.state?.queueWindow ?? 1,
    send: (connection, message) => this.send(connection, message),
    toDashboards: (message) => this.toDashboards(message),
    waitUntil: (work) => this.ctx.waitUntil(work),
    armAlarm: (at) => this.armAlarm(at),
  });
  protected readonly telemetry = new DeviceTelemetry({
    env: () => this.env,
    sql: () => this.ctx.storage.sql,
    device: () => this.name,
    toDashboards: (message) => this.toDashboards(message),
    save: () => this.save(),
    armAlarm: (at) => this.armAlarm(at),
  });

  protected readonly captures = new DeviceCaptures({
    env: () => this.env,
    sql: () => this.ctx.storage.sql,
    device: () => this.name,
  });

  protected readonly tunnels = new DeviceTunnels({
    env: () => this.env,
    device: () => this.name,
    sql: () => this.ctx.storage.sql,
    agent: () => (this.presence.online ? this.agent() : undefined),
    connection: (id) => this.getConnection(id),
    send: (connection, message) => this.send(connection, message),
    waitUntil: (work) => this.ctx.waitUntil(work),
  });

  /** Number of agent sockets connected (0 or 1 in practice). */
  agentCount(): number {
    return [...this.getConnections("agent")].length;
  }

  /**
   * RPC used by the API when the device is archived (its credentials are revoked in the same
   * change): closes its agent sockets with `code` (CloseCode.credentialRevoked). A closing socket's
   * frames are not read (onMessage), so nothing more from the agent reaches the device's row.
   * Returns how many sockets were closed.
   */
  closeAgents(code: number, reason: string): number {
    let closed = 0;
    for (const agent of this.openAgents()) {
      try {
        agent.close(code, reason);
        closed++;
      } catch {
        // Already closing.
      }
    }
    return closed;
  }

  /** RPC: the current presence. */
  presenceState(): Presence {
    this.hearPings();
    return this.presence.message();
  }

  /** RPC: telemetry history (one sample per minute, last 24 h), oldest first. */
  telemetryHistory(sinceMs = 0): { at: number; telemetry: Telemetry }[] {
    return this.telemetry.since(sinceMs);
  }

  /** RPC: the newest sample the agent sent (fresher than D1's latest_telemetry), or null. */
  latestTelemetry(): { at: number; telemetry: Telemetry } | null {
    return this.telemetry.latest();
  }

  /** RPC: the display captures between `from` and `to` (ms), oldest first (worker/rooms/device-captures.ts). */
  displayCaptures(input: { display?: string; from: number; to: number }) {
    return this.captures.list(input);
  }

  /** RPC: the space's capture settings changed: read them again, and tell a connected agent its interval. */
  async captureSettingsChanged() {
    this.captures.forgetSettings();
    const interval = await this.captures.intervalS(Date.now());
    for (const agent of this.openAgents()) this.send(agent, { type: "agentConfig", capture_interval_s: interval });
  }

  /** RPC: the R2 key of a display's last capture, or null. */
  latestDisplayCaptureKey(display: string): string | null {
    return this.captures.latestKeyOf(display);
  }

  /** RPC: the R2 key of one capture, or null. */
  displayCaptureKey(display: string, at: number): string | null {
    return this.captures.keyOf(display, at);
  }

  /** RPC: a metric's chart series between `from` and `to` (ms), at most 500 points each. */
  telemetrySeries(input: { metric: TelemetryMetric; from: number; to: number }): SeriesResult {
    return this.telemetry.series(input);
  }

  /**
   * RPC used by the API: forwards a command to the agent and resolves with its answer, or
   * timed_out (not acknowledged by its 30 s deadline: it did not run), in_doubt (acknowledged,
   * no answer: it may have run), unavailable (no agent: never sent). A repeated id is never
   * executed twice: it joins the waiting call or gets the stored outcome, even while offline.
   */
  runCommand(input: RunCommandInput): Promise<Outcome> {
    return this.commands.run(input);
  }

  /** RPC: queues a command (FIFO per device, TTL, supersede key); a known id answers its record. */
  queueCommand(input: QueueCommandInput): { record: CommandRecord; created: boolean } {
    return this.commands.queue(input);
  }

  /** RPC: the device's commands, newest first (at most 200). */
  listCommands(): CommandRecord[] {
    return this.commands.list();
  }

  /** RPC: one command's record, or null. */
  getCommand(id: string): CommandRecord | null {
    return this.commands.get(id);
  }

  /** RPC: cancels a queued command (not one already delivered). */
  cancelCommand(id: string): CancelResult {
    return this.commands.cancel(id);
  }

  /** RPC: cancels every queued command; returns how many. */
  purgeCommands(): number {
    return this.commands.purge();
  }

  /**
   * RPC: a display configuration saved while the agent was away (contracts/peripherals/schema.ts)
   * is queued for its next connection (a newer one supersedes it); null once one was applied online.
   */
  setPendingDisplayConfig(pending: { displays: unknown[]; actor: Actor } | null) {
    this.commands.setPendingDisplayConfig(pending);
  }

  /** The device's open agent socket (the newest: older ones are being closed). */
  protected agent(): Connection<ConnState> | undefined {
    return newestAgent(this.openAgents());
  }

  protected openAgents(): Connection<ConnState>[] {
    return openAgents(this.getConnections<ConnState>("agent"));
  }

  /** When the runtime last answered the socket's ping (ms), or null: it never did. */
  protected autoPingAt(connection: Connection<ConnState>): number | null {
    return this.ctx.getWebSocketAutoResponseTimestamp(connection)?.getTime() ?? null;
  }

  /** Pings the runtime answered count as heard for the 90 s rule: a hibernating room reads no frame. */
  protected hearPings() {
    this.presence.hear(this.openAgents().map((c) => this.autoPingAt(c) ?? undefined));
  }

  protected save() {
    kvSet(this.ctx.storage.sql, "state", { presence: this.presence.state, written: this.telemetry.written });
  }
}
