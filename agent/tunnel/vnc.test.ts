import { createServer, type Server, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import {
  payloadOf,
  sessionOf,
  TUNNEL_CHUNK_BYTES,
  TUNNEL_TEXT,
  TUNNEL_WINDOW_BYTES,
  type TunnelOpen,
} from "../../contracts/tunnel.ts";
import { freePort } from "./headless-vnc.ts";
import { openVncTunnel, type TunnelIo, type TunnelReply } from "./vnc.ts";

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
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { server, port, accepted };
}

/** A room socket standing in: control frames and data frames as they were sent. */
function fakeIo() {
  const controls: TunnelReply[] = [];
  const frames: Uint8Array[] = [];
  const io: TunnelIo = { control: (m) => controls.push(m), data: (f) => frames.push(f) };
  const received = () => frames.reduce((sum, f) => sum + payloadOf(f).byteLength, 0);
  return { io, controls, frames, received };
}

const until = async (check: () => boolean, ms = 5000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
};

const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

describe("openVncTunnel", () => {
  it("relays bytes both ways and credits what it wrote to the server", async () => {
    const { server, port, accepted } = await fakeServer();
    servers.push(server);
    const { io, controls, frames } = fakeIo();
    const tunnel = openVncTunnel(open, io, { port });
    const vnc = await accepted;
    await until(() => controls.some((c) => c.type === "tunnelOpened"));

    vnc.write("RFB 003.008\n");
    await until(() => frames.length > 0);
    expect(sessionOf(frames[0])).toBe(SESSION);
    expect(Buffer.from(payloadOf(frames[0])).toString()).toBe("RFB 003.008\n");

    const got: Buffer[] = [];
    vnc.on("data", (chunk: Buffer) => got.push(chunk));
    tunnel.write(new TextEncoder().encode("RFB 003.008\n"));
    await until(() => Buffer.concat(got).toString() === "RFB 003.008\n");
    await until(() => controls.some((c) => c.type === "tunnelCredit"));
    expect(controls.find((c) => c.type === "tunnelCredit")).toEqual({
      type: "tunnelCredit",
      session: SESSION,
      bytes: 12,
    });

    tunnel.close();
    await new Promise((r) => vnc.once("close", r));
    // Closed by the room: the agent does not answer with a tunnelClose.
    expect(controls.some((c) => c.type === "tunnelClose")).toBe(false);
  });

  it("stops reading the server while the window is full and resumes on credit", async () => {
    const { server, port, accepted } = await fakeServer();
    servers.push(server);
    const { io, frames, received } = fakeIo();
    const tunnel = openVncTunnel(open, io, { port });
    const vnc = await accepted;
    // More than loopback's kernel buffers hold: the server's write only completes if the agent reads on.
    const total = 32 * 1024 * 1024;
    let flushed = false;
    vnc.write(Buffer.alloc(total, 7), () => {
      flushed = true;
    });
    await until(() => received() === TUNNEL_WINDOW_BYTES);
    // The window is full: nothing more is sent however long we wait, and every chunk is ≤ 32 KiB.
    await new Promise((r) => setTimeout(r, 200));
    expect(received()).toBe(TUNNEL_WINDOW_BYTES);
    expect(frames.every((f) => payloadOf(f).byteLength <= TUNNEL_CHUNK_BYTES)).toBe(true);
    expect(flushed).toBe(false);

    tunnel.credit(TUNNEL_CHUNK_BYTES);
    await until(() => received() === TUNNEL_WINDOW_BYTES + TUNNEL_CHUNK_BYTES);
    await new Promise((r) => setTimeout(r, 50));
    expect(received()).toBe(TUNNEL_WINDOW_BYTES + TUNNEL_CHUNK_BYTES);

    // Crediting everything as it arrives lets the rest through.
    let credited = TUNNEL_CHUNK_BYTES;
    while (received() < total) {
      const seen = received();
      tunnel.credit(seen - credited);
      credited = seen;
      await until(() => received() > seen);
      expect(received() - credited).toBeLessThanOrEqual(TUNNEL_WINDOW_BYTES);
    }
    expect(received()).toBe(total);
    await until(() => flushed);
    tunnel.close();
  });

  it("closes with the unavailable text when nothing listens", async () => {
    const port = await freePort();
    const { io, controls } = fakeIo();
    openVncTunnel(open, io, { port });
    await until(() => controls.length > 0);
    expect(controls).toEqual([{ type: "tunnelClose", session: SESSION, reason: TUNNEL_TEXT.vncUnavailable }]);
  });

  it("starts a headless desktop only when allowed and installed, and stops it at the end", async () => {
    const port = await freePort();
    // Not allowed: unavailable without trying.
    let started = 0;
    const startHeadless = async () => {
      started++;
      const fake = await fakeServer();
      servers.push(fake.server);
      let stopped = false;
      return {
        display: ":99",
        port: fake.port,
        stop: () => {
          stopped = true;
        },
        get stopped() {
          return stopped;
        },
        accepted: fake.accepted,
      };
    };
    const off = fakeIo();
    openVncTunnel(open, off.io, { port, startHeadless, headlessInstalled: () => true });
    await until(() => off.controls.length > 0);
    expect(off.controls[0]).toMatchObject({ type: "tunnelClose", reason: TUNNEL_TEXT.vncUnavailable });
    expect(started).toBe(0);

    const missing = fakeIo();
    openVncTunnel(open, missing.io, { port, allowHeadless: true, startHeadless, headlessInstalled: () => false });
    await until(() => missing.controls.length > 0);
    expect(missing.controls[0]).toMatchObject({ type: "tunnelClose", reason: TUNNEL_TEXT.vncUnavailable });
    expect(started).toBe(0);

    let desktop: Awaited<ReturnType<typeof startHeadless>> | null = null;
    const on = fakeIo();
    const tunnel = openVncTunnel(open, on.io, {
      port,
      allowHeadless: true,
      headlessInstalled: () => true,
      startHeadless: async () => {
        desktop = await startHeadless();
        return desktop;
      },
    });
    await until(() => on.controls.some((c) => c.type === "tunnelOpened"));
    expect(started).toBe(1);
    tunnel.close();
    expect(desktop).not.toBeNull();
    expect((desktop as unknown as { stopped: boolean }).stopped).toBe(true);
  });

  it("tells the room when the server closes, and after idle_ms without a byte", async () => {
    const first = await fakeServer();
    servers.push(first.server);
    const closing = fakeIo();
    openVncTunnel(open, closing.io, { port: first.port });
    (await first.accepted).end();
    await until(() => closing.controls.some((c) => c.type === "tunnelClose"));
    expect(closing.controls.at(-1)).toEqual({ type: "tunnelClose", session: SESSION, reason: TUNNEL_TEXT.closed });

    const second = await fakeServer();
    servers.push(second.server);
    const idle = fakeIo();
    openVncTunnel({ ...open, idle_ms: 1000 }, idle.io, { port: second.port });
    await second.accepted;
    await until(() => idle.controls.some((c) => c.type === "tunnelClose"), 3000);
    expect(idle.controls.at(-1)).toEqual({ type: "tunnelClose", session: SESSION, reason: TUNNEL_TEXT.idle });
  });
});
