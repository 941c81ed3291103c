import type { Connection } from "partyserver";
import type { Principal } from "../../contracts/access/principal.ts";
import { closeCause, nextCheckAt, OFFLINE_AFTER_MS, type PresenceState } from "../../contracts/devices/presence.ts";
import {
  AGENT_PING,
  AGENT_PONG,
  AGENT_SILENCE_MS,
  type ClientMessage,
  CloseCode,
} from "../../contracts/realtime/events.ts";
import { admission, helloAnswered, holdForHello } from "../services/devices/presence-admission.ts";
import { isSilent, nextSilenceCheck, takeOver } from "./device-agents.ts";
import { recordHello } from "./device-hello.ts";
import { DeviceRoomParts } from "./device-room-parts.ts";
import { createDeviceTables, deviceSchemaReady, kvGet, markDeviceSchema } from "./device-storage.ts";
import { DeviceTunnels } from "./device-tunnels.ts";
import { type ConnState, closeQuietly } from "./room-state.ts";
import type { DeviceCommandsRpc, RoomPublisher } from "./rpc.ts";
import type { Written } from "./telemetry-flush.ts";
import { isTunnelMessage } from "./tunnel-host.ts";

export { LIVENESS_CHECK_MS } from "./device-agents.ts";
export { HELLO_REWRITE_MS } from "./device-hello.ts";
export { RESTART_GRACE_MS } from "./device-presence.ts";

/**
 * One per device (`/parties/device/{device_uuid}`): the agent's socket (tag "agent", joined
 * with the device credential) and the dashboards watching the device (tag "dashboard").
 * It owns presence (agent connected and heartbeating = online), the commands (device-commands.ts:
 * direct ones with their 30 s deadline and truthful outcomes, the queue, one execution per id,
 * all kept in its SQLite) and the telemetry history (device-telemetry.ts). One agent socket per
 * device: a new one closes the older ones (4409) and takes over their commands; an agent that
 * pings and then goes silent for 25 s is closed (a half-open socket).
 *
 * Agents' pings (AGENT_PING) are answered by the runtime (WebSocket auto-response) without waking
 * the room; both liveness rules read the time of the last answered ping
 * (getWebSocketAutoResponseTimestamp) beside the last frame, so the room hibernates between
 * heartbeats. An older agent's JSON pings still reach onMessage and are held to the same rules.
 *
 * This class is the sockets' lifecycle (joins, frames, leaves, the alarm); its parts and the RPCs
 * the API calls are in device-room-parts.ts, presence in device-presence.ts, the agent sockets'
 * liveness rules in device-agents.ts.
 */
export class DeviceRoom extends DeviceRoomParts implements DeviceCommandsRpc, RoomPublisher {
  readonly roomKind = "device" as const;

  onStart() {
    // Answered by the runtime, hibernated or not: an agent's ping costs the room no wake and no request.
    this.ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(AGENT_PING, AGENT_PONG));
    const sql = this.ctx.storage.sql;
    // A room wakes often (alarms, frames after hibernation): its ten CREATE … IF NOT EXISTS and
    // migrations run once per schema version, not on every wake.
    const ready = deviceSchemaReady(sql);
    if (!ready) {
      createDeviceTables(sql);
      DeviceTunnels.createTable(sql);
      this.commands.migratePendingDisplayConfig();
    }
    const saved = kvGet<{ presence: PresenceState; written?: Written | null }>(sql, "state");
    this.telemetry.open(saved?.written ?? null, ready);
    if (!ready) markDeviceSchema(sql);
    if (saved) {
      // Saved on transitions only: the agent's socket knows its latest heartbeat.
      const heard = [...this.getConnections<ConnState>("agent")].map((c) => c.state?.heard);
      this.presence.restore(saved.presence, heard);
    }
  }

  protected async onJoin(connection: Connection<ConnState>, principal: Principal) {
    if (principal.kind === "user") {
      await super.onJoin(connection, principal);
      this.send(connection, this.presence.message());
      // Someone is looking at a device without an agent: if the list still has it online (the
      // room's state was lost, or the row was written without an agent), set that right unless
      // an agent connects within the offline window.
      if (!this.presence.online && this.agentCount() === 0 && (await this.ctx.storage.getAlarm()) === null) {
        await this.armAlarm(Date.now() + OFFLINE_AFTER_MS);
      }
      return;
    }
    if (!takeOver(connection, this.getConnections<ConnState>("agent"))) return;
    const now = Date.now();
    if (connection.state) connection.setState({ ...connection.state, joined: now, frameAt: now });
    // A connect admitted in this isolate keeps its place until the hello is answered (presence-admission.ts).
    holdForHello(admission, this.name);
    // One alarm write for both checks a new agent socket needs: the 25 s
    // silence check, which its first ping would arm a moment later, comes before the 90 s
    // presence check, which the alarm then re-arms. Without pings the early alarm finds nothing.
    await this.armAlarm(now + AGENT_SILENCE_MS);
    await this.presence.step({ type: "connect" });
  }

  protected async onClientMessage(connection: Connection<ConnState>, message: ClientMessage) {
    const state = connection.state;
    if (state && state.principal.kind !== "device" && isTunnelMessage(message)) {
      await this.tunnels.fromDashboard(connection, state.principal, message);
      return;
    }
    if (state?.principal.kind !== "device") return;
    // Liveness: any frame counts; an agent that pings is held to the 25 s silence rule.
    const now = Date.now();
    const pinger = state.pinger === true || message.type === "ping";
    connection.setState({
      ...state,
      frameAt: now,
      pinger,
      ...(message.type === "hello" ? { queueWindow: message.queue_window ?? 1 } : {}),
    });
    if (pinger && !state.pinger) await this.armAlarm(now + AGENT_SILENCE_MS);
    switch (message.type) {
      case "heartbeat":
        await this.presence.step({ type: "heartbeat" }, connection);
        // The room's clock for the agent's deadlines: the runtime's pongs carry none.
        this.send(connection, { type: "pong", at: Date.now() });
        await this.deferLivenessCheck(now);
        return;
      case "hello": {
        await this.presence.step({ type: "heartbeat" }, connection);
        // Answered before the inventory's write (in a reconnect wave that write waits its batch):
        // from the answer on, both sides hold the socket to the 25 s silence rule.
        const answered = Date.now();
        if (connection.state) connection.setState({ ...connection.state, answered, frameAt: answered });
        const interval = this.captures.cachedIntervalS(answered);
        this.send(connection, {
          type: "helloAck",
          at: answered,
          ...(interval === null ? {} : { capture_interval_s: interval }),
        });
        helloAnswered(admission, this.name, answered);
        this.commands.onHello();
        const mark = this.captures.settingsMark();
        const row = await recordHello(this.env, this.ctx.storage.sql, this.name, message);
        // The hello's write returns the space's capture settings: kept, they spare the read below.
        this.captures.seedSettings(row, Date.now(), mark);
        // Not kept yet (a day at most): read after the answer, so a reconnect wave's hellos wait for no read.
        if (interval === null)
          this.send(connection, { type: "agentConfig", capture_interval_s: await this.captures.intervalS(Date.now()) });
        return;
      }
      case "telemetry":
        await this.telemetry.record(await this.captures.classify(message.telemetry, now));
        return;
      case "commandAck":
        this.commands.ack(message.id);
        return;
      case "displayCapture":
        await this.captures.record(message, now).catch((e: unknown) => console.error("display capture", e));
        return;
      case "commandResult":
        this.commands.settle(message);
        return;
      case "tunnelOpened":
      case "tunnelCredit":
      case "tunnelClose":
      case "tunnelConsent":
        this.tunnels.fromAgent(connection, message);
        return;
    }
  }

  protected relayTunnelData(connection: Connection<ConnState>, frame: Uint8Array): boolean {
    return this.tunnels.data(connection, frame);
  }

  protected async onLeave(connection: Connection<ConnState>, why?: string, close?: { code?: number; reason?: string }) {
    this.tunnels.left(connection.id);
    if (connection.state?.principal.kind === "user") return super.onLeave(connection);
    if (connection.state?.principal.kind !== "device") return;
    const left = this.openAgents().filter((c) => c.id !== connection.id).length;
    if (left === 0) this.commands.agentGone();
    // Gone before its hello was answered: its connect's place frees.
    helloAnswered(admission, this.name, Date.now());
    // A socket the silence rule closed is marked by closeSilentAgents; any other close says how it went.
    const cause = close ? closeCause(close.code, close.reason) : "silence";
    await this.presence.step(
      { type: "disconnect", agentsLeft: left },
      undefined,
      `agent socket ${why ?? "left"}`,
      cause,
    );
  }

  protected async onRoomAlarm() {
    const now = Date.now();
    await this.closeSilentAgents(now);
    this.hearPings();
    await this.presence.step({ type: "check" }, undefined, "no heartbeat for 90 s", "heartbeat_missed");
    const due = this.commands.sweep(now);
    if (due !== null) await this.armAlarm(due);
    const listen = this.nextSilenceCheck();
    if (listen !== null) await this.armAlarm(listen);
    await this.telemetry.prune(Date.now());
    const expiry = await this.captures.prune(Date.now()).catch((e: unknown) => console.error("captures prune", e));
    if (expiry) await this.armAlarm(expiry);
    await this.presence.reconcile(this.agentCount());
  }

  /**
   * A heartbeat moves the liveness check on to just after the next one is due (LIVENESS_CHECK_MS),
   * later than the alarm may be set; what else the room's alarm serves (command deadlines, the
   * telemetry prune, the presence check, token expiry) is armed again, as onAlarm does.
   */
  private async deferLivenessCheck(now: number) {
    const at = this.nextSilenceCheck();
    if (at === null || at <= now) return;
    await this.moveAlarm(at);
    const due = this.commands.sweep(now);
    if (due !== null) await this.armAlarm(due);
    await this.telemetry.prune(now);
    const check = nextCheckAt(this.presence.state);
    if (check !== null) await this.armAlarm(check);
    const expiry = this.nextExpiry();
    if (expiry !== null) await this.armAlarm(expiry);
  }

  /**
   * Closes the agent sockets that ping but sent nothing for 25 s (half-open after a network
   * change: the agent already reconnects on its side) and treats them as gone at once: a dead
   * socket may never report its close.
   */
  private async closeSilentAgents(now: number) {
    for (const connection of this.openAgents()) {
      if (!isSilent(connection, now, (c) => this.autoPingAt(c))) continue;
      closeQuietly(connection, CloseCode.silent, "no frame for 25 s");
      await this.onLeave(connection, "silent for 25 s");
    }
  }

  /** When to look at the agent sockets' liveness next (device-agents.ts), or null. */
  private nextSilenceCheck(): number | null {
    return nextSilenceCheck(this.openAgents(), (c) => this.autoPingAt(c));
  }
}
