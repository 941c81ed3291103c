import { CloseCode } from "@contracts/realtime/values";
import { describe, expect, it, vi } from "vitest";

vi.mock("../session/session", () => ({ getSession: vi.fn(), subscribeSession: vi.fn(), refreshSession: vi.fn() }));

const fake = vi.hoisted(() => ({ sockets: [] as (EventTarget & { closes: number })[] }));
vi.mock("partysocket", () => ({
  default: class extends EventTarget {
    readyState = 1;
    binaryType = "blob";
    closes = 0;
    constructor() {
      super();
      fake.sockets.push(this);
    }
    send() {}
    close() {
      this.closes++;
    }
  },
}));

describe("openRoomSocket: closes it does not reconnect from", () => {
  it("stops at 4429 (the oldest of an account's sockets in a room), reconnects after any other drop", async () => {
    vi.stubGlobal("window", { location: { host: "console.test", protocol: "https:" } });
    const { openRoomSocket } = await import("./room-socket");
    const closeWith = async (code: number) => {
      openRoomSocket("s", "space/s");
      const socket = fake.sockets.at(-1);
      if (!socket) throw new Error("no socket");
      socket.dispatchEvent(new CloseEvent("close", { code, reason: "" }));
      await Promise.resolve();
      return socket.closes;
    };
    expect(await closeWith(CloseCode.tooManySockets)).toBe(1);
    expect(await closeWith(1006)).toBe(0);
    expect(await closeWith(CloseCode.policy)).toBe(0);
    vi.unstubAllGlobals();
  });
});
