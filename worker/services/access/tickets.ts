import { and, eq, gt, isNull, lt } from "drizzle-orm";
import { decodeJwt } from "jose";
import type { RoomTicketInput, RoomTicketReply } from "../../../contracts/access/room-ticket.ts";
import { roomPath } from "../../../contracts/realtime/values.ts";
import { deviceTable, locationTable, roomTicketTable, spaceCredentialTable } from "../../../drizzle/schema/index.ts";
import type { SpaceCredentialRow } from "../../env.ts";
import { randomToken, sha256Hex } from "../../lib/crypto.ts";
import type { Db } from "../../lib/db.ts";
import { ApiError } from "../../lib/errors.ts";
import type { ServiceArgs } from "../kernel/args.ts";
import { credentialState } from "./credential-secrets.ts";

/**
 * Room tickets (ARCHITECTURE.md, Room addresses): browsers cannot set headers on a WebSocket and
 * access tokens must not travel in URLs, so a caller trades its bearer for a single-use ticket
 * bound to one room, valid TICKET_TTL_SECONDS. A member's ticket opens any room of its space and
 * its socket lasts as long as the access token would have (unless re-authenticated on the
 * socket); a display link's or API token's opens only its space's room. One table for both.
 */

/** A ticket opens one socket to one room, within this many seconds of being issued. */
export const TICKET_TTL_SECONDS = 30;
/** Tickets carry this prefix, so a room upgrade tells them from access tokens and device credentials. */
export const TICKET_PREFIX = "rt_";
/** The one room a display link or API token may join: its space's. */
export const CREDENTIAL_ROOM_ONLY = "Display links and API tokens open only their space's room.";
const UNKNOWN_ROOM = "Room not found.";

export type RoomParty = "space" | "location" | "device";

/** Who buys a ticket: a member with the access token it pays with, or a display link / API token. */
export type TicketBuyer = { accessToken: string } | { credential: SpaceCredentialRow };

/** The space a room belongs to, or null when the room names nothing that exists. */
export async function spaceOfRoom(db: Db, party: RoomParty, name: string): Promise<string | null> {
  if (party === "space") return name;
  const table = party === "location" ? locationTable : deviceTable;
  const row = await db.select({ s: table.space_uuid }).from(table).where(eq(table.uuid, name)).get();
  return row?.s ?? null;
}

/**
 * POST /api/space/{space}/room-ticket/: a single-use ticket for one room of the caller's space. A
 * display link or API token gets one only for the space's room (403 otherwise): a wall watches
 * the space, it never joins a device's room.
 */
export async function issueRoomTicket({
  ctx,
  input,
}: ServiceArgs<RoomTicketInput & { buyer: TicketBuyer }>): Promise<RoomTicketReply> {
  const [party, name] = input.room.split("/") as [RoomParty, string];
  const { buyer } = input;
  if ("credential" in buyer) {
    if (party !== "space") throw new ApiError("forbidden", CREDENTIAL_ROOM_ONLY);
    if (name.toLowerCase() !== ctx.space.space_uuid.toLowerCase()) throw new ApiError("not_found", UNKNOWN_ROOM);
  } else if ((await spaceOfRoom(ctx.db, party, name)) !== ctx.space.space_uuid) {
    throw new ApiError("not_found", UNKNOWN_ROOM);
  }
  const room = party === "space" ? `space/${ctx.space.space_uuid}` : input.room;
  const ticket = `${TICKET_PREFIX}${randomToken()}`;
  const now = Date.now();
  const holder =
    "credential" in buyer
      ? { credential_uuid: buyer.credential.uuid }
      : {
          user_uuid: ctx.user.uuid,
          token_exp: (decodeJwt(buyer.accessToken).exp ?? now / 1000 + 300) * 1000,
        };
  await ctx.db.batch([
    ctx.db.insert(roomTicketTable).values({
      ticket_hash: await sha256Hex(ticket),
      room,
      ...holder,
      expires_at: now + TICKET_TTL_SECONDS * 1000,
    }),
    // Housekeeping: tickets an hour past their expiry are gone (used or not).
    ctx.db.delete(roomTicketTable).where(lt(roomTicketTable.expires_at, now - 3_600_000)),
  ]);
  return {
    ticket,
    room,
    expires_in: TICKET_TTL_SECONDS,
    url: `${roomPath.of(room)}?ticket=${encodeURIComponent(ticket)}`,
  };
}

/** What a consumed ticket names: a user (and the expiry of the token it was bought with) or a credential. */
export type TicketHolder =
  | { kind: "user"; user_uuid: string; token_exp: number }
  | { kind: "credential"; credential: SpaceCredentialRow };

/**
 * Consumes a ticket for `room` ("device/{uuid}" …): one conditional UPDATE, so of two uses only
 * one wins. Returns who bought it, or null (unknown, used, expired, another room's, or a
 * credential that was revoked or expired since).
 */
export async function consumeRoomTicket(db: Db, ticket: string, room: string): Promise<TicketHolder | null> {
  const now = Date.now();
  const [row] = await db
    .update(roomTicketTable)
    .set({ used_at: now })
    .where(
      and(
        eq(roomTicketTable.ticket_hash, await sha256Hex(ticket)),
        eq(roomTicketTable.room, room),
        isNull(roomTicketTable.used_at),
        gt(roomTicketTable.expires_at, now),
      ),
    )
    .returning({
      user_uuid: roomTicketTable.user_uuid,
      token_exp: roomTicketTable.token_exp,
      credential_uuid: roomTicketTable.credential_uuid,
    });
  if (row?.user_uuid && row.token_exp !== null) {
    return { kind: "user", user_uuid: row.user_uuid, token_exp: row.token_exp };
  }
  if (!row?.credential_uuid) return null;
  const credential = await db
    .select()
    .from(spaceCredentialTable)
    .where(eq(spaceCredentialTable.uuid, row.credential_uuid))
    .get();
  return credential && credentialState(credential, now) === "active" ? { kind: "credential", credential } : null;
}
