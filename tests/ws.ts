import { SELF } from "cloudflare:test";
import { ServerMessage } from "../contracts/realtime.ts";
import { ORIGIN } from "./factories.ts";

export type JoinOptions = {
  /** Sent as `Authorization: Bearer …` instead of a query parameter. */
  bearer?: string;
  /** A room ticket, sent as `?ticket=`. */
  ticket?: string;
};

/** Opens a room socket through the Worker, as a browser or an agent would. */
export async function join(path: string, token?: string, options: JoinOptions = {}) {
  const url = new URL(`${ORIGIN}${path}`);
  if (token) url.searchParams.set("token", token);
  if (options.ticket) url.searchParams.set("ticket", options.ticket);
  const headers: Record<string, string> = { Upgrade: "websocket" };
  if (options.bearer) headers.Authorization = `Bearer ${options.bearer}`;
  const res = await SELF.fetch(url, { headers });
  const ws = res.webSocket;
  const closed: { code: number; reason: string }[] = [];
  if (!ws) return { status: res.status, messages: [] as ServerMessage[], ws: null, closed };
  ws.accept();
  const messages: ServerMessage[] = [];
  ws.addEventListener("message", (e) => {
    messages.push(ServerMessage.parse(JSON.parse(String(e.data))));
  });
  ws.addEventListener("close", (e) => {
    closed.push({ code: e.code, reason: e.reason });
  });
  return { status: res.status, messages, ws, closed };
}

/** Waits until `check` holds (polling), or fails after `ms`. */
export const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
};
