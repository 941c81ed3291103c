import { describe, expect, it, vi } from "vitest";
import { parseRoomMessage } from "./room-socket";

vi.mock("./session", () => ({ getSession: vi.fn(), subscribeSession: vi.fn(), refreshSession: vi.fn() }));

describe("parseRoomMessage", () => {
  it("returns protocol messages parsed", () => {
    expect(parseRoomMessage(JSON.stringify({ type: "pong", at: 5 }), "space/s")).toEqual({ type: "pong", at: 5 });
    expect(parseRoomMessage(JSON.stringify({ type: "authenticated", exp: 9 }), "space/s")).toEqual({
      type: "authenticated",
      exp: 9,
    });
  });

  it("ignores (and logs) frames that are not JSON, not strings or outside the protocol", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(parseRoomMessage("{nope", "device/d")).toBeNull();
    expect(parseRoomMessage(JSON.stringify({ type: "teleport" }), "device/d")).toBeNull();
    expect(parseRoomMessage(new ArrayBuffer(4), "device/d")).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
    expect(String(warn.mock.calls[0]?.[0])).toContain("device/d");
    warn.mockRestore();
  });
});
