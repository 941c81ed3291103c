import type { Connection } from "partyserver";
import type { Principal } from "../../contracts/access/principal.ts";
import { createDb } from "../lib/db.ts";
import { writeAccountPresence } from "../services/accounts/accounts.ts";
import { roomServer, spaceRegion } from "../services/kernel/placement.ts";
import { type ConnState, OutpostRoom } from "./room.ts";
import type { RoomPublisher } from "./rpc.ts";

/** The rooms besides the space's own where an account may hold sockets. */
export type WatchedRoom = { party: "location" | "device"; room: string };

/*
 * One row per user socket in a location or device room (not per account and room): a revocation
 * forgets every row of the account, and a socket opened after it is counted on its own. Counting
 * per account let a socket that never finished closing (a frozen tab does not answer the close)
 * stand for the account, so the account's next socket there was never reported.
 */
const WATCH = "INSERT OR IGNORE INTO socket_watchers (account_uuid, party, room, socket) VALUES (?, ?, ?, ?)";
const UNWATCH = "DELETE FROM socket_watchers WHERE account_uuid = ? AND party = ? AND room = ? AND socket = ?";

/** Runs `statement` (WATCH, UNWATCH) with one watcher row's account, party, room and socket as its parameters. */
const onWatcher = (sql: SqlStorage, statement: string, accountUuid: string, at: WatchedRoom, socket: string) =>
  sql.exec(statement, accountUuid, at.party, at.room, socket);

/**
 * One per space (`/parties/space/{space_uuid}`): fans deviceDetailsUpdate,
 * locationDetailsUpdate and account presence out to every dashboard of the space.
 *
 * It also knows which location and device rooms each account of the space has sockets in (those
 * rooms report joins and leaves), so revokeAccount can close every socket of an account whose
 * membership changed, wherever it is, without visiting every room of the space.
 */
export class SpaceRoom extends OutpostRoom implements RoomPublisher {
  readonly roomKind = "space" as const;
  /** The console and the wall catch up on what they missed with the welcome's ages (room.ts). */
  protected readonly datesEvents = true;

  onStart() {
    const sql = this.ctx.storage.sql;
    sql.exec(
      "CREATE TABLE IF NOT EXISTS socket_watchers (account_uuid TEXT NOT NULL, party TEXT NOT NULL, room TEXT NOT NULL, socket TEXT NOT NULL, PRIMARY KEY (account_uuid, party, room, socket))",
    );
    // Rows of the per-account table this one replaced stay revocable (socket '': only a revocation removes them).
    const old = sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'watchers'").toArray();
    if (old.length > 0) {
      sql.exec(
        "INSERT OR IGNORE INTO socket_watchers (account_uuid, party, room, socket) SELECT account_uuid, party, room, '' FROM watchers",
      );
      sql.exec("DROP TABLE watchers");
    }
  }

  /** RPC from a location or device room: a socket of an account opened there. */
  watch(accountUuid: string, at: WatchedRoom, socket = "") {
    onWatcher(this.ctx.storage.sql, WATCH, accountUuid, at, socket);
  }

  /** RPC from a location or device room: that socket closed. */
  unwatch(accountUuid: string, at: WatchedRoom, socket = "") {
    onWatcher(this.ctx.storage.sql, UNWATCH, accountUuid, at, socket);
  }

  /**
   * RPC used by the API when a membership changes (disabled, removed, role changed): closes the
   * account's sockets here and in every room it watches. Returns how many sockets were closed.
   */
  async revokeAccount(accountUuid: string, code: number, reason: string): Promise<number> {
    const sql = this.ctx.storage.sql;
    const rooms = sql
      .exec<{ party: string; room: string }>(
        "SELECT DISTINCT party, room FROM socket_watchers WHERE account_uuid = ?",
        accountUuid,
      )
      .toArray();
    const closedHere = this.closeAccount(accountUuid, code, reason);
    const region = rooms.length > 0 ? await spaceRegion(this.env, this.name) : "local";
    const closedThere = await Promise.all(
      rooms.map(async ({ party, room }) => {
        try {
          const stub = await roomServer(this.env, party === "location" ? "location" : "device", room, region);
          return await stub.closeAccount(accountUuid, code, reason);
        } catch (error) {
          console.error("closing an account's sockets failed", party, room, error);
          return 0;
        }
      }),
    );
    sql.exec("DELETE FROM socket_watchers WHERE account_uuid = ?", accountUuid);
    return closedHere + closedThere.reduce((a, b) => a + b, 0);
  }

  /**
   * RPC used by the API when an Admin revokes a display link or API token: closes its
   * sockets — credentials join only their space's room — with `code` (CloseCode.credentialRevoked)
   * and a reason the wall shows. Returns how many sockets were closed.
   */
  revokeCredential(credentialUuid: string, code: number, reason: string): number {
    let closed = 0;
    for (const conn of this.getConnections(`credential:${credentialUuid}`)) {
      try {
        conn.close(code, reason);
      } catch {
        // Already closing.
      }
      closed++;
    }
    return closed;
  }

  protected async onJoin(connection: Connection<ConnState>, principal: Principal) {
    if (principal.kind !== "user") return;
    // First dashboard of this account in the space: announce it online to the others.
    if (this.accountJoined(connection, principal.account_uuid)) {
      await this.storePresence(principal.account_uuid, true);
      await this.publish({ type: "accountOnline", space_uuid: this.name, account_uuid: principal.account_uuid });
    }
  }

  protected async onLeave(connection: Connection<ConnState>) {
    const principal = connection.state?.principal;
    if (principal?.kind !== "user") return;
    if (this.accountLeft(connection, principal.account_uuid)) {
      await this.storePresence(principal.account_uuid, false);
      await this.publish({ type: "accountOffline", space_uuid: this.name, account_uuid: principal.account_uuid });
    }
  }

  /** Writes presence through to D1 (space_account.online/last_seen), so the accounts list agrees. */
  private async storePresence(accountUuid: string, online: boolean) {
    try {
      await writeAccountPresence(createDb(this.env), this.name, accountUuid, online);
    } catch (error) {
      // The broadcast still goes out; the next presence change or REST login corrects the row.
      console.error("account presence write failed", error);
    }
  }
}
