import type { ServerMessage } from "@contracts/realtime/events";
import { ACK_EVERY, CloseCode, ROOM_EVENT_TYPES, roomPath, SERVER_MESSAGE_TYPES } from "@contracts/realtime/values";
import { issueRoomTicket } from "@contracts/spaces/routes";
import PartySocket from "partysocket";
import { ApiError, callApi } from "../api/api";
import { endDisplaySession, getDisplaySecret } from "../session/display-session";
import { getSession, subscribeSession } from "../session/session";

/** A room as the ticket API names it (ARCHITECTURE.md, Room addresses). */
export type RoomName = `space/${string}` | `location/${string}` | `device/${string}`;

/** A single-use ticket for one room (valid 30 s), bought with the current access token (or the wall's display link). */
export async function roomTicket(space: string, room: RoomName): Promise<string> {
  const reply = await callApi(issueRoomTicket, { params: { space }, json: { room } });
  return reply.ticket;
}

export type RoomSocket = {
  socket: PartySocket;
  /** Leaves the room for good (no reconnect) and stops re-authenticating. */
  close: () => void;
};

export type RoomSocketOptions = {
  /** Every message of the protocol (contracts/realtime/events.ts), known by its type; anything else is logged and ignored. */
  onMessage?: (message: ServerMessage) => void;
  /** The room closed the socket because this account's membership changed (4403). */
  onRevoked?: () => void;
  /** Binary frames (remote sessions' data, contracts/remote-actions/tunnel.ts), as ArrayBuffers. */
  onBinary?: (data: ArrayBuffer) => void;
};

/**
 * Whether a failed ticket ends the socket for good instead of retrying: the caller has no right to
 * the room (403), the room is gone (404), or a display link was refused (401: revoked or expired —
 * the display session has ended with the reason).
 */
export const ticketRefusalIsFinal = (error: unknown, display: boolean) =>
  error instanceof ApiError && (error.status === 403 || error.status === 404 || (display && error.status === 401));

const typed = (value: unknown, types: readonly string[]): value is { type: string } =>
  typeof value === "object" && value !== null && types.includes((value as { type?: unknown }).type as string);

/** Whether a JSON value is a message of the protocol by its type (a batch: a list of room events). */
function isProtocolMessage(json: unknown): json is ServerMessage {
  if (!typed(json, SERVER_MESSAGE_TYPES)) return false;
  if (json.type !== "batch") return true;
  const events: unknown = (json as { events?: unknown }).events;
  return Array.isArray(events) && events.length > 0 && events.every((event) => typed(event, ROOM_EVENT_TYPES));
}

/**
 * A frame as a protocol message, or null (logged) when it is not JSON or not a message of the
 * protocol. Only the message's type is checked: the room built and validated it against
 * contracts/realtime/events.ts before sending it, and the console's first load carries no zod.
 */
export function parseRoomMessage(data: unknown, room: RoomName): ServerMessage | null {
  if (typeof data !== "string") return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    console.warn(`Room ${room}: a message that is not JSON was ignored`);
    return null;
  }
  if (isProtocolMessage(json)) return json;
  console.warn(`Room ${room}: a message outside the protocol was ignored`);
  return null;
}

/**
 * The messages a frame carries: a `batch` (a busy room's burst of device updates, gathered into
 * one frame) is its events in order, each handled as if it had come alone; anything else is itself.
 */
export const unbatched = (message: ServerMessage): ServerMessage[] =>
  message.type === "batch" ? message.events : [message];

/**
 * Joins a room the way the console does: every (re)connect buys a fresh single-use ticket, so no
 * access token ever travels in a URL; each token refresh is sent on the open socket
 * (`{type:"auth"}`) so the room keeps it past the first token's expiry; and every ACK_EVERY
 * messages the client acknowledges what it has processed, so the room can drop a stalled screen
 * instead of buffering for it. Messages reach `onMessage` parsed with the protocol's schema.
 */
export function openRoomSocket(space: string, room: RoomName, options: RoomSocketOptions = {}): RoomSocket {
  // A wall's display session: tickets are bought with the display link, nothing is
  // re-authenticated on the socket, and a revoked link (4410) ends the session and the socket.
  const display = getDisplaySecret() !== null;
  const socket = new PartySocket({
    host: window.location.host,
    protocol: window.location.protocol === "https:" ? "wss" : "ws",
    // partysocket adds the leading slash.
    basePath: roomPath.of(room).slice(1),
    // A failed ticket (offline, a 5xx) leaves the parameter out: the room refuses and partysocket
    // retries with back-off. A refusal (403/404: no longer a member, the room is gone) stops it.
    query: async () => {
      try {
        return { ticket: await roomTicket(space, room) };
      } catch (error) {
        if (ticketRefusalIsFinal(error, display)) queueMicrotask(() => socket.close());
        return {};
      }
    },
  });

  socket.binaryType = "arraybuffer";
  let received = 0;
  socket.addEventListener("open", () => {
    received = 0;
    // A first frame from the client, at once: the runtime completes a close the room starts (a
    // revoked member, an expired token) within milliseconds only on a socket that has sent
    // something; on one that never did, the browser's close event came ≈ 10 s late.
    socket.send(JSON.stringify({ type: "ack", received: 0 }));
  });
  socket.addEventListener("message", (event: MessageEvent) => {
    received++;
    if (received % ACK_EVERY === 0) socket.send(JSON.stringify({ type: "ack", received }));
    if (event.data instanceof ArrayBuffer) return options.onBinary?.(event.data);
    if (!options.onMessage) return;
    const message = parseRoomMessage(event.data, room);
    if (message) for (const one of unbatched(message)) options.onMessage(one);
  });
  socket.addEventListener("close", (event: CloseEvent) => {
    if (event.code === CloseCode.membershipChanged) options.onRevoked?.();
    // The account opened more sockets in this room elsewhere (other tabs) and this was the oldest:
    // reconnecting would close the next oldest, and so on around the tabs.
    if (event.code === CloseCode.tooManySockets) queueMicrotask(() => socket.close());
    if (event.code === CloseCode.credentialRevoked) {
      if (display) endDisplaySession("revoked");
      queueMicrotask(() => socket.close());
    }
  });

  let token = getSession()?.access_token;
  const unsubscribe = subscribeSession(() => {
    if (display) return;
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
