import type { Connection } from "partyserver";
import type { Principal } from "./principal.ts";
import { type ConnState, OutpostRoom } from "./room.ts";

/**
 * One per space (`/parties/space/{space_uuid}`): fans deviceDetailsUpdate,
 * locationDetailsUpdate and account presence out to every dashboard of the space.
 */
export class SpaceRoom extends OutpostRoom {
  readonly roomKind = "space" as const;

  protected async onJoin(connection: Connection<ConnState>, principal: Principal) {
    if (principal.kind !== "user") return;
    // First dashboard of this account in the space: announce it online to the others.
    const others = [...this.getConnections(`account:${principal.account_uuid}`)].filter((c) => c.id !== connection.id);
    if (others.length === 0) {
      await this.publish({ type: "accountOnline", space_uuid: this.name, account_uuid: principal.account_uuid });
    }
  }

  async onClose(connection: Connection<ConnState>) {
    const principal = connection.state?.principal;
    if (principal?.kind !== "user") return;
    const remaining = [...this.getConnections(`account:${principal.account_uuid}`)].filter(
      (c) => c.id !== connection.id,
    );
    if (remaining.length === 0) {
      await this.publish({ type: "accountOffline", space_uuid: this.name, account_uuid: principal.account_uuid });
    }
  }
}
