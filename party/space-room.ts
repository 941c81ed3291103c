import { and, eq } from "drizzle-orm";
import type { Connection } from "partyserver";
import { spaceAccountTable } from "../drizzle/schema/space-account.ts";
import { createDb } from "../worker/lib/db.ts";
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
      await this.storePresence(principal.account_uuid, true);
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
      await this.storePresence(principal.account_uuid, false);
      await this.publish({ type: "accountOffline", space_uuid: this.name, account_uuid: principal.account_uuid });
    }
  }

  /** Writes presence through to D1 (space_account.online/last_seen), so the accounts list agrees. */
  private async storePresence(accountUuid: string, online: boolean) {
    try {
      await createDb(this.env)
        .update(spaceAccountTable)
        .set({ online, last_seen: new Date().toISOString() })
        .where(and(eq(spaceAccountTable.space_uuid, this.name), eq(spaceAccountTable.account_uuid, accountUuid)));
    } catch (error) {
      // The broadcast still goes out; the next presence change or REST login corrects the row.
      console.error("account presence write failed", error);
    }
  }
}
