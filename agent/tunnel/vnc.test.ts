import { createServer, type Server, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import {
  dataFrame,
  payloadOf,
  sessionOf,
  TUNNEL_CHUNK_BYTES,
  TUNNEL_TEXT,
  TUNNEL_WINDOW_BYTES,
  type TunnelOpen,
} from "../../contracts/remote-actions/tunnel.ts";
import { freePort, type HeadlessDesktop } from "./headless-vnc.ts";
import { TunnelSessions } from "./sessions.ts";
import { type VncOptions, vncProvider } from "./vnc.ts";

const SESSION = "0b6a2a52-6a4e-4f4e-9d7e-3f1c2b7d9a10";
const open: TunnelOpen = { type: "tunnelOpen", session: SESSION, kind: "vnc" };

/** A fake VNC server (node:net) on a free loopback port; `accepted` resolves with its first client. */
async function fakeServer() {
  let accept: (socket: Socket) => void = () => {};
  const accepted = new Promise<Socket>((resolve) => {
    accept = resolve;
  });
  const server: Server = createServer((socket) => accept(socket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { port, accepted };
}

type Json = { type: string; session: string; reason?: string; bytes?: number };

/** The agent's tunnel registry with only the vnc kind; what it sends lands in arrays. */
function harness(options: VncOptions, idleMs?: number) {
  const json: Json[] = [];
  const frames: Uint8Array[] = [];
  const sessions = new TunnelSessions({
    providers: { vnc: vncProvider(options) },
    idleMs,
    creditDelayMs: 10,
    send: { json: (m) => json.push(m as Json), frame: (f) => frames.push(f.slice()) },
  });
  registries.push(sessions);
  const received = () => frames.reduce((sum, f) => sum + payloadOf(f).byteLength, 0);
  const credit = (bytes: number) => sessions.message({ type: "tunnelCredit", session: SESSION, bytes });
  return { sessions, json, frames, received, credit };
}

const until = async (check: () => boolean, ms = 5000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
};

const servers: Server[] = [];
const registries: TunnelSessions[] = [];
afterEach(() => {
  for (const r of registries.splice(0)) r.closeAll();
  for (const s of servers.splice(0)) s.close();
});

describe("vnc sessions (a fake VNC server on node:net)", () => {
  it("relays bytes both ways: the server's after tunnelOpened, the browser's credited once written", async () => {
    const { port, accepted } = await fakeServer();
    const h = harness({ port });
    const opening = h.sessions.open(open);
    const vnc = await accepted;
    vnc.write("RFB 003.008\n");
    await opening;
    expect(h.json[0]).toEqual({ type: "tunnelOpened", session: SESSION });
    await until(() => h.frames.length > 0);
    expect(sessionOf(h.frames[0])).toBe(SESSION);
    expect(Buffer.from(payloadOf(h.frames[0])).toString()).toBe("RFB 003.008\n");

    const got: Buffer[] = [];
    vnc.on("data", (chunk: Buffer) => got.push(chunk));
    h.sessions.data(dataFrame(SESSION, new TextEncoder().encode("RFB 003.008\n")));
    await until(() => Buffer.concat(got).toString() === "RFB 003.008\n");
    await until(() => h.json.some((m) => m.type === "tunnelCredit"));
    expect(h.json.find((m) => m.type === "tunnelCredit")).toEqual({
      type: "tunnelCredit",
      session: SESSION,
      bytes: 12,
    });

    h.sessions.message({ type: "tunnelClose", session: SESSION });
    await new Promise((r) => vnc.once("close", r));
    // Closed by the browser: the agent does not answer with a tunnelClose.
    expect(h.json.some((m) => m.type === "tunnelClose")).toBe(false);
  });

  it("stops reading the server while the window is full (never a chunk over it) and resumes on credit", async () => {
    const { port, accepted } = await fakeServer();
    const h = harness({ port });
    await h.sessions.open(open);
    const vnc = await accepted;
    // More than loopback's kernel buffers hold: the server's write only completes if the agent reads on.
    const total = 32 * 1024 * 1024;
    let flushed = false;
    vnc.write(Buffer.alloc(total, 7), () => {
      flushed = true;
    });
    await until(() => h.received() >= TUNNEL_WINDOW_BYTES);
    await new Promise((r) => setTimeout(r, 300));
    const held = h.received();
    expect(held).toBeGreaterThanOrEqual(TUNNEL_WINDOW_BYTES);
    expect(held).toBeLessThanOrEqual(TUNNEL_WINDOW_BYTES + TUNNEL_CHUNK_BYTES);
    expect(h.frames.every((f) => payloadOf(f).byteLength <= TUNNEL_CHUNK_BYTES)).toBe(true);
    expect(h.sessions.flow(SESSION)?.paused).toBe(true);
    expect(flushed).toBe(false);

    // The browser credits what it has decoded: the rest flows, never more than a chunk over the window.
    let credited = 0;
    while (h.received() < total) {
      const seen = h.received();
      if (seen > credited) h.credit(seen - credited);
      credited = seen;
      await until(() => h.received() > seen);
      expect(h.received() - credited).toBeLessThanOrEqual(TUNNEL_WINDOW_BYTES + TUNNEL_CHUNK_BYTES);
    }
    expect(h.received()).toBe(total);
    await until(() => flushed);
  });

  it("closes with the unavailable text when nothing listens", async () => {
    const h = harness({ port: await freePort() });
    await h.sessions.open(open);
    expect(h.json).toEqual([{ type: "tunnelClose", session: SESSION, reason: TUNNEL_TEXT.vncUnavailable }]);
  });

  it("starts a headless desktop only when allowed and installed, and stops it when the session ends", async () => {
    const port = await freePort();
    let started = 0;
    let stopped = 0;
    const startHeadless = async (): Promise<HeadlessDesktop> => {
      started++;
      const fake = await fakeServer();
      return { display: ":99", port: fake.port, stop: () => stopped++ };
    };
    const off = harness({ port, startHeadless, headlessInstalled: () => true });
    await off.sessions.open(open);
    expect(off.json[0]).toMatchObject({ type: "tunnelClose", reason: TUNNEL_TEXT.vncUnavailable });
    const missing = harness({ port, allowHeadless: true, startHeadless, headlessInstalled: () => false });
    await missing.sessions.open(open);
    expect(missing.json[0]).toMatchObject({ type: "tunnelClose", reason: TUNNEL_TEXT.vncUnavailable });
    expect(started).toBe(0);

    const on = harness({ port, allowHeadless: true, startHeadless, headlessInstalled: () => true });
    await on.sessions.open(open);
    expect(on.json[0]).toEqual({ type: "tunnelOpened", session: SESSION });
    expect([started, stopped]).toEqual([1, 0]);
    on.sessions.message({ type: "tunnelClose", session: SESSION });
    expect(stopped).toBe(1);
  });

  it("tells the room when the server hangs up, and after idle_ms without a byte", async () => {
    const first = await fakeServer();
    const closing = harness({ port: first.port });
    await closing.sessions.open(open);
    (await first.accepted).end();
    await until(() => closing.json.some((m) => m.type === "tunnelClose"));
    expect(closing.json.at(-1)).toEqual({ type: "tunnelClose", session: SESSION, reason: TUNNEL_TEXT.closed });

    const second = await fakeServer();
    const idle = harness({ port: second.port });
    await idle.sessions.open({ ...open, idle_ms: 1000 });
    await until(() => idle.json.some((m) => m.type === "tunnelClose"), 3000);
    expect(idle.json.at(-1)).toMatchObject({ type: "tunnelClose", session: SESSION });
  });
});
