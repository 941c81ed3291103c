import { and, eq, gt, isNull, lt } from "drizzle-orm";
import { decodeJwt } from "jose";
import type { RoomTicketInput, RoomTicketReply } from "../../../contracts/room-ticket.ts";
import { deviceTable, locationTable, roomTicketTable } from "../../../drizzle/schema/index.ts";
import { randomToken, sha256Hex } from "../../lib/crypto.ts";
import type { Db } from "../../lib/db.ts";
import { ApiError } from "../../lib/errors.ts";
import type { ServiceArgs } from "../kernel/args.ts";

/** A ticket opens one socket to one room, within this many seconds of being issued. */
export const TICKET_TTL_SECONDS = 30;
/** Tickets carry this prefix, so a room upgrade tells them from access tokens and device credentials. */
export const TICKET_PREFIX = "rt_";

export type RoomParty = "space" | "location" | "device";

/** The space a room belongs to, or null when the room names nothing that exists. */
export async function spaceOfRoom(db: Db, party: RoomParty, name: string): Promise<string | null> {
  if (party === "space") return name;
  const table = party === "location" ? locationTable : deviceTable;
  const row = await db.select({ s: table.space_uuid }).from(table).where(eq(table.uuid, name)).get();
  return row?.s ?? null;
}

/**
 * POST /api/space/{space}/room-ticket/: trades the caller's access token for a single-use
 * ticket bound to one room of the space (ARCHITECTURE.md: browsers cannot set headers on a
 * WebSocket, and access tokens must not travel in URLs). The socket opened with it lasts as long
 * as the access token would have, unless re-authenticated on the socket.
 */
export async function issueRoomTicket({
  ctx,
  input,
}: ServiceArgs<RoomTicketInput & { accessToken: string }>): Promise<RoomTicketReply> {
  const [party, name] = input.room.split("/") as [RoomParty, string];
  const space = await spaceOfRoom(ctx.db, party, name);
  if (space !== ctx.space.space_uuid) throw new ApiError("not_found", "Room not found.");
  const ticket = `${TICKET_PREFIX}${randomToken()}`;
  const now = Date.now();
  const tokenExp = (decodeJwt(input.accessToken).exp ?? now / 1000 + 300) * 1000;
  await ctx.db.batch([
    ctx.db.insert(roomTicketTable).values({
      ticket_hash: await sha256Hex(ticket),
      room: input.room,
      user_uuid: ctx.user.uuid,
      token_exp: tokenExp,
      expires_at: now + TICKET_TTL_SECONDS * 1000,
    }),
    // Housekeeping: tickets an hour past their expiry are gone (used or not).
    ctx.db.delete(roomTicketTable).where(lt(roomTicketTable.expires_at, now - 3_600_000)),
  ]);
  return {
    ticket,
    room: input.room,
    expires_in: TICKET_TTL_SECONDS,
    url: `/parties/${input.room}?ticket=${encodeURIComponent(ticket)}`,
  };
}

/**
 * Consumes a ticket for `room` ("device/{uuid}" …): one conditional UPDATE, so of two uses only
 * one wins. Returns the user and the expiry of the token it was bought with, or null.
 */
export async function consumeRoomTicket(db: Db, ticket: string, room: string) {
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
    .returning({ user_uuid: roomTicketTable.user_uuid, token_exp: roomTicketTable.token_exp });
  return row ?? null;
}
