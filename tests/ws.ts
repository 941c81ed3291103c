import { SELF } from "cloudflare:test";
import { expect } from "vitest";
import { RoomTicketReply } from "../contracts/access/room-ticket.ts";
import { type RoomEvent, ServerMessage } from "../contracts/realtime/events.ts";
import { api, ORIGIN } from "./factories.ts";

export type JoinOptions = {
  /** Sent as `Authorization: Bearer …` instead of a query parameter. */
  bearer?: string;
  /** A room ticket, sent as `?ticket=`. */
  ticket?: string;
  /** More headers on the upgrade (e.g. an agent's attempt number). */
  headers?: Record<string, string>;
};

/** Opens a room socket through the Worker, as a browser or an agent would. */
export async function join(path: string, token?: string, options: JoinOptions = {}) {
  const url = new URL(`${ORIGIN}${path}`);
  if (token) url.searchParams.set("token", token);
  if (options.ticket) url.searchParams.set("ticket", options.ticket);
  const headers: Record<string, string> = { Upgrade: "websocket", ...options.headers };
  if (options.bearer) headers.Authorization = `Bearer ${options.bearer}`;
  const res = await SELF.fetch(url, { headers });
  const ws = res.webSocket;
  const closed: { code: number; reason: string }[] = [];
  if (!ws) return { status: res.status, messages: [] as ServerMessage[], binary: [] as Uint8Array[], ws: null, closed };
  ws.accept();
  // Binary frames as ArrayBuffers (workerd's client sockets default to Blob).
  (ws as unknown as { binaryType: string }).binaryType = "arraybuffer";
  const messages: ServerMessage[] = [];
  /** Binary frames (remote-session data, contracts/remote-actions/tunnel.ts). */
  const binary: Uint8Array[] = [];
  ws.addEventListener("message", (e) => {
    if (typeof e.data !== "string") binary.push(new Uint8Array(e.data as ArrayBuffer));
    else messages.push(ServerMessage.parse(JSON.parse(e.data)));
  });
  ws.addEventListener("close", (e) => {
    closed.push({ code: e.code, reason: e.reason });
  });
  return { status: res.status, messages, binary, ws, closed };
}

/** Waits until `check` holds (polling), or fails after `ms`. */
export const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
};

/** A room ticket for `room` of `space`, bought with `token` (an access token or a display link's secret); 201 expected. */
export async function ticketFor(space: string, room: string, token: string) {
  const res = await api(`/api/space/${space}/room-ticket/`, { method: "POST", token, json: { room } });
  expect(res.status).toBe(201);
  return RoomTicketReply.parse(await res.json());
}

/** A deviceUpdated event of a random device of `space_uuid`, to publish to a room. */
export const deviceUpdated = (space_uuid: string): RoomEvent => ({
  type: "deviceDetailsUpdate",
  event: "deviceUpdated",
  space_uuid,
  device_uuid: crypto.randomUUID(),
});
