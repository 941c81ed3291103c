import type { Connection } from "partyserver";
import type { Principal } from "../contracts/principal.ts";
import { roomServer, spaceRegion } from "../worker/services/kernel/placement.ts";
import { type ConnState, OutpostRoom } from "./room.ts";

/**
 * A room inside a space (location, device): it tells the SpaceRoom when an account's first
 * socket joins and its last one leaves, so a membership change can close those sockets too.
 */
export abstract class WatchedRoom extends OutpostRoom {
  abstract readonly roomKind: "location" | "device";

  protected async onJoin(connection: Connection<ConnState>, principal: Principal) {
    if (principal.kind !== "user") return;
    // Awaited: once the socket is open, a revocation finds it.
    if (this.accountJoined(connection, principal.account_uuid))
      await this.spaceRoom(principal.space_uuid).then((space) =>
        space.watch(principal.account_uuid, { party: this.roomKind, room: this.name }),
      );
  }

  protected async onLeave(connection: Connection<ConnState>) {
    const principal = connection.state?.principal;
    if (principal?.kind !== "user" || !this.accountLeft(connection, principal.account_uuid)) return;
    this.ctx.waitUntil(
      this.spaceRoom(principal.space_uuid)
        .then((space) => space.unwatch(principal.account_uuid, { party: this.roomKind, room: this.name }))
        .catch((error: unknown) => console.error("unwatch failed", error)),
    );
  }

  private async spaceRoom(spaceUuid: string) {
    return roomServer(this.env, "space", spaceUuid, await spaceRegion(this.env, spaceUuid));
  }
}
