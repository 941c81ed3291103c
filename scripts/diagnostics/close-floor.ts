/**
 * `node scripts/diagnostics/close-floor.ts [variant]`: how long a WebSocket close takes to complete
 * in a bare Durable Object under Miniflare (no partyserver, no console code), by who starts it:
 * the client (with and without a status code), the room inside the socket's own message, the room
 * from an RPC or an alarm. On workerd 2026-11 a close the room starts from an RPC or an alarm on a
 * socket that has never sent a frame ends the connection only ≈ 10 s later (when the room goes
 * idle); on a socket that has sent one (the "server close via RPC" case sends "hi" first), within
 * milliseconds. That is why the console's client sends a first frame as it opens
 * (web/src/lib/room-socket.ts). Re-run it when the runtime is updated. Variants try handlers
 * (`partyserver`: its close answer; `always`, `e1`–`e7`: other ways of closing).
 */
import { join } from "node:path";
import WebSocket from "ws";
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare, wrangler } from "../lib/local-runtime.ts";
import { ROOT } from "../lib/proc.ts";

const variant = process.argv[2] ?? "partyserver";
const SCRIPT = `
import { DurableObject } from "cloudflare:workers";
const V = ${JSON.stringify(variant)};
export class Room extends DurableObject {
  async fetch(request) {
    const url = new URL(request.url);
    if (request.headers.get("Upgrade") !== "websocket") {
      for (const ws of this.ctx.getWebSockets()) ws.close(4410, "revoked");
      return new Response("ok");
    }
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1]);
    pair[1].serializeAttachment({ id: crypto.randomUUID() });
    this.kept.push(pair[1]);
    if (V !== "nowelcome") pair[1].send("welcome");
    return new Response(null, { status: 101, webSocket: pair[0] });
  }
  pending = new Map();
  kept = [];
  seen = new Map();
  pub() { for (const ws of this.ctx.getWebSockets()) ws.send("pub"); }
  async setAlarmNow() { await this.ctx.storage.setAlarm(Date.now() + 10); }
  closeAndTrack(ws) {
    const done = new Promise((r) => this.pending.set(ws.deserializeAttachment().id, r));
    ws.close(4410, "revoked");
    return done;
  }
  async revoke() {
    if (V === "e7") { for (const ws of this.seen.values()) { try { ws.close(4410, "revoked"); } catch {} } this.seen.clear(); return 1; }
    if (V === "e6") { for (const ws of this.kept) { try { ws.close(4410, "revoked"); } catch {} } this.kept = []; return 1; }
    if (V === "e5") { for (const ws of this.ctx.getWebSockets()) setTimeout(() => ws.close(4410, "revoked"), 0); return 1; }
    const ps = this.ctx.getWebSockets().map((ws) => V.includes("wait") ? this.closeAndTrack(ws) : ws.close(4410, "revoked"));
    if (V === "always-wait") await Promise.race([Promise.all(ps), new Promise((r) => setTimeout(r, 2000))]);
    if (V === "always-waituntil") this.ctx.waitUntil(Promise.race([Promise.all(ps), new Promise((r) => setTimeout(r, 2000))]));
    return 1;
  }
  webSocketMessage(ws, m) {
    this.seen.set(ws.deserializeAttachment().id, ws);
    if (m === "hi") { const g = this.ctx.getWebSockets(); console.log("msg ws in getWebSockets?", g.includes(ws), "kept?", this.kept.includes(ws)); }
    if (m === "close-me") ws.close(4401, "bye");
    if (m === "close-others") for (const o of this.ctx.getWebSockets()) if (o !== ws) o.close(4403, "other");
    if (m === "close-later") setTimeout(() => ws.close(4401, "later"), 50);
  }
  async alarm() { for (const ws of this.ctx.getWebSockets()) ws.close(4401, "alarm"); }
  webSocketClose(ws, code, reason, wasClean) {
    console.log(Date.now() % 100000, "webSocketClose", code, reason, wasClean, ws.readyState);
    const id = ws.deserializeAttachment().id; console.log("pending?", this.pending.has(id), this.pending.has(ws)); this.pending.get(id)?.(); this.pending.delete(id);
    if (V === "partyserver") { if (code === 1005 || code === 1006 || code === 1015) return; try { ws.close(code, reason); } catch (e) { console.log("close threw", String(e)); } }
    if (V === "e1") { try { ws.send("x"); } catch (e) { console.log("send threw", String(e)); } }
    if (V === "e3") return new Promise((r) => setTimeout(() => { try { ws.close(1000); } catch {} r(); }, 1));
    if (V === "e4") { try { ws.close(); } catch (e) { console.log("close() threw", String(e)); } }
    if (V.startsWith("always")) { try { ws.close(code === 1005 ? 1000 : code, reason); } catch (e) { console.log("close threw", String(e)); } }
    if (V === "always1000") { try { ws.close(code === 1005 || code===1006 ? 1000 : code, reason); } catch (e) { console.log("close threw", String(e)); } }
  }
}
export default {
  async fetch(request, env) {
    const room = env.ROOM.get(env.ROOM.idFromName("floor"));
    if (request.headers.get("Upgrade") === "websocket") return room.fetch(request);
    if (new URL(request.url).pathname === "/pub") { await room.pub(); return new Response("ok"); }
    if (new URL(request.url).pathname === "/alarm") { await room.setAlarmNow(); return new Response("ok"); }
    if (new URL(request.url).pathname === "/rpc") return new Response(String(await room.revoke()));
    return room.fetch(request);
  },
};
`;
const { compatibility_date: compatibilityDate } = wrangler.unstable_readConfig({
  config: join(ROOT, "wrangler.jsonc"),
});
const flags = process.env.FLAGS ? process.env.FLAGS.split(",") : [];
const mf = new Miniflare(
  convertV4MiniflareOptions({
    host: "127.0.0.1",
    port: 8864,
    log: new Log(LogLevel.INFO),
    cf: false,
    workers: [
      {
        name: "floor",
        modules: true,
        script: SCRIPT,
        compatibilityDate,
        compatibilityFlags: flags,
        durableObjects: { ROOM: { className: "Room", useSQLite: true } },
      },
    ],
  }),
);
const url = await mf.ready;
const ws0 = url.origin.replace("http", "ws") + "/";
const open = () =>
  new Promise<WebSocket>((res, rej) => {
    const ws = new WebSocket(ws0);
    if (variant === "nowelcome") ws.once("open", () => setTimeout(() => res(ws), 30));
    else ws.once("message", () => res(ws));
    ws.once("error", rej);
  });
const timed = async (label: string, act: (ws: WebSocket) => unknown) => {
  const ws = await open();
  const t0 = performance.now();
  console.log(Date.now() % 100000, "start", label);
  const done = new Promise<void>((r) =>
    ws.once("close", (code) => {
      console.log(Date.now() % 100000, label, Math.round(performance.now() - t0), "ms", code);
      r();
    }),
  );
  await act(ws);
  await Promise.race([done, new Promise((r) => setTimeout(r, 15000))]);
};
await timed("client close() no code:", (ws) => ws.close());
await timed("client close(1000):", (ws) => ws.close(1000));
await timed("server close in message:", (ws) => ws.send("close-me"));
if (!process.env.SKIP)
  await timed("server close via RPC:", async (ws) => {
    ws.send("hi");
    await new Promise((r) => setTimeout(r, 50));
    return fetch(url.origin + "/rpc");
  });
if (process.env.PUB)
  await timed("server close via RPC after a publish:", async () => {
    await fetch(url.origin + "/pub");
    await new Promise((r) => setTimeout(r, 50));
    return fetch(url.origin + "/rpc");
  });
await timed("server close via alarm:", () => fetch(url.origin + "/alarm"));
await timed("server close later in message:", (ws) => ws.send("close-later"));
{
  const a = await open();
  await timed("server close other from message:", () => a.send("close-others"));
  a.close(1000);
}
await mf.dispose();
