import { describe, expect, it } from "vitest";
import type { Telemetry } from "../../contracts/realtime/events.ts";
import { dataFrame, payloadOf, sessionOf } from "../../contracts/remote-actions/tunnel.ts";
import { AgentSession, type AgentSocket } from "../session.ts";
import type { TunnelChannel, TunnelHandle } from "./sessions.ts";

type Listener = (event: never) => void;

/** A socket the test drives, keeping text and binary frames apart. */
class FakeSocket implements AgentSocket {
  readyState = 0;
  binaryType?: string;
  readonly json: { type: string; [key: string]: unknown }[] = [];
  readonly binary: Uint8Array[] = [];
  private readonly listeners = new Map<string, Listener[]>();

  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  send(data: string | Uint8Array) {
    if (typeof data === "string") this.json.push(JSON.parse(data));
    else this.binary.push(data);
  }
  close() {
    this.readyState = 3;
  }
  fire(type: string, event: unknown) {
    for (const listener of this.listeners.get(type) ?? []) (listener as (e: unknown) => void)(event);
  }
}

const S = "1b4e28ba-2fa1-41d2-883f-0016d3cca427";
const tick = () => new Promise((r) => setTimeout(r, 10));

describe("AgentSession ⇄ TunnelSessions", () => {
  it("routes tunnel frames and binary data to the provider, and ends sessions when the socket goes", async () => {
    const sockets: FakeSocket[] = [];
    const written: string[] = [];
    let disposed = 0;
    let channel: TunnelChannel | null = null;
    const session = new AgentSession({
      url: "ws://room.test/parties/device/d-1",
      credential: "secret",
      machine: {
        inventory: async () => ({ machine_id: "m-1", inventory: {} }),
        telemetry: async () => ({}) as Telemetry,
        execute: async () => ({ ok: true }),
      },
      backoff: { baseMs: 60_000, maxMs: 60_000 },
      connect: () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket;
      },
      tunnels: {
        terminal: (_open, ch): TunnelHandle => {
          channel = ch;
          return {
            write: (data) => written.push(new TextDecoder().decode(data)),
            pause: () => {},
            resume: () => {},
            dispose: () => {
              disposed++;
            },
          };
        },
      },
    }).start();
    const socket = sockets[0];
    expect(socket.binaryType).toBe("arraybuffer");
    socket.readyState = 1;
    socket.fire("open", {});
    await tick();

    socket.fire("message", {
      data: JSON.stringify({ type: "tunnelOpen", session: S, kind: "terminal", idle_ms: 60_000 }),
    });
    await tick();
    expect(socket.json).toContainEqual({ type: "tunnelOpened", session: S });

    // Browser → device: a binary frame (an ArrayBuffer, as the socket delivers it).
    const frame = dataFrame(S, new TextEncoder().encode("ls\r"));
    socket.fire("message", { data: frame.buffer.slice(frame.byteOffset, frame.byteOffset + frame.byteLength) });
    expect(written).toEqual(["ls\r"]);

    // Device → browser: output goes out as a binary frame of the session.
    (channel as TunnelChannel | null)?.output(new TextEncoder().encode("file.txt\r\n"));
    await new Promise((r) => setImmediate(r));
    expect(socket.binary).toHaveLength(1);
    expect(sessionOf(socket.binary[0])).toBe(S);
    expect(new TextDecoder().decode(payloadOf(socket.binary[0]))).toBe("file.txt\r\n");
    // Reads that arrive together leave as one frame (fewer frames through the room for the same bytes).
    for (const part of ["a", "b", "c"]) (channel as TunnelChannel | null)?.output(new TextEncoder().encode(part));
    await new Promise((r) => setTimeout(r, 10));
    expect(socket.binary).toHaveLength(2);
    expect(new TextDecoder().decode(payloadOf(socket.binary[1]))).toBe("abc");
    // A stream (reads each in its own turn, right behind one another, as `cat` gives a PTY) is
    // gathered for a moment: a few frames, not one per read (it was 20 here).
    for (let i = 0; i < 20; i++) {
      (channel as TunnelChannel | null)?.output(new Uint8Array(1024).fill(0x61));
      await new Promise((r) => setImmediate(r));
    }
    await new Promise((r) => setTimeout(r, 10));
    const streamed = socket.binary.slice(2);
    expect(streamed.length).toBeLessThan(5);
    expect(streamed.reduce((n, f) => n + payloadOf(f).byteLength, 0)).toBe(20 * 1024);

    // The socket drops: the session ends with it.
    socket.readyState = 3;
    socket.fire("close", { code: 1006, reason: "" });
    expect(disposed).toBe(1);
    session.stop();
  });
});
