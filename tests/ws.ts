import { SELF } from "cloudflare:test";
import { ServerMessage } from "../party/protocol.ts";
import { ORIGIN } from "./factories.ts";

/** Opens a room socket through the Worker, as a browser or an agent would. */
export async function join(path: string, token?: string) {
  const url = new URL(`${ORIGIN}${path}`);
  if (token) url.searchParams.set("token", token);
  const res = await SELF.fetch(url, { headers: { Upgrade: "websocket" } });
  const ws = res.webSocket;
  if (!ws) return { status: res.status, messages: [] as ServerMessage[], ws: null };
  ws.accept();
  const messages: ServerMessage[] = [];
  ws.addEventListener("message", (e) => {
    messages.push(ServerMessage.parse(JSON.parse(e.data as string)));
  });
  return { status: res.status, messages, ws };
}

/** Waits until `check` holds (polling), or fails after `ms`. */
export const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
};
