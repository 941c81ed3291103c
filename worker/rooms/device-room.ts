import type { Connection } from "partyserver";
import type { Principal } from "../../contracts/access/principal.ts";
import type { CommandRecord } from "../../contracts/commands/queue.ts";
import {
  closeCause,
  HEARTBEAT_INTERVAL_MS,
  initialPresence,
  nextCheckAt,
  nextPresence,
  OFFLINE_AFTER_MS,
  type OutageCause,
  type PresenceEvent,
  type PresenceState,
  restorePresence,
} from "../../contracts/devices/presence.ts";
import type { TelemetryMetric } from "../../contracts/monitoring/schema.ts";
import {
  AGENT_PING,
  AGENT_PONG,
  AGENT_SILENCE_MS,
  type ClientMessage,
  CloseCode,
  type Presence,
  type Telemetry,
} from "../../contracts/realtime/events.ts";
import { reconcileOffline, recordOffline, recordOnline } from "../services/devices/presence.ts";
import { admission, helloAnswered, holdForHello, toldBackBy } from "../services/devices/presence-admission.ts";
import { recordInventory } from "../services/devices/records.ts";
import type { Outcome } from "./broker.ts";
import { DeviceCaptures } from "./device-captures.ts";
import {
  type Actor,
  type CancelResult,
  DeviceCommands,
  type QueueCommandInput,
  type RunCommandInput,
} from "./device-commands.ts";
import { createDeviceTables, deviceSchemaReady, kvGet, kvSet, markDeviceSchema } from "./device-storage.ts";
import { DeviceTelemetry } from "./device-telemetry.ts";
import { DeviceTunnels, isTunnelMessage } from "./device-tunnels.ts";
import type { ConnState } from "./room.ts";
import type { DeviceCommandsRpc, RoomPublisher } from "./rpc.ts";
import type { Written } from "./telemetry-flush.ts";
import type { SeriesResult } from "./telemetry-history.ts";
import { WatchedRoom } from "./watched-room.ts";

export type { QueueCommandInput, RunCommandInput } from "./device-commands.ts";

/** An unchanged hello is written again after this long (ms), so the catalogue never drifts for good. */
export const HELLO_REWRITE_MS = 24 * 3600_000;

/**
 * How long after an agent's last frame the room looks at its liveness when the runtime answers its
 * pings: just after its next heartbeat is due, so a healthy agent's heartbeat moves the check on
 * before it runs and the room is woken by the agent's frames only (once a minute, not every 25 s).
 */
export const LIVENESS_CHECK_MS = HEARTBEAT_INTERVAL_MS + 5_000;

/**
 * How long a room that starts with its device online but without its agent's socket waits before the
 * missed-heartbeat rule may call the device offline (ms, from that start). Only a restart of the
 * runtime (a crash, a deploy) leaves a room so: a hibernated room keeps its sockets, and a socket
 * that closed was written offline when it left. The last heartbeat was kept on the lost socket, so
 * the saved one is older than 90 s, and the whole fleet is reconnecting behind its backoff and the
 * server's retry-after slots. So the 90 s rule counts from the room's start, the first moment it
 * could hear its agent again: a device that really went away is offline 90 s after its room is back.
 * An agent the server told to come back later (4503, in this isolate) is waited for until the latest
 * time it may be back (presence-admission.ts, toldBackBy): it is reconnecting, not gone.
 */
export const RESTART_GRACE_MS = OFFLINE_AFTER_MS;

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
 */
export class DeviceRoom extends WatchedRoom implements DeviceCommandsRpc, RoomPublisher {
  readonly roomKind = "device" as const;

  private presence: PresenceState = initialPresence();
  /** Until when (ms) the missed-heartbeat check waits for an agent lost to a restart (RESTART_GRACE_MS); 0: none. */
  private restartGraceUntil = 0;
  /** This room wrote its device offline in D1 (or found it so) since it went offline: no reconciliation needed. */
  private offlineWritten = false;
  private readonly commands = new DeviceCommands({
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
  private readonly telemetry = new DeviceTelemetry({
    env: () => this.env,
    sql: () => this.ctx.storage.sql,
    device: () => this.name,
    toDashboards: (message) => this.toDashboards(message),
    save: () => this.save(),
    armAlarm: (at) => this.armAlarm(at),
  });

  private readonly captures = new DeviceCaptures({
    env: () => this.env,
    sql: () => this.ctx.storage.sql,
    device: () => this.name,
  });

  private readonly tunnels = new DeviceTunnels({
    env: () => this.env,
    device: () => this.name,
    sql: () => this.ctx.storage.sql,
    agent: () => (this.presence.online ? this.agent() : undefined),
    connection: (id) => this.getConnection(id),
    send: (connection, message) => this.send(connection, message),
    waitUntil: (work) => this.ctx.waitUntil(work),
  });

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
      this.presence = restorePresence(saved.presence, heard);
      if (this.presence.online && heard.length === 0) this.restartGraceUntil = Date.now() + RESTART_GRACE_MS;
    }
  }

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
    // One agent socket per device: the newer one takes over (nothing is failed on that close).
    // Newer by the agent's attempt number when both sent one: an abandoned slow upgrade that
    // completes after the agent's next attempt is the one closed, not the live socket.
    const mine = connection.state?.attempt;
    const others = [...this.getConnections<ConnState>("agent")].filter(
      (c) => c.id !== connection.id && c.readyState === WebSocket.OPEN,
    );
    if (mine !== undefined && others.some((c) => (c.state?.attempt ?? 0) > mine)) {
      try {
        connection.close(CloseCode.replaced, "replaced by a newer connection");
      } catch {
        // Already closing.
      }
      return;
    }
    for (const older of others) {
      try {
        older.close(CloseCode.replaced, "replaced by a newer connection");
      } catch {
        // Already closing.
      }
    }
    const now = Date.now();
    if (connection.state) connection.setState({ ...connection.state, joined: now, frameAt: now });
    // A connect admitted in this isolate keeps its place until the hello is answered (presence-admission.ts).
    holdForHello(admission, this.name);
    // One alarm write for both checks a new agent socket needs: the 25 s
    // silence check, which its first ping would arm a moment later, comes before the 90 s
    // presence check, which the alarm then re-arms. Without pings the early alarm finds nothing.
    await this.armAlarm(now + AGENT_SILENCE_MS);
    await this.step({ type: "connect" });
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
        await this.step({ type: "heartbeat" }, connection);
        // The room's clock for the agent's deadlines: the runtime's pongs carry none.
        this.send(connection, { type: "pong", at: Date.now() });
        await this.deferLivenessCheck(now);
        return;
      case "hello": {
        await this.step({ type: "heartbeat" }, connection);
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
        await this.recordHello(message);
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
    await this.step({ type: "disconnect", agentsLeft: left }, undefined, `agent socket ${why ?? "left"}`, cause);
  }

  protected async onRoomAlarm() {
    const now = Date.now();
    await this.closeSilentAgents(now);
    this.hearPings();
    await this.step({ type: "check" }, undefined, "no heartbeat for 90 s", "heartbeat_missed");
    const due = this.commands.sweep(now);
    if (due !== null) await this.armAlarm(due);
    const listen = this.nextSilenceCheck();
    if (listen !== null) await this.armAlarm(listen);
    await this.telemetry.prune(Date.now());
    const expiry = await this.captures.prune(Date.now()).catch((e: unknown) => console.error("captures prune", e));
    if (expiry) await this.armAlarm(expiry);
    if (!this.presence.online && this.agentCount() === 0 && !this.offlineWritten) {
      // Once per room start, or after this room's own offline write failed: a device D1 already has
      // offline costs no write, but the read is a batch all the same.
      await reconcileOffline(this.env, this.name)
        .then(() => {
          this.offlineWritten = true;
        })
        .catch((e: unknown) => console.error("reconcile", e));
    }
  }

  /**
   * Applies a presence event: keeps the state, re-arms the alarm, writes D1 once per transition.
   * A heartbeat that changes nothing but the time is kept on the agent's socket, not in storage
   * (restorePresence reads it back after hibernation): heartbeats cost no database write.
   */
  private async step(event: PresenceEvent, from?: Connection<ConnState>, why?: string, cause: OutageCause = "unknown") {
    const now = Date.now();
    const before = this.presence;
    // Right after a restart the saved last heartbeat says nothing of the agent (RESTART_GRACE_MS).
    if (event.type === "connect" || event.type === "heartbeat") this.restartGraceUntil = 0;
    const graceEnd =
      this.restartGraceUntil && Math.max(this.restartGraceUntil, toldBackBy(admission, this.name, now) ?? 0);
    const graced = event.type === "check" && now < graceEnd;
    const { state, transition } = graced ? { state: before, transition: null } : nextPresence(before, event, now);
    this.presence = state;
    if (event.type === "heartbeat" && !transition && from?.state) from.setState({ ...from.state, heard: now });
    else if (transition || event.type !== "check") this.save();
    const due = nextCheckAt(state);
    const check = due !== null && graced ? Math.max(due, graceEnd) : due;
    if (check !== null && (transition === "online" || event.type === "check")) {
      await this.armAlarm(check);
    }
    if (!transition) return;
    this.toDashboards(this.presenceMessage());
    if (transition === "online") {
      this.offlineWritten = false;
      await recordOnline(this.env, this.name, { now, since: state.online_since ?? now });
    } else {
      // One line per offline transition, with what caused it (a socket's close code and reason, the
      // 25 s silence rule, or missed heartbeats): the evidence when a device shows Offline unexpectedly.
      // A warning, so the local servers (wrangler at WRANGLER_LOG=warn, the e2e server's output in
      // the Playwright run) show it too.
      console.warn(`device ${this.name} offline: ${why ?? event.type}`);
      this.commands.agentGone();
      await recordOffline(this.env, this.name, { lastSeen: state.last_seen ?? now, since: before.online_since }, cause);
      this.offlineWritten = true;
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

  /** The device's open agent socket (the newest: older ones are being closed). */
  private agent(): Connection<ConnState> | undefined {
    return this.openAgents().sort((a, b) => (b.state?.joined ?? 0) - (a.state?.joined ?? 0))[0];
  }

  private openAgents(): Connection<ConnState>[] {
    return [...this.getConnections<ConnState>("agent")].filter((c) => c.readyState === WebSocket.OPEN);
  }

  /** When the runtime last answered the socket's ping (ms), or null: it never did. */
  protected autoPingAt(connection: Connection<ConnState>): number | null {
    return this.ctx.getWebSocketAutoResponseTimestamp(connection)?.getTime() ?? null;
  }

  /**
   * When an agent socket that pings was last heard (its last frame or its last ping the runtime
   * answered, ms); null for one that never pinged (older agents are not held to the silence rule).
   */
  private lastHeard(connection: Connection<ConnState>): number | null {
    const { pinger, frameAt, answered } = connection.state ?? {};
    // Not before the hello is answered: a connect that queues in a reconnect wave is not silence.
    if (answered === undefined) return null;
    const auto = this.autoPingAt(connection);
    if (auto === null && !pinger) return null;
    return Math.max(auto ?? 0, frameAt ?? 0) || null;
  }

  /** Pings the runtime answered count as heard for the 90 s rule: a hibernating room reads no frame. */
  private hearPings() {
    this.presence = restorePresence(
      this.presence,
      this.openAgents().map((c) => this.autoPingAt(c) ?? undefined),
    );
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
    const check = nextCheckAt(this.presence);
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
      const heard = this.lastHeard(connection);
      if (heard === null || now - heard < AGENT_SILENCE_MS) continue;
      try {
        connection.close(CloseCode.silent, "no frame for 25 s");
      } catch {
        // Already closing.
      }
      await this.onLeave(connection, "silent for 25 s");
    }
  }

  /**
   * When to look at the agent sockets' liveness next (pinging agents only): 25 s after one was last
   * heard; for an agent whose pings the runtime answers (the room does not see them), not before
   * LIVENESS_CHECK_MS after its last frame, so its heartbeats, not a check every 25 s, wake the room.
   */
  private nextSilenceCheck(): number | null {
    const times = this.openAgents().flatMap((c) => {
      const heard = this.lastHeard(c);
      if (heard === null) return [];
      const silent = heard + AGENT_SILENCE_MS;
      if (this.autoPingAt(c) === null) return [silent];
      return [Math.max(silent, (c.state?.frameAt ?? heard) + LIVENESS_CHECK_MS)];
    });
    return times.length ? Math.min(...times) : null;
  }

  /**
   * The hello's inventory and settings, written to D1 (batched with other rooms' hellos) only when
   * they differ from what this room last wrote, or once a day: a device that reconnects with the
   * same inventory, as a whole fleet does after an outage, costs the catalogue nothing here.
   */
  private async recordHello(hello: Extract<ClientMessage, { type: "hello" }>) {
    const sql = this.ctx.storage.sql;
    const signature = JSON.stringify([hello.machine_id ?? null, hello.inventory ?? null, hello.settings ?? null]);
    const kept = kvGet<{ signature: string; at: number }>(sql, "hello");
    const now = Date.now();
    if (kept?.signature === signature && now - kept.at < HELLO_REWRITE_MS) return;
    try {
      await recordInventory(this.env, this.name, hello);
      kvSet(sql, "hello", { signature, at: now });
    } catch (error) {
      console.error("inventory", error);
    }
  }

  private save() {
    kvSet(this.ctx.storage.sql, "state", { presence: this.presence, written: this.telemetry.written });
  }
}
