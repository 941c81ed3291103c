import { existsSync } from "node:fs";
import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { payloadOf } from "../../contracts/remote-actions/tunnel.ts";
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

describe("the Headless VNC action (headless-remote-desktop)", () => {
  const run = async (options: Partial<import("../providers/types.ts").ProviderOptions>) => {
    const { createExecutor } = await import("../providers/index.ts");
    const execute = createExecutor({ allowPower: false, log: () => {}, ...options });
    return execute({ type: "command", id: "h", action: "headless-remote-desktop", params: {} });
  };

  it("a tool that is missing or does not come up is refused with a clear text", async () => {
    const reply = await run({
      allowHeadlessVnc: true,
      vncUrl: "vnc://10.0.0.5:5900",
      startHeadless: async () => {
        throw new Error("Headless VNC needs Xvfb and x11vnc (not installed).");
      },
    });
    expect(reply).toEqual({
      ok: false,
      error: "Headless VNC failed to start: Headless VNC needs Xvfb and x11vnc (not installed).",
    });
  });

  it.skipIf(!headlessAvailable())(
    "starts Xvfb + x11vnc and answers the address it started (RFB there), the same one again; the vnc tunnel reaches it",
    async () => {
      const { currentHeadless, stopHeadless } = await import("./headless-vnc.ts");
      try {
        const reply = await run({ allowHeadlessVnc: true, vncUrl: "vnc://10.0.0.5:5900" });
        if (!reply.ok) throw new Error(reply.error);
        const result = reply.result as { url: string; host: string; port: number; display: string; headless: boolean };
        expect(result).toMatchObject({ host: "127.0.0.1", headless: true, url: `vnc://127.0.0.1:${result.port}` });
        expect(result.url).not.toContain("10.0.0.5");
        expect(await listening(result.port)).toBe(true);
        const again = await run({ allowHeadlessVnc: true });
        expect(again).toMatchObject({ ok: true, result: { port: result.port, display: result.display } });
        // The console's viewer: a vnc session with nothing on --vnc-port gets the started desktop.
        const json: { type: string }[] = [];
        const frames: Uint8Array[] = [];
        const sessions = new TunnelSessions({
          providers: { vnc: vncProvider({ port: await freePort() }) },
          send: { json: (m) => json.push(m as { type: string }), frame: (f) => frames.push(f.slice()) },
        });
        const session = "6e2d1d64-9b46-4d9f-8a1b-8b3e2f7c5d32";
        await sessions.open({ type: "tunnelOpen", session, kind: "vnc" });
        expect(json[0]).toEqual({ type: "tunnelOpened", session });
        const deadline = Date.now() + 5000;
        while (!frames.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
        expect(Buffer.from(payloadOf(frames[0])).toString()).toMatch(/^RFB 003\.00\d\n/);
        sessions.message({ type: "tunnelClose", session });
        // The session's end leaves the action's desktop up.
        expect(currentHeadless()?.port).toBe(result.port);
      } finally {
        const started = currentHeadless();
        stopHeadless();
        if (started) await expectStopped(started);
      }
    },
    20_000,
  );
});
