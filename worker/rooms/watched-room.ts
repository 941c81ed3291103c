import type { Connection } from "partyserver";
import type { Principal } from "../../contracts/access/principal.ts";
import { roomServer, spaceRegion } from "../services/kernel/placement.ts";
import { type ConnState, OutpostRoom } from "./room.ts";

/**
 * A room inside a space (location, device): it tells the SpaceRoom when each user socket joins
 * and leaves, so a membership change can close those sockets too. Per socket, not per account: a
 * socket the revocation closed but that never finished closing (a frozen tab does not answer the
 * close) must not hide the account's next socket here from the next revocation.
 */
export abstract class WatchedRoom extends OutpostRoom {
  abstract readonly roomKind: "location" | "device";

  protected async onJoin(connection: Connection<ConnState>, principal: Principal) {
    if (principal.kind !== "user") return;
    this.accountJoined(connection, principal.account_uuid);
    // Awaited: once the socket is open, a revocation finds it.
    await this.spaceRoom(principal.space_uuid).then((space) =>
      space.watch(principal.account_uuid, { party: this.roomKind, room: this.name }, connection.id),
    );
  }

  protected async onLeave(connection: Connection<ConnState>) {
    const principal = connection.state?.principal;
    if (principal?.kind !== "user") return;
    this.accountLeft(connection, principal.account_uuid);
    this.ctx.waitUntil(
      this.spaceRoom(principal.space_uuid)
        .then((space) =>
          space.unwatch(principal.account_uuid, { party: this.roomKind, room: this.name }, connection.id),
        )
        .catch((error: unknown) => console.error("unwatch failed", error)),
    );
  }

  private async spaceRoom(spaceUuid: string) {
    return roomServer(this.env, "space", spaceUuid, await spaceRegion(this.env, spaceUuid));
  }
}
