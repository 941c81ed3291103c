import { ACK_EVERY, CloseCode } from "@contracts/realtime";
import { RoomTicketReply } from "@contracts/room-ticket";
import PartySocket from "partysocket";
import { ApiError, apiFetch } from "./api";
import { getSession, subscribeSession } from "./session";

/** A room as the ticket API names it (ARCHITECTURE.md, Room addresses). */
export type RoomName = `space/${string}` | `location/${string}` | `device/${string}`;

/** A single-use ticket for one room (valid 30 s), bought with the current access token. */
export async function roomTicket(space: string, room: RoomName): Promise<string> {
  const reply = await apiFetch(`/space/${space}/room-ticket/`, {
    method: "POST",
    json: { room },
    schema: RoomTicketReply,
  });
  return reply.ticket;
}

export type RoomSocket = {
  socket: PartySocket;
  /** Leaves the room for good (no reconnect) and stops re-authenticating. */
  close: () => void;
};

export type RoomSocketOptions = {
  /** The room closed the socket because this account's membership changed (4403). */
  onRevoked?: () => void;
};

/**
 * Joins a room the way the console does: every (re)connect buys a fresh single-use ticket, so no
 * access token ever travels in a URL; each token refresh is sent on the open socket
 * (`{type:"auth"}`) so the room keeps it past the first token's expiry; and every ACK_EVERY
 * messages the client acknowledges what it has processed, so the room can drop a stalled screen
 * instead of buffering for it.
 */
export function openRoomSocket(space: string, room: RoomName, options: RoomSocketOptions = {}): RoomSocket {
  const socket = new PartySocket({
    host: window.location.host,
    protocol: window.location.protocol === "https:" ? "wss" : "ws",
    basePath: `parties/${room}`,
    // A failed ticket (offline, a 5xx) leaves the parameter out: the room refuses and partysocket
    // retries with back-off. A refusal (403/404: no longer a member, the room is gone) stops it.
    query: async () => {
      try {
        return { ticket: await roomTicket(space, room) };
      } catch (error) {
        if (error instanceof ApiError && (error.status === 403 || error.status === 404)) {
          queueMicrotask(() => socket.close());
        }
        return {};
      }
    },
  });

  let received = 0;
  socket.addEventListener("open", () => {
    received = 0;
  });
  socket.addEventListener("message", () => {
    received++;
    if (received % ACK_EVERY === 0) socket.send(JSON.stringify({ type: "ack", received }));
  });
  socket.addEventListener("close", (event: CloseEvent) => {
    if (event.code === CloseCode.membershipChanged) options.onRevoked?.();
  });

  let token = getSession()?.access_token;
  const unsubscribe = subscribeSession(() => {
    const next = getSession()?.access_token;
    if (!next || next === token) return;
    token = next;
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: "auth", token: next }));
  });

  return {
    socket,
    close: () => {
      unsubscribe();
      socket.close();
    },
  };
}
