import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { RoomTicketInput, RoomTicketReply } from "../../../contracts/room-ticket.ts";
import { credentialTicketTable, spaceCredentialTable } from "../../../drizzle/schema/index.ts";
import type { SpaceCredentialRow } from "../../env.ts";
import { randomToken, sha256Hex } from "../../lib/crypto.ts";
import type { Db } from "../../lib/db.ts";
import { ApiError } from "../../lib/errors.ts";
import type { ServiceArgs } from "../kernel/args.ts";
import { TICKET_PREFIX, TICKET_TTL_SECONDS } from "../spaces/room-tickets.ts";
import { credentialState } from "./credential-secrets.ts";

/** The one room a display link or API token may join: its space's. */
export const CREDENTIAL_ROOM_ONLY = "Display links and API tokens open only their space's room.";

/**
 * POST /api/space/{space}/room-ticket/ with a display link or API token as the bearer: a
 * single-use ticket (30 s) for the space's room. A location or device room is refused (403): a
 * wall watches the space, it never joins a device's room.
 */
export async function issueCredentialTicket({
  ctx,
  input,
}: ServiceArgs<RoomTicketInput & { credential: SpaceCredentialRow }>): Promise<RoomTicketReply> {
  const [party, name] = input.room.split("/");
  if (party !== "space") throw new ApiError("forbidden", CREDENTIAL_ROOM_ONLY);
  if (name.toLowerCase() !== ctx.space.space_uuid.toLowerCase()) throw new ApiError("not_found", "Room not found.");
  const ticket = `${TICKET_PREFIX}${randomToken()}`;
  const now = Date.now();
  await ctx.db.batch([
    ctx.db.insert(credentialTicketTable).values({
      ticket_hash: await sha256Hex(ticket),
      room: `space/${ctx.space.space_uuid}`,
      credential_uuid: input.credential.uuid,
      expires_at: now + TICKET_TTL_SECONDS * 1000,
    }),
    ctx.db.delete(credentialTicketTable).where(lt(credentialTicketTable.expires_at, now - 3_600_000)),
  ]);
  return {
    ticket,
    room: `space/${ctx.space.space_uuid}`,
    expires_in: TICKET_TTL_SECONDS,
    url: `/parties/space/${ctx.space.space_uuid}?ticket=${encodeURIComponent(ticket)}`,
  };
}

/**
 * Consumes a credential's ticket for `room` (one conditional UPDATE, as for user tickets) and
 * returns the credential if it still works (not revoked or expired meanwhile), else null.
 */
export async function consumeCredentialTicket(db: Db, ticket: string, room: string) {
  const now = Date.now();
  const [used] = await db
    .update(credentialTicketTable)
    .set({ used_at: now })
    .where(
      and(
        eq(credentialTicketTable.ticket_hash, await sha256Hex(ticket)),
        eq(credentialTicketTable.room, room),
        isNull(credentialTicketTable.used_at),
        gt(credentialTicketTable.expires_at, now),
      ),
    )
    .returning({ credential_uuid: credentialTicketTable.credential_uuid });
  if (!used) return null;
  const credential = await db
    .select()
    .from(spaceCredentialTable)
    .where(eq(spaceCredentialTable.uuid, used.credential_uuid))
    .get();
  return credential && credentialState(credential, now) === "active" ? credential : null;
}
