/**
 * A room's index of its dashboard sockets, kept in memory so that a join, a leave or a fan-out
 * never walks every socket's attachment (partyserver's getConnections deserialises each one on
 * every pass: 1 000 of them per event in a room with 1 000 dashboards). After a wake from
 * hibernation the index is empty and is rebuilt once from the open sockets, whose state survived.
 */
import type { Connection } from "partyserver";
import type { Principal } from "../../contracts/access/principal.ts";
import { CloseCode } from "../../contracts/realtime/events.ts";
import type { Env } from "../env.ts";
import { closeQuietly, DISPLAY_LINK_TAG, holderOf, type RoomConnection, socketsPerHolder } from "./room-state.ts";

/** Why a holder's oldest socket was closed (CloseCode.tooManySockets). */
const TOO_MANY_SOCKETS = "Too many connections of this account in this room: the oldest was closed.";

type Tagged = (tag: string) => Iterable<RoomConnection>;

export class RoomSockets {
  /** The room's dashboard sockets by id; null after a wake. */
  private dashboardSockets: Map<string, RoomConnection> | null = null;
  /** Each account's user sockets (connection ids); null after a wake. */
  private accountSockets: Map<string, Set<string>> | null = null;
  /** Each holder's dashboard sockets (holderOf → ids, oldest first); null after a wake. */
  private holderSockets: Map<string, Set<string>> | null = null;
  /** The holder of each socket in holderSockets (a close then reads no socket state). */
  private readonly holderById = new Map<string, string>();

  constructor(
    private readonly tagged: Tagged,
    private readonly env: Env,
  ) {}

  /** Forgets the whole index, as a wake from hibernation does (tests use it to play a wake). */
  forget() {
    this.dashboardSockets = null;
    this.accountSockets = null;
    this.holderSockets = null;
    this.holderById.clear();
  }

  /** How many dashboards the index holds, or null when it is not built (tests read the memory). */
  indexed(): number | null {
    return this.dashboardSockets?.size ?? null;
  }

  /** The dashboard sockets by id, read from the sockets once after a wake. */
  dashboards(): Map<string, RoomConnection> {
    if (!this.dashboardSockets) {
      this.dashboardSockets = new Map();
      for (const conn of this.tagged("dashboard")) this.dashboardSockets.set(conn.id, conn);
    }
    return this.dashboardSockets;
  }

  /** The open dashboard sockets; a closed one that never reported its close is forgotten here. */
  *openDashboards(): Generator<RoomConnection> {
    const all = this.dashboards();
    for (const [id, conn] of all) {
      if (conn.readyState === WebSocket.OPEN) yield conn;
      else if (conn.readyState === WebSocket.CLOSED) all.delete(id);
    }
  }

  /** The ids of the room's display-link sockets (by their tag: only theirs are read). */
  displayLinks(): Set<string> {
    const ids = new Set<string>();
    for (const conn of this.tagged(DISPLAY_LINK_TAG)) ids.add(conn.id);
    return ids;
  }

  /** A dashboard socket joined: indexed, and its holder kept within the cap. */
  joined(connection: RoomConnection, principal: Principal) {
    this.dashboards().set(connection.id, connection);
    this.hold(connection, principal);
  }

  /** A socket closed: out of every index. */
  closed(connection: Connection) {
    this.dashboardSockets?.delete(connection.id);
    const holder = this.holderById.get(connection.id);
    if (holder === undefined) return;
    this.holderById.delete(connection.id);
    const ids = this.holderSockets?.get(holder);
    ids?.delete(connection.id);
    if (ids?.size === 0) this.holderSockets?.delete(holder);
  }

  /** Counts a user socket in; true when it is the account's only socket here. O(1). */
  accountJoined(connection: Connection, accountUuid: string): boolean {
    const ids = this.socketsOf(accountUuid);
    ids.add(connection.id);
    return ids.size === 1;
  }

  /** Counts a user socket out; true when the account has no socket left here. O(1). */
  accountLeft(connection: Connection, accountUuid: string): boolean {
    const ids = this.socketsOf(accountUuid);
    // Only a socket that was counted in can be the last to leave (a refused one never joined).
    const was = ids.delete(connection.id);
    if (ids.size === 0) this.accountSockets?.delete(accountUuid);
    return was && ids.size === 0;
  }

  /** The account's user sockets here, from memory or (after a wake) from the open dashboards. */
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

  /**
   * Counts a dashboard socket in for its holder (an account, a display link or an API token); a
   * holder with more than ROOM_SOCKETS_PER_ACCOUNT here has its oldest closed (4429; the web client
   * does not reconnect it), so one account cannot pile up sockets in a room. O(1) but over the cap.
   */
  private hold(connection: RoomConnection, principal: Principal) {
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
      const conn = dashboards.get(id);
      if (conn) closeQuietly(conn, CloseCode.tooManySockets, TOO_MANY_SOCKETS);
    }
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
}
