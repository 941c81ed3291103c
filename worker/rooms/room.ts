import { type Connection, type ConnectionContext, Server, type WSMessage } from "partyserver";
import { AGENT_ATTEMPT_HEADER, type Principal } from "../../contracts/access/principal.ts";
import { ClientMessage, CloseCode, RoomEvent, type ServerMessage } from "../../contracts/realtime/events.ts";
import type { Env } from "../env.ts";
import {
  type Bucket,
  frameAllowed,
  frameAllowedForType,
  frameBytes,
  fullBucket,
  rateFor,
  TUNNEL_RATE,
  take,
} from "./budget.ts";
import { closeExpired, nextExpiry, reauthenticate } from "./room-auth.ts";
import { EventDates, kindOf } from "./room-event-dates.ts";
import { RoomFanOut } from "./room-fanout.ts";
import { RoomSockets } from "./room-sockets.ts";
import { type ConnState, closeQuietly, connectionTags, originOf, parsedPrincipal } from "./room-state.ts";

export { KEEP_EVENT_MS } from "./room-event-dates.ts";
export { BATCH_MAX, GATHER_ABOVE, GATHER_MS } from "./room-fanout.ts";
export type { ConnState } from "./room-state.ts";

/** JSON frames that spend the tunnel budget (see onMessage); binary data frames do too. */
const TUNNEL_BUDGET_TYPES: ReadonlySet<string> = new Set(["tunnelCredit", "tunnelResize"]);

/**
 * What every Outpost room shares: hibernation, the principal kept on each connection (it
 * survives hibernation), zod-validated messages, per-connection budgets (message rate, frame
 * size, unread backlog), sockets that last only as long as their right to the room (token
 * expiry, re-authentication on the socket, closeAccount when a membership changes) and
 * `publish` — the RPC the API uses to fan an event out to the room's dashboards.
 *
 * The parts live beside it: room-state (what a socket keeps), room-sockets (the index of
 * dashboards and holders), room-fanout (the way out, with batching and backlog), room-event-dates
 * (the welcome's ages) and room-auth (expiry and renewal).
 */
export abstract class OutpostRoom extends Server<Env> {
  static options = { hibernate: true };

  abstract readonly roomKind: "space" | "location" | "device";

  /** The alarm this instance knows is set (ms), or null: storage is asked. */
  private alarmAt: number | null = null;
  /** Message budgets by connection id; memory only (a woken room starts every socket with a full bucket). */
  private readonly buckets = new Map<string, Bucket>();
  private readonly sockets = new RoomSockets((tag) => this.getConnections<ConnState>(tag), this.env);
  /** The way out to the dashboards. */
  private readonly out = new RoomFanOut(this.sockets, (connection, reason) => this.drop(connection, reason));
  /** Whether events are dated for the welcome's ages: only the space room's dashboards catch up. */
  protected readonly datesEvents: boolean = false;
  /** When this room last published an event of each kind (read only when datesEvents). */
  private readonly dates = new EventDates(this.ctx.storage);

  /** The principal of an upgrade, read once (getConnectionTags, then onConnect). */
  private readonly upgrades = new WeakMap<Request, Principal | null>();
  private principalOf(request: Request): Principal | null {
    let principal = this.upgrades.get(request);
    if (principal === undefined) {
      principal = parsedPrincipal(request);
      this.upgrades.set(request, principal);
    }
    return principal;
  }

  getConnectionTags(_connection: Connection, ctx: ConnectionContext): string[] {
    return connectionTags(this.principalOf(ctx.request));
  }

  async onConnect(connection: Connection<ConnState>, ctx: ConnectionContext) {
    const principal = this.principalOf(ctx.request);
    // The Worker authenticates every upgrade; a socket without a principal did not come through it.
    if (!principal) {
      connection.close(CloseCode.policy, "unauthenticated");
      return;
    }
    const attempt = principal.kind === "device" ? Number(ctx.request.headers.get(AGENT_ATTEMPT_HEADER)) : Number.NaN;
    connection.setState({
      principal,
      origin: originOf(ctx.request.url),
      opened: Date.now(),
      ...(Number.isSafeInteger(attempt) && attempt > 0 ? { attempt } : {}),
    });
    if (principal.kind !== "device") this.sockets.joined(connection, principal);
    const now = Date.now();
    this.send(connection, {
      type: "welcome",
      room: `${this.roomKind}/${this.name}`,
      role: principal.kind === "device" ? "agent" : "dashboard",
      ...(this.datesEvents
        ? { last_event_age_ms: this.dates.age("fleet", now), last_presence_age_ms: this.dates.age("presence", now) }
        : {}),
    });
    if (principal.kind !== "device" && principal.exp) await this.armAlarm(principal.exp);
    await this.onJoin(connection, principal);
  }

  /** Counts a user socket in (onJoin); true when it is the account's only one here. */
  protected accountJoined(connection: Connection, accountUuid: string): boolean {
    return this.sockets.accountJoined(connection, accountUuid);
  }

  /** Counts a user socket out (onLeave); true when the account has no socket left here. O(1). */
  protected accountLeft(connection: Connection, accountUuid: string): boolean {
    return this.sockets.accountLeft(connection, accountUuid);
  }

  /** Hooks for rooms that react to a join or a leave (presence). */
  protected async onJoin(_connection: Connection<ConnState>, _principal: Principal): Promise<void> {}
  protected async onLeave(
    _connection: Connection<ConnState>,
    _why?: string,
    _close?: { code?: number; reason?: string },
  ): Promise<void> {}

  /** Hook for rooms with timed work of their own; runs on every alarm (it may come early). */
  protected async onRoomAlarm(): Promise<void> {}

  /**
   * partyserver answers a peer's close frame with the same code, except a close frame without a
   * status code (1005: what a browser's `WebSocket.close()` sends): that one it leaves unanswered,
   * and the client waits ≈ 10 s for a reply and ends with 1006. It is answered here with 1000.
   */
  async webSocketClose(ws: WebSocket, code: number, reason: string, wasClean: boolean): Promise<void> {
    try {
      await super.webSocketClose(ws, code, reason, wasClean);
    } finally {
      if (code === 1005) {
        try {
          ws.close(1000);
        } catch {
          // Already answered or gone.
        }
      }
    }
  }

  async onClose(connection: Connection<ConnState>, code?: number, reason?: string) {
    this.sockets.closed(connection);
    this.buckets.delete(connection.id);
    this.buckets.delete(`tunnel:${connection.id}`);
    this.out.forget(connection.id);
    await this.onLeave(connection, `closed ${code ?? "?"}${reason ? ` (${reason})` : ""}`, { code, reason });
  }

  async onMessage(connection: Connection<ConnState>, message: WSMessage) {
    // Frames already in flight when the room closed the socket are not read.
    if (connection.readyState !== WebSocket.OPEN) return;
    const principal = connection.state?.principal;
    if (!principal) {
      connection.close(CloseCode.policy, "unauthenticated");
      return;
    }
    const now = Date.now();
    const bytes = frameBytes(message);
    if (!frameAllowed(principal, bytes)) return this.drop(connection, "Message too large.");
    // A binary frame naming a remote session of this socket is relayed (device rooms; its own budget).
    if (typeof message !== "string") {
      if (!this.spend(connection, principal, now, "tunnel")) return;
      if (this.relayTunnelData(connection, new Uint8Array(message as ArrayBuffer))) return;
    }

    let data: unknown;
    try {
      data = JSON.parse(typeof message === "string" ? message : new TextDecoder().decode(message as ArrayBuffer));
    } catch {
      if (!this.spend(connection, principal, now, "message")) return;
      this.send(connection, { type: "error", message: "Messages must be JSON." });
      return;
    }
    const parsed = ClientMessage.safeParse(data);
    // Credits and resizes follow a session's data (a credit per 32 KiB consumed, a resize per frame
    // while a window is dragged) and touch only the sender's own sessions in memory: the tunnel
    // budget. Every other frame — tunnelOpen and tunnelClose too, which are what may cost the room
    // work — spends the message budget.
    const budget = parsed.success && TUNNEL_BUDGET_TYPES.has(parsed.data.type) ? "tunnel" : "message";
    if (!this.spend(connection, principal, now, budget)) return;
    if (!parsed.success) {
      this.send(connection, { type: "error", message: "Unknown or malformed message." });
      return;
    }
    if (!frameAllowedForType(parsed.data.type, bytes)) return this.drop(connection, "Message too large.");
    if (parsed.data.type === "ping") this.send(connection, { type: "pong", at: Date.now() });
    if (parsed.data.type === "auth") {
      const exp = await reauthenticate(this.env, connection, parsed.data.token, (reply) =>
        this.send(connection, reply),
      );
      if (exp !== null) await this.armAlarm(exp);
      return;
    }
    if (parsed.data.type === "ack") return this.out.acked(connection, parsed.data.received);
    await this.onClientMessage(connection, parsed.data);
  }

  protected async onClientMessage(_connection: Connection<ConnState>, _message: ClientMessage): Promise<void> {}

  /**
   * Relays a binary frame that is remote-session data of this socket (device rooms,
   * contracts/remote-actions/tunnel.ts); false when it is not (it is then read as any other frame).
   */
  protected relayTunnelData(_connection: Connection<ConnState>, _frame: Uint8Array): boolean {
    return false;
  }

  /**
   * Takes one message from the socket's budget (`tunnel`: remote-session frames, which follow
   * the bytes of a terminal or a desktop; `message`: everything else); closes it when spent.
   */
  private spend(connection: Connection<ConnState>, principal: Principal, now: number, kind: "message" | "tunnel") {
    const key = kind === "tunnel" ? `tunnel:${connection.id}` : connection.id;
    const rate = kind === "tunnel" ? TUNNEL_RATE : rateFor(principal);
    const { bucket, ok } = take(this.buckets.get(key) ?? fullBucket(rate, now), rate, now);
    this.buckets.set(key, bucket);
    if (!ok) this.drop(connection, "Too many messages: the connection's message budget is spent.");
    return ok;
  }

  async onAlarm() {
    // The alarm that woke us is spent: the next one is read from storage again.
    this.alarmAt = null;
    closeExpired(this.sockets.openDashboards(), Date.now());
    await this.onRoomAlarm();
    const next = this.nextExpiry();
    if (next !== null) await this.armAlarm(next);
  }

  /** The earliest expiry of a dashboard's token or credential here (ms), or null. */
  protected nextExpiry(): number | null {
    return nextExpiry(this.sockets.openDashboards());
  }

  /**
   * Sets the room's one alarm to `at` unless an earlier one is already due: token expiry and the
   * room's own timers share it (onAlarm runs both, and each re-arms what it still needs).
   */
  protected async armAlarm(at: number) {
    // A device room re-arms on every command step: an alarm it set itself and that is still due
    // no later than `at` makes both storage calls unnecessary.
    const now = Date.now();
    if (this.alarmAt !== null && this.alarmAt > now && this.alarmAt <= at) return;
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current <= now || at < current) {
      await this.ctx.storage.setAlarm(at);
      this.alarmAt = at;
    } else {
      this.alarmAt = current;
    }
  }

  /**
   * Sets the room's alarm to `at`, also later than the one set: only for a caller that arms again
   * everything else the alarm serves (DeviceRoom's liveness check, moved on by each heartbeat).
   */
  protected async moveAlarm(at: number) {
    await this.ctx.storage.setAlarm(at);
    this.alarmAt = at;
  }

  /** RPC: closes every socket of an account in this room (its membership changed). Returns how many. */
  closeAccount(accountUuid: string, code: number, reason: string): number {
    let closed = 0;
    for (const conn of this.getConnections(`account:${accountUuid}`)) {
      conn.close(code, reason);
      closed++;
    }
    return closed;
  }

  /**
   * RPC: validate and fan out an event to every dashboard in the room. This is where a published
   * event is checked (the API's publishToSpace does not parse it first: every publisher, the API
   * and other rooms, comes through here). Bursts of device updates in a busy room are gathered
   * (room-fanout.ts). Returns how many dashboards it reached.
   */
  async publish(event: RoomEvent): Promise<number> {
    await this.setName(this.name); // onStart done (a no-op once started): the API calls without getServerByName
    const parsed = RoomEvent.parse(event);
    if (this.datesEvents) this.dates.note(kindOf(parsed), Date.now());
    return this.out.publish(parsed);
  }

  /** Sends an event to every dashboard (what an open gathering window holds goes first). */
  protected toDashboards(message: ServerMessage | RoomEvent): number {
    return this.out.toDashboards(message);
  }

  /** Sends a message on an open socket; false when the socket is not open (or the write failed). */
  protected send(connection: Connection, message: ServerMessage): boolean {
    return this.out.send(connection, message);
  }

  /** Closes an abusive or hopelessly slow connection (1008, policy violation). */
  private drop(connection: Connection, reason: string) {
    this.buckets.delete(connection.id);
    this.out.forget(connection.id);
    closeQuietly(connection, CloseCode.policy, reason);
  }
}
