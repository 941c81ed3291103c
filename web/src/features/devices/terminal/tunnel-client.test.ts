import {
  dataFrame,
  payloadOf,
  sessionOf,
  TUNNEL_CHUNK_BYTES,
  TUNNEL_CREDIT_EVERY,
  TUNNEL_ID_BYTES,
  TUNNEL_WINDOW_BYTES,
} from "@contracts/remote-actions/tunnel";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TunnelStream } from "./tunnel-client";

const S = "1b4e28ba-2fa1-41d2-883f-0016d3cca427";
const OTHER = "6f9619ff-8b86-4d01-b42d-00cf4fc964ff";

function wire() {
  const json: { type: string; session: string; bytes: number }[] = [];
  const frames: Uint8Array[] = [];
  return {
    json,
    frames,
    sent: () => frames.reduce((n, f) => n + f.byteLength - TUNNEL_ID_BYTES, 0),
    wire: { json: (m: object) => json.push(m as (typeof json)[number]), frame: (f: Uint8Array) => frames.push(f) },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("TunnelStream (the browser's end of a session)", () => {
  it("frames input with the session id, in chunks of at most TUNNEL_CHUNK_BYTES", () => {
    const w = wire();
    const stream = new TunnelStream(S, w.wire);
    stream.input(new TextEncoder().encode("ls\r"));
    expect(w.frames).toHaveLength(1);
    expect(sessionOf(w.frames[0])).toBe(S);
    expect(new TextDecoder().decode(payloadOf(w.frames[0]))).toBe("ls\r");

    stream.input(new Uint8Array(TUNNEL_CHUNK_BYTES * 2 + 5));
    expect(w.frames.slice(1).map((f) => f.byteLength - TUNNEL_ID_BYTES)).toEqual([
      TUNNEL_CHUNK_BYTES,
      TUNNEL_CHUNK_BYTES,
      5,
    ]);
  });

  it("holds input beyond the window until the agent credits it", () => {
    const w = wire();
    const stream = new TunnelStream(S, w.wire);
    stream.input(new Uint8Array(TUNNEL_WINDOW_BYTES + 1000));
    expect(w.sent()).toBe(TUNNEL_WINDOW_BYTES);
    expect(stream.queued).toBe(1000);
    stream.credit(600);
    expect(w.sent()).toBe(TUNNEL_WINDOW_BYTES + 600);
    expect(stream.queued).toBe(400);
    stream.credit(TUNNEL_WINDOW_BYTES);
    expect(w.sent()).toBe(TUNNEL_WINDOW_BYTES + 1000);
    expect(stream.queued).toBe(0);
    expect(stream.unacknowledged).toBe(400);
  });

  it("reads only its own session's frames", () => {
    const stream = new TunnelStream(S, wire().wire);
    const payload = new TextEncoder().encode("hello");
    expect(stream.receive(dataFrame(S, payload))).toEqual(payload);
    expect(stream.receive(dataFrame(OTHER, payload))).toBeNull();
    expect(stream.receive(new Uint8Array(TUNNEL_ID_BYTES))).toBeNull();
  });

  it("credits consumed output back in batches: at once past TUNNEL_CREDIT_EVERY, else after the delay", () => {
    const w = wire();
    const stream = new TunnelStream(S, w.wire, 100);
    stream.consumed(10);
    stream.consumed(20);
    expect(w.json).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(w.json).toEqual([{ type: "tunnelCredit", session: S, bytes: 30 }]);

    stream.consumed(TUNNEL_CREDIT_EVERY);
    expect(w.json.at(-1)).toEqual({ type: "tunnelCredit", session: S, bytes: TUNNEL_CREDIT_EVERY });
    vi.advanceTimersByTime(1000);
    expect(w.json).toHaveLength(2);
  });

  it("sends nothing once disposed", () => {
    const w = wire();
    const stream = new TunnelStream(S, w.wire);
    stream.consumed(5);
    stream.dispose();
    stream.input(new Uint8Array(3));
    vi.advanceTimersByTime(1000);
    expect(w.json).toEqual([]);
    expect(w.frames).toEqual([]);
    expect(stream.receive(dataFrame(S, new Uint8Array(2)))).toBeNull();
  });
});
