import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { headlessAvailable, listening, startHeadlessDesktop } from "./headless-vnc.ts";

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
    await new Promise((r) => setTimeout(r, 500));
    expect(await listening(desktop.port)).toBe(false);
  }, 20_000);
});
