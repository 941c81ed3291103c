/**
 * The runtime's floor for the fan-out bench: the least a Durable Object room
 * in workerd can do, with none of the console in it. One Worker forwards upgrades to one Durable
 * Object, which accepts them with the hibernation API (as partyserver does) and sends a welcome;
 * a POST to the Worker is an RPC on the object, which sends its body to every socket (as the API's
 * publish does). No authentication, no D1, no routing, no validation: what is left is what any
 * room on this runtime pays per socket and per event. Served by wrangler's own Miniflare and
 * workerd, in the bench's process tree, on the console's compatibility date.
 */

import { join } from "node:path";
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare, wrangler } from "../lib/local-runtime.ts";
import { ROOT } from "../lib/proc.ts";

const SCRIPT = `
import { DurableObject } from "cloudflare:workers";
const WELCOME = JSON.stringify({ type: "welcome", room: "space/floor", role: "dashboard" });
export class Room extends DurableObject {
  async fetch(request) {
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1]);
    pair[1].send(WELCOME);
    return new Response(null, { status: 101, webSocket: pair[0] });
  }
  publish(message) {
    const sockets = this.ctx.getWebSockets();
    for (const ws of sockets) ws.send(message);
    return sockets.length;
  }
  webSocketClose(ws, code, reason) {
    // Completes the close handshake, as partyserver does.
    try { ws.close(code, reason); } catch {}
  }
}
export default {
  async fetch(request, env) {
    const room = env.ROOM.get(env.ROOM.idFromName("floor"));
    if (request.headers.get("Upgrade") === "websocket") return room.fetch(request);
    return new Response(String(await room.publish(await request.text())));
  },
};
`;

/** Starts the floor on `port`; `stop()` disposes of it (and its workerd). */
export async function startFloor(port: number): Promise<{ origin: string; stop: () => Promise<void> }> {
  // The console's compatibility date, read as wrangler reads it.
  const { compatibility_date: compatibilityDate } = wrangler.unstable_readConfig({
    config: join(ROOT, "wrangler.jsonc"),
  });
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port,
      log: new Log(LogLevel.WARN),
      cf: false,
      workers: [
        {
          name: "floor",
          modules: true,
          script: SCRIPT,
          compatibilityDate,
          durableObjects: { ROOM: { className: "Room", useSQLite: true } },
        },
      ],
    }),
  );
  const url = await mf.ready;
  return { origin: url.origin, stop: () => mf.dispose() };
}
