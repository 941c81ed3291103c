import { type Connection, type ConnectionContext, Server, type WSMessage } from "partyserver";
import { AGENT_ATTEMPT_HEADER, PRINCIPAL_HEADER, type Principal, principalFrom } from "../contracts/principal.ts";
import {
  type Batch,
  ClientMessage,
  CloseCode,
  ROOM_SOCKETS_PER_ACCOUNT,
  RoomEvent,
  type ServerMessage,
} from "../contracts/realtime.ts";
import { getConfig } from "../worker/config.ts";
import type { Env } from "../worker/env.ts";
import { createDb } from "../worker/lib/db.ts";
import { verifiedUser } from "../worker/middleware/auth.ts";
import { memberPrincipal } from "../worker/middleware/space.ts";
import {
  type Bucket,
  type Flow,
  frameAllowed,
  frameAllowedForType,
  frameBytes,
  fullBucket,
  rateFor,
  TUNNEL_RATE,
  take,
  withinBacklog,
} from "./budget.ts";

/**
 * Kept with each socket (it survives hibernation without a storage write). `heard`: an agent's
 * last heartbeat (ms), so a heartbeat costs no database write. `origin`: the origin the socket
 * was opened on (the embedded issuer is `{origin}/auth` when re-authenticating).
 */
export type ConnState = {
  principal: Principal;
  heard?: number;
  origin?: string;
  /** An agent socket: when it joined and when any frame last came from it (liveness, ms). */
  joined?: number;
  frameAt?: number;
  /** An agent socket that sends pings: it is closed after 25 s without any frame. */
  pinger?: boolean;
  /** An agent socket's queue window (its hello's queue_window): queued commands it takes at once. */
  queueWindow?: number;
  /** An agent socket's connection attempt (its upgrade's AGENT_ATTEMPT_HEADER), when it sent one. */
  attempt?: number;
  /** When the room answered an agent socket's hello (helloAck, ms): the silence rule counts from then. */
  answered?: number;
  /** When the socket was accepted (ms): its holder's oldest socket is closed first (holderOf). */
  opened?: number;
};

/** A room with more dashboards than this gathers bursts of deviceDetailsUpdate into batches. */
export const GATHER_ABOVE = 50;
/** How long such a room gathers device updates after sending one (ms): one batch per window. */
export const GATHER_MS = 200;
/** The most events in one batch; a window that fills up is sent at once. */
export const BATCH_MAX = 500;
/**
 * What a welcome dates: `fleet` = the room's last device or location event (`last_event_age_ms`),
 * `presence` = its last account presence event (`last_presence_age_ms`).
 */
type EventKind = "fleet" | "presence";
/** Storage key of when the room last published an event of a kind. */
const lastEventKey = (kind: EventKind) => `outpost:last:${kind}`;
/** A room writes when it last published an event of a kind at most this often (ms). */
export const KEEP_EVENT_MS = 1000;
const kindOf = (event: RoomEvent): EventKind =>
  event.type === "accountOnline" || event.type === "accountOffline" ? "presence" : "fleet";
/** The tag of a display link's sockets. */
const DISPLAY_LINK_TAG = "display-link";
/** Who holds a dashboard socket, for the per-holder cap: an account, or a display link or API token. */
const holderOf = (principal: Principal): string | null =>
  principal.kind === "user"
    ? `account:${principal.account_uuid}`
    : principal.kind === "credential"
      ? `credential:${principal.credential_uuid}`
      : null;
/** Why a holder's oldest socket was closed (CloseCode.tooManySockets). */
const TOO_MANY_SOCKETS = "Too many connections of this account in this room: the oldest was closed.";
/**
 * Sockets one holder may have in a room: ROOM_SOCKETS_PER_ACCOUNT, unless the deployment sets
 * ROOM_SOCKETS_PER_ACCOUNT (the fan-out bench connects 1 000 dashboards of one account).
 */
const socketsPerHolder = (env: Env) => {
  const set = Number(env.ROOM_SOCKETS_PER_ACCOUNT);
  return Number.isSafeInteger(set) && set > 0 ? set : ROOM_SOCKETS_PER_ACCOUNT;
};
/**
 * Principals by the exact header the Worker wrote (read-only, shared): a burst of upgrades of one
 * account (a wall's reconnect, the fan-out bench's 1 000) parses and validates its header once.
 */
const principals = new Map<string, Principal | null>();
const PRINCIPALS_KEPT = 256;
function parsedPrincipal(request: Request): Principal | null {
  const raw = request.headers.get(PRINCIPAL_HEADER);
  if (raw === null) return null;
  let principal = principals.get(raw);
  if (principal === undefined) {
    principal = principalFrom(request);
    if (principals.size >= PRINCIPALS_KEPT) principals.clear();
    principals.set(raw, principal);
  }
  return principal;
}
/** `scheme://host[:port]` of an absolute URL, without parsing all of it (every socket's connect). */
const originOf = (url: string) => {
  const end = url.indexOf("/", url.indexOf("//") + 2);
  return end === -1 ? url : url.slice(0, end);
};
/** JSON frames that spend the tunnel budget (see onMessage); binary data frames do too. */
const TUNNEL_BUDGET_TYPES: ReadonlySet<string> = new Set(["tunnelCredit", "tunnelResize"]);

/**
 * What every Outpost room shares: hibernation, the principal kept on each connection (it
 * survives hibernation), zod-validated messages, per-connection budgets (message rate, frame
 * size, unread backlog), sockets that last only as long as their right to the room (token
 * expiry, re-authentication on the socket, closeAccount when a membership changes) and
 * `publish` — the RPC the API uses to fan an event out to the room's dashboards.
 */
export abstract class OutpostRoom extends Server<Env> {
  static options = { hibernate: true };

  abstract readonly roomKind: "space" | "location" | "device";

  /** The alarm this instance knows is set (ms), or null: then storage is asked. Memory only. */
  private alarmAt: number | null = null;
  /** Message budgets by connection id; memory only (a woken room starts every socket with a full bucket). */
  private readonly buckets = new Map<string, Bucket>();
  /** Events sent to each dashboard and how many it acknowledged; memory only, like the buckets. */
  private readonly flow = new Map<string, Flow>();
  /**
   * Each account's user sockets here (connection ids), so a join or a leave knows whether it is
   * the account's first or last without walking the room's sockets. Memory only: null after a
   * wake, then rebuilt once from the sockets (their state survives hibernation).
   */
  private accountSockets: Map<string, Set<string>> | null = null;
  /**
   * The room's dashboard sockets by id. Memory only: null after a wake, then read once from the
   * sockets. Iterating partyserver's getConnections deserialises every socket's attachment on
   * every pass — 1 000 of them per event in a room with 1 000 dashboards.
   */
  private dashboardSockets: Map<string, Connection<ConnState>> | null = null;
  /**
   * Each holder's dashboard sockets here (holderOf → connection ids, oldest first), for the cap of
   * ROOM_SOCKETS_PER_ACCOUNT. Memory only: null after a wake, then rebuilt once from the open
   * dashboards in the order they were opened (their state survives hibernation).
   */
  private holderSockets: Map<string, Set<string>> | null = null;
  /** The holder of each socket in holderSockets (a close then reads no socket state). */
  private readonly holderById = new Map<string, string>();
  /**
   * deviceDetailsUpdate events gathered while a window is open (null: none is), sent as one
   * batch when it ends. See publish().
   */
  private gathered: RoomEvent[] | null = null;
  /** Dashboards the last fan-out reached (what publish() reports for a gathered event). */
  private reached = 0;
  /**
   * Whether this room dates its events for the welcome's ages. Only the space room's dashboards
   * (the console, the wall) catch up with them (web/src/lib/catch-up.ts); a location or device room
   * would write storage on every event for a welcome nobody reads.
   */
  protected readonly datesEvents: boolean = false;
  /**
   * When this room last published an event of each kind (ms), for the welcome's ages; null: never.
   * Kept in the room's storage too, so a room woken from hibernation still knows; read once after
   * a wake (absent here until then).
   */
  private readonly lastEventAt = new Map<EventKind, number | null>();
  /**
   * Kinds whose time was written less than KEEP_EVENT_MS ago (true: a newer one waits for the
   * interval's end). See noteEvent.
   */
  private readonly keeping = new Map<EventKind, boolean>();

  /** The principal of an upgrade, read from its header once (getConnectionTags, then onConnect). */
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
    const principal = this.principalOf(ctx.request);
    if (!principal) return [];
    if (principal.kind === "user") return ["dashboard", `account:${principal.account_uuid}`];
    // A display link or API token: a read-only dashboard the SpaceRoom can close by credential. A
    // display link's is tagged too: it hears no account events (fanOut).
    if (principal.kind === "credential") {
      const tags = ["dashboard", `credential:${principal.credential_uuid}`];
      return principal.credential_kind === "display_link" ? [...tags, DISPLAY_LINK_TAG] : tags;
    }
    return ["agent"];
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
    if (principal.kind !== "device") {
      this.dashboards().set(connection.id, connection);
      this.holdSocket(connection, principal);
    }
    const age = (kind: EventKind) => {
      const at = this.lastEvent(kind);
      return at === null ? null : Math.max(0, Date.now() - at);
    };
    this.send(connection, {
      type: "welcome",
      room: `${this.roomKind}/${this.name}`,
      role: principal.kind === "device" ? "agent" : "dashboard",
      ...(this.datesEvents ? { last_event_age_ms: age("fleet"), last_presence_age_ms: age("presence") } : {}),
    });
    if (principal.kind !== "device" && principal.exp) await this.armAlarm(principal.exp);
    await this.onJoin(connection, principal);
  }

  /** The account's user sockets here, from memory or (after a wake) from the room's open dashboards. */
  private socketsOf(accountUuid: string): Set<string> {
    if (!this.accountSockets) {
      const index = new Map<string, Set<string>>();
      for (const conn of this.openDashboards()) {
        const principal = conn.state?.principal;
        if (principal?.kind !== "user") continue;
        const ids = index.get(principal.account_uuid) ?? new Set<string>();
        ids.add(conn.id);
        index.set(principal.account_uuid, ids);
      }
      this.accountSockets = index;
    }
    let ids = this.accountSockets.get(accountUuid);
    if (!ids) {
      ids = new Set();
      this.accountSockets.set(accountUuid, ids);
    }
    return ids;
  }

  /** Counts a user socket in (onJoin); true when it is the account's only socket here. O(1). */
  protected accountJoined(connection: Connection, accountUuid: string): boolean {
    const ids = this.socketsOf(accountUuid);
    ids.add(connection.id);
    return ids.size === 1;
  }

  /** Counts a user socket out (onLeave); true when the account has no socket left here. O(1). */
  protected accountLeft(connection: Connection, accountUuid: string): boolean {
    const ids = this.socketsOf(accountUuid);
    // Only a socket that was counted in can be the last to leave (a refused one never joined).
    const was = ids.delete(connection.id);
    if (ids.size === 0) this.accountSockets?.delete(accountUuid);
    return was && ids.size === 0;
  }

  /**
   * Counts a dashboard socket in for its holder (an account, a display link or an API token); a
   * holder with more than ROOM_SOCKETS_PER_ACCOUNT here has its oldest closed (4429; the web client
   * does not reconnect it), so one account cannot pile up sockets in a room. O(1) but over the cap.
   */
  private holdSocket(connection: Connection<ConnState>, principal: Principal) {
    const holder = holderOf(principal);
    if (!holder) return;
    const index = this.holders();
    let ids = index.get(holder);
    if (!ids) {
      ids = new Set();
      index.set(holder, ids);
    }
    ids.add(connection.id);
    this.holderById.set(connection.id, holder);
    const cap = socketsPerHolder(this.env);
    if (ids.size <= cap) return;
    const dashboards = this.dashboards();
    const forget = (id: string) => {
      ids.delete(id);
      this.holderById.delete(id);
    };
    // Sockets that closed without reporting it are not counted.
    for (const id of ids) if (dashboards.get(id)?.readyState !== WebSocket.OPEN) forget(id);
    for (const id of ids) {
      if (ids.size <= cap) break;
      if (id === connection.id) continue;
      forget(id);
      try {
        dashboards.get(id)?.close(CloseCode.tooManySockets, TOO_MANY_SOCKETS);
      } catch {
        // Already closing.
      }
    }
  }

  /** Counts a dashboard socket out (onClose). */
  private releaseSocket(connection: Connection<ConnState>) {
    const holder = this.holderById.get(connection.id);
    if (holder === undefined) return;
    this.holderById.delete(connection.id);
    const ids = this.holderSockets?.get(holder);
    ids?.delete(connection.id);
    if (ids?.size === 0) this.holderSockets?.delete(holder);
  }

  /** The holders' sockets, read from the open dashboards once after a wake (oldest first). */
  private holders(): Map<string, Set<string>> {
    if (!this.holderSockets) {
      const index = new Map<string, Set<string>>();
      this.holderById.clear();
      const open = [...this.openDashboards()]
        .map((conn) => ({ id: conn.id, state: conn.state }))
        .sort((a, b) => (a.state?.opened ?? 0) - (b.state?.opened ?? 0));
      for (const { id, state } of open) {
        const holder = state ? holderOf(state.principal) : null;
        if (!holder) continue;
        const ids = index.get(holder) ?? new Set<string>();
        ids.add(id);
        index.set(holder, ids);
        this.holderById.set(id, holder);
      }
      this.holderSockets = index;
    }
    return this.holderSockets;
  }

  /** Hook for rooms that react to a join (presence). */
  protected async onJoin(_connection: Connection<ConnState>, _principal: Principal): Promise<void> {}

  /** Hook for rooms that react to a socket leaving (presence). */
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
    this.dashboardSockets?.delete(connection.id);
    this.releaseSocket(connection);
    this.buckets.delete(connection.id);
    this.buckets.delete(`tunnel:${connection.id}`);
    this.flow.delete(connection.id);
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
    if (parsed.data.type === "auth") return this.reauthenticate(connection, parsed.data.token);
    if (parsed.data.type === "ack") {
      const flow = this.flow.get(connection.id);
      if (flow) flow.acked = Math.min(flow.sent, Math.max(flow.acked, parsed.data.received));
      return;
    }
    await this.onClientMessage(connection, parsed.data);
  }

  protected async onClientMessage(_connection: Connection<ConnState>, _message: ClientMessage): Promise<void> {}

  /**
   * Relays a binary frame that is remote-session data of this socket (device rooms,
   * contracts/tunnel.ts); false when it is not (it is then read as any other frame).
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

  /**
   * `{type:"auth", token}`: a fresh access token of the same user, still an active member of the
   * room's space, extends the socket to the token's expiry; anything else closes it.
   */
  private async reauthenticate(connection: Connection<ConnState>, token: string) {
    const state = connection.state;
    const principal = state?.principal;
    if (!state || principal?.kind !== "user") {
      this.send(connection, { type: "error", message: "Only dashboards re-authenticate on the socket." });
      return;
    }
    const db = createDb(this.env);
    const verified = await verifiedUser(token, {
      env: this.env,
      db,
      config: getConfig(this.env),
      requestUrl: state.origin ?? "http://localhost",
    });
    if (!verified || verified.user.uuid !== principal.user_uuid) {
      connection.close(CloseCode.tokenExpired, "The token sent is not valid for this socket.");
      return;
    }
    const renewed = await memberPrincipal(db, principal.space_uuid, verified.user, verified.exp);
    if (renewed?.account_uuid !== principal.account_uuid) {
      connection.close(CloseCode.membershipChanged, "You are no longer a member of this space.");
      return;
    }
    connection.setState({ ...state, principal: renewed });
    this.send(connection, { type: "authenticated", exp: verified.exp });
    await this.armAlarm(verified.exp);
  }

  async onAlarm() {
    // The alarm that woke us is spent: the next one is read from storage again.
    this.alarmAt = null;
    this.closeExpired(Date.now());
    await this.onRoomAlarm();
    const next = this.nextExpiry();
    if (next !== null) await this.armAlarm(next);
  }

  /**
   * Closes every user socket whose access token has expired without a re-authentication, and
   * every display link / API token socket whose credential expired.
   */
  private closeExpired(now: number) {
    for (const conn of this.openDashboards()) {
      const principal = conn.state?.principal;
      if (principal && principal.kind !== "device" && principal.exp !== undefined && principal.exp <= now) {
        conn.close(
          CloseCode.tokenExpired,
          principal.kind === "credential"
            ? "The display link or API token expired."
            : "The access token expired: reconnect with a fresh one.",
        );
      }
    }
  }

  protected nextExpiry(): number | null {
    let next: number | null = null;
    for (const conn of this.openDashboards()) {
      const exp = conn.state?.principal.kind !== "device" ? conn.state?.principal.exp : undefined;
      if (exp !== undefined && (next === null || exp < next)) next = exp;
    }
    return next;
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
   * and other rooms, comes through here).
   *
   * In a room with more than GATHER_ABOVE dashboards a deviceDetailsUpdate goes out at once and
   * opens a GATHER_MS window: the device updates published inside it go out together as one
   * `batch` frame at its end (a fleet coming online is a few frames per second, not one per
   * device, per dashboard). Any other event sends what was gathered first, so order is kept.
   * Returns how many dashboards it reached (for a gathered event: the last fan-out's count).
   */
  async publish(event: RoomEvent): Promise<number> {
    await this.setName(this.name); // onStart done (a no-op once started): the API calls without getServerByName
    const parsed = RoomEvent.parse(event);
    if (this.datesEvents) this.noteEvent(kindOf(parsed), Date.now());
    if (parsed.type !== "deviceDetailsUpdate") return this.toDashboards(parsed);
    if (this.gathered) {
      this.gathered.push(parsed);
      if (this.gathered.length >= BATCH_MAX) this.sendGathered();
      return this.reached;
    }
    const reached = this.toDashboards(parsed);
    if (reached > GATHER_ABOVE) this.openGatherWindow();
    return reached;
  }

  /** When the room last published an event of `kind` (ms), or null: from memory, after a wake from storage. */
  private lastEvent(kind: EventKind): number | null {
    let at = this.lastEventAt.get(kind);
    if (at === undefined) {
      at = this.ctx.storage.kv.get<number>(lastEventKey(kind)) ?? null;
      this.lastEventAt.set(kind, at);
    }
    return at;
  }

  private noteEvent(kind: EventKind, at: number) {
    this.lastEventAt.set(kind, at);
    // At most one storage write per kind per KEEP_EVENT_MS: the first event of a quiet room is kept
    // at once, a burst (a fleet reconnecting: one deviceOnline each) by one more write at the end
    // of the interval. Memory is exact meanwhile; the room does not hibernate with a timer pending.
    const pending = this.keeping.get(kind);
    if (pending === undefined) {
      this.keepEvent(kind, at);
      this.keeping.set(kind, false);
      setTimeout(() => {
        const later = this.keeping.get(kind);
        this.keeping.delete(kind);
        const last = this.lastEventAt.get(kind);
        if (later && typeof last === "number") this.keepEvent(kind, last);
      }, KEEP_EVENT_MS);
    } else if (!pending) {
      this.keeping.set(kind, true);
    }
  }

  private keepEvent(kind: EventKind, at: number) {
    // Unconfirmed: the event's fan-out must not wait for this write (a confirmed write holds the
    // room's outgoing messages until it is durable). Losing it in a crash costs a refetch at most.
    this.ctx.storage.put(lastEventKey(kind), at, { allowUnconfirmed: true }).catch((error: unknown) => {
      console.error("keeping the last event's time failed", error);
    });
  }

  /** Gathers device updates for GATHER_MS, then sends them; reopens while they keep coming. */
  private openGatherWindow() {
    this.gathered = [];
    setTimeout(() => {
      const sent = this.sendGathered();
      this.gathered = null;
      if (sent && this.reached > GATHER_ABOVE) this.openGatherWindow();
    }, GATHER_MS);
  }

  /** Sends what the open window gathered (one event alone, more as a batch); false when nothing was. */
  private sendGathered(): boolean {
    const events = this.gathered;
    if (!events?.length) return false;
    this.gathered = [];
    const batch: Batch = { type: "batch", events };
    this.fanOut(events.length === 1 ? events[0] : batch);
    return true;
  }

  /**
   * Sends an event to every dashboard. A dashboard acknowledges what it has processed
   * (`{type:"ack", received}`, the web client every ACK_EVERY events); one that falls
   * OUTGOING_MAX_UNACKED events behind (a stalled wall screen) is closed instead of buffered
   * without limit — it reconnects, and its welcome's ages make it refetch what it missed.
   * (workerd does not report a socket's bufferedAmount, so the room counts in events.)
   */
  protected toDashboards(message: ServerMessage | RoomEvent): number {
    // Device updates gathered in an open window go first: dashboards hear events in publish order.
    if (this.gathered?.length) this.sendGathered();
    return this.fanOut(message);
  }

  private fanOut(message: ServerMessage | RoomEvent): number {
    // Serialised once, and only when some dashboard is there to get it (most device rooms have none).
    // The hot loop of a fan-out (1 000 sockets per event): the sockets' ids come from the
    // map's keys (a Connection's id is a getter over its attachment), the flows are counted in place.
    let payload: string | undefined;
    let delivered = 0;
    const all = this.dashboards();
    // Account presence names accounts, which a display link may not read (it reads the fleet):
    // its sockets (found by their tag, a few) are left out of those events.
    const blind = message.type === "accountOnline" || message.type === "accountOffline" ? this.displayLinks() : null;
    for (const [id, conn] of all) {
      const state = conn.readyState;
      if (state !== WebSocket.OPEN) {
        // A closed one that never reported its close is forgotten here.
        if (state === WebSocket.CLOSED) all.delete(id);
        continue;
      }
      if (blind?.has(id)) continue;
      let flow = this.flow.get(id);
      if (!flow) {
        flow = { sent: 0, acked: 0 };
        this.flow.set(id, flow);
      }
      if (!withinBacklog(flow)) {
        this.drop(conn, "Too far behind: reconnect to catch up.");
        continue;
      }
      payload ??= JSON.stringify(message);
      conn.send(payload);
      flow.sent++;
      delivered++;
    }
    this.reached = delivered;
    return delivered;
  }

  /** Sends a message on an open socket; false when the socket is not open (or the write failed). */
  protected send(connection: Connection, message: ServerMessage): boolean {
    if (connection.readyState !== WebSocket.OPEN) return false;
    try {
      connection.send(JSON.stringify(message));
    } catch {
      return false;
    }
    const flow = this.flow.get(connection.id);
    this.flow.set(connection.id, { sent: (flow?.sent ?? 0) + 1, acked: flow?.acked ?? 0 });
    return true;
  }

  /** The dashboard sockets by id, read from the sockets once after a wake. */
  private dashboards(): Map<string, Connection<ConnState>> {
    if (!this.dashboardSockets) {
      this.dashboardSockets = new Map();
      for (const conn of this.getConnections<ConnState>("dashboard")) this.dashboardSockets.set(conn.id, conn);
    }
    return this.dashboardSockets;
  }

  /** The ids of the room's display-link sockets (by their tag: only theirs are read). */
  private displayLinks(): Set<string> {
    const ids = new Set<string>();
    for (const conn of this.getConnections(DISPLAY_LINK_TAG)) ids.add(conn.id);
    return ids;
  }

  /** The open dashboard sockets; a closed one that never reported its close is forgotten here. */
  private *openDashboards(): Generator<Connection<ConnState>> {
    const all = this.dashboards();
    for (const [id, conn] of all) {
      if (conn.readyState === WebSocket.OPEN) yield conn;
      else if (conn.readyState === WebSocket.CLOSED) all.delete(id);
    }
  }

  /** Closes an abusive or hopelessly slow connection (1008, policy violation). */
  private drop(connection: Connection, reason: string) {
    this.buckets.delete(connection.id);
    this.flow.delete(connection.id);
    try {
      connection.close(CloseCode.policy, reason);
    } catch {
      // Already closing.
    }
  }
}
