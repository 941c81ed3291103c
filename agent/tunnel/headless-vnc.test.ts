import { existsSync } from "node:fs";
import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { payloadOf } from "../../contracts/tunnel.ts";
import { freePort, type HeadlessDesktop, headlessAvailable, listening, startHeadlessDesktop } from "./headless-vnc.ts";
import { TunnelSessions } from "./sessions.ts";
import { vncProvider } from "./vnc.ts";

/** x11vnc no longer answers and Xvfb's socket is gone (within 5 s: a stubborn x11vnc gets SIGKILL after 2 s). */
async function expectStopped(desktop: HeadlessDesktop) {
  const socket = `/tmp/.X11-unix/X${desktop.display.slice(1)}`;
  const until = Date.now() + 5000;
  while (((await listening(desktop.port)) || existsSync(socket)) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(await listening(desktop.port)).toBe(false);
  expect(existsSync(socket)).toBe(false);
}

describe.skipIf(!headlessAvailable())("startHeadlessDesktop (Xvfb and x11vnc installed)", () => {
  it("serves RFB on a loopback port and stops", async () => {
    const desktop = await startHeadlessDesktop({ width: 320, height: 200 });
    try {
      const banner = await new Promise<string>((resolve, reject) => {
        const socket = connect({ host: "127.0.0.1", port: desktop.port });
        socket.once("data", (chunk) => {
          socket.destroy();
          resolve(chunk.toString());
        });
        socket.once("error", reject);
      });
      expect(banner).toMatch(/^RFB 003\.00\d\n/);
    } finally {
      desktop.stop();
    }
    await expectStopped(desktop);
  }, 20_000);

  it("a vnc session with --allow-headless-vnc and nothing on --vnc-port runs on its own Xvfb + x11vnc, stopped at the end", async () => {
    let desktop: HeadlessDesktop | null = null;
    const json: { type: string }[] = [];
    const frames: Uint8Array[] = [];
    const sessions = new TunnelSessions({
      providers: {
        vnc: vncProvider({
          port: await freePort(),
          allowHeadless: true,
          startHeadless: async () => {
            desktop = await startHeadlessDesktop({ width: 320, height: 200 });
            return desktop;
          },
        }),
      },
      send: { json: (m) => json.push(m as { type: string }), frame: (f) => frames.push(f.slice()) },
    });
    const session = "5d1c0c53-8a35-4c8e-9f0a-7a2d1e6b4c21";
    await sessions.open({ type: "tunnelOpen", session, kind: "vnc" });
    expect(json[0]).toEqual({ type: "tunnelOpened", session });
    const deadline = Date.now() + 5000;
    while (!frames.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(Buffer.from(payloadOf(frames[0])).toString()).toMatch(/^RFB 003\.00\d\n/);
    const started = desktop as HeadlessDesktop | null;
    if (!started) throw new Error("no headless desktop");
    sessions.message({ type: "tunnelClose", session });
    await expectStopped(started);
  }, 20_000);
});
