import { RoomEvent, ServerMessage } from "@contracts/realtime/events";
import { ROOM_EVENT_TYPES, SERVER_MESSAGE_TYPES } from "@contracts/realtime/values";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { parseRoomMessage } from "./room-socket";

vi.mock("../session/session", () => ({ getSession: vi.fn(), subscribeSession: vi.fn(), refreshSession: vi.fn() }));

describe("parseRoomMessage", () => {
  it("returns protocol messages parsed", () => {
    expect(parseRoomMessage(JSON.stringify({ type: "pong", at: 5 }), "space/s")).toEqual({ type: "pong", at: 5 });
    expect(parseRoomMessage(JSON.stringify({ type: "authenticated", exp: 9 }), "space/s")).toEqual({
      type: "authenticated",
      exp: 9,
    });
  });

  it("knows the type of every message of the protocol (the check without zod, kept equal to contracts/realtime/events.ts)", () => {
    // A message whose data depends on its event is a union of objects with one type: flattened.
    type Option = z.ZodObject | z.ZodDiscriminatedUnion;
    const objects = (option: Option): z.ZodObject[] =>
      option instanceof z.ZodDiscriminatedUnion ? (option.options as Option[]).flatMap(objects) : [option];
    const typesOf = (union: typeof ServerMessage | typeof RoomEvent) =>
      [
        ...new Set(
          (union.options as Option[]).flatMap(objects).flatMap((option) => {
            const type = option.shape.type as z.ZodType;
            return type instanceof z.ZodEnum ? type.options : [...(type as z.ZodLiteral<string>).values];
          }),
        ),
      ].sort();
    expect([...SERVER_MESSAGE_TYPES].sort()).toEqual(typesOf(ServerMessage));
    expect([...ROOM_EVENT_TYPES].sort()).toEqual(typesOf(RoomEvent));
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

const fake = vi.hoisted(() => ({ sockets: [] as (EventTarget & { sent: string[] })[] }));
vi.mock("partysocket", () => ({
  default: class extends EventTarget {
    readyState = 1;
    binaryType = "blob";
    sent: string[] = [];
    constructor() {
      super();
      fake.sockets.push(this);
    }
    send(data: string) {
      this.sent.push(data);
    }
    close() {}
  },
}));

describe("openRoomSocket: a busy room's batch of device updates", () => {
  const update = (device_uuid: string) =>
    ({ type: "deviceDetailsUpdate", event: "deviceUpdated", space_uuid: "s", device_uuid }) as const;
  const frame = (message: unknown) => new MessageEvent("message", { data: JSON.stringify(message) });

  it("hands each event of a batch to onMessage in order, as if it had come alone; other frames as they are", async () => {
    vi.stubGlobal("window", { location: { host: "console.test", protocol: "https:" } });
    const { openRoomSocket } = await import("./room-socket");
    const heard: unknown[] = [];
    openRoomSocket("s", "space/s", { onMessage: (message) => heard.push(message) });
    const socket = fake.sockets.at(-1);
    if (!socket) throw new Error("no socket");
    socket.dispatchEvent(frame(update("d0")));
    socket.dispatchEvent(frame({ type: "batch", events: [update("d1"), update("d2"), update("d3")] }));
    socket.dispatchEvent(frame({ type: "accountOnline", space_uuid: "s", account_uuid: "a" }));
    expect(heard).toEqual([
      update("d0"),
      update("d1"),
      update("d2"),
      update("d3"),
      { type: "accountOnline", space_uuid: "s", account_uuid: "a" },
    ]);
    vi.unstubAllGlobals();
  });

  it("acknowledges frames (a batch is one), as the room counts them", async () => {
    vi.stubGlobal("window", { location: { host: "console.test", protocol: "https:" } });
    const { openRoomSocket } = await import("./room-socket");
    const heard: unknown[] = [];
    openRoomSocket("s", "space/s", { onMessage: (message) => heard.push(message) });
    const socket = fake.sockets.at(-1);
    if (!socket) throw new Error("no socket");
    for (let i = 0; i < 100; i++)
      socket.dispatchEvent(frame({ type: "batch", events: [update(`a${i}`), update(`b${i}`)] }));
    expect(heard).toHaveLength(200);
    expect(socket.sent.map((s) => JSON.parse(s))).toEqual([{ type: "ack", received: 100 }]);
    vi.unstubAllGlobals();
  });

  it("refuses a batch that carries anything but room events", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(
      parseRoomMessage(JSON.stringify({ type: "batch", events: [{ type: "pong", at: 1 }] }), "space/s"),
    ).toBeNull();
    expect(parseRoomMessage(JSON.stringify({ type: "batch", events: [] }), "space/s")).toBeNull();
    warn.mockRestore();
  });
});
