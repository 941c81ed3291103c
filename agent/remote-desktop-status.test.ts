import { createServer, type Server } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { remoteDesktopStatus } from "./remote-desktop-status.ts";

let server: Server | null = null;
afterEach(() => {
  server?.close();
  server = null;
});

const listening = () =>
  new Promise<number>((resolve) => {
    server = createServer((socket) => socket.end());
    server.listen(0, "127.0.0.1", () => {
      const address = server?.address();
      resolve(typeof address === "object" && address ? address.port : 0);
    });
  });

describe("the remote desktop the agent reports", () => {
  it("runs while a VNC server answers on the device", async () => {
    const port = await listening();
    const status = await remoteDesktopStatus({ port, cacheMs: 0 })();
    expect(status).toMatchObject({ kind: "remote_desktop", state: "running", last_error: null });
  });

  it("is not installed where nothing answers, and says where it looked", async () => {
    const port = await listening();
    server?.close();
    const status = await remoteDesktopStatus({ port, cacheMs: 0 })();
    expect(status.state).toBe("not_installed");
    expect(status.last_error).toBe(`No VNC server answers on 127.0.0.1:${port}.`);
  });

  it("is available on demand where the agent may start a headless desktop", async () => {
    const port = await listening();
    server?.close();
    expect((await remoteDesktopStatus({ port, headless: true, cacheMs: 0 })()).state).toBe("stopped");
  });
});
