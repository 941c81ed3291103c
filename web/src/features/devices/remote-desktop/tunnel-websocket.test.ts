import {
  dataFrame,
  payloadOf,
  sessionOf,
  TUNNEL_CREDIT_EVERY,
  TUNNEL_OPEN_TIMEOUT_MS,
  TUNNEL_TEXT,
  TUNNEL_WINDOW_BYTES,
} from "@contracts/remote-actions/tunnel";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { TunnelListener, TunnelPort } from "../live/device-tunnels";
import { SOCKET_STATE, type TunnelCloseEvent, TunnelWebSocket } from "./tunnel-websocket";

const S = "1b4e28ba-2fa1-41d2-883f-0016d3cca427";
const OTHER = "6f9619ff-8b86-4d01-b42d-00cf4fc964ff";

/** The device room socket standing in: what the channel sent, and a way to play the room's frames. */
function fakePort(open = true) {
  const json: Record<string, unknown>[] = [];
  const frames: Uint8Array[] = [];
  const listeners = new Set<TunnelListener>();
  const port: TunnelPort & { isOpen: boolean } = {
    isOpen: open,
    get open() {
      return this.isOpen;
    },
    json: (m) => json.push(m as Record<string, unknown>),
    frame: (f) => frames.push(f),
    listen: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
  const each = (f: (l: TunnelListener) => void) => {
    for (const l of [...listeners]) f(l);
  };
  return { port, json, frames, listeners, each };
}

function channel(port: TunnelPort) {
  const ws = new TunnelWebSocket({ session: S, port, lostText: "lost", creditDelayMs: 50 });
  const events: string[] = [];
  const messages: Uint8Array[] = [];
  const closes: TunnelCloseEvent[] = [];
  ws.onopen = () => events.push("open");
  ws.onmessage = (e) => messages.push(new Uint8Array(e.data));
  ws.onclose = (e) => {
    events.push("close");
    closes.push(e);
  };
  ws.onerror = () => events.push("error");
  return { ws, events, messages, closes };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("TunnelWebSocket (one vnc session as noVNC's WebSocket)", () => {
  it("has what noVNC's Websock.attach checks for, as own or prototype properties", () => {
    const { port } = fakePort();
    const { ws } = channel(port);
    const names = [...Object.keys(ws), ...Object.getOwnPropertyNames(Object.getPrototypeOf(ws))];
    for (const prop of ["send", "close", "binaryType", "onerror", "onmessage", "onopen", "protocol", "readyState"]) {
      expect(names).toContain(prop);
    }
    expect(ws.binaryType).toBe("arraybuffer");
  });

  it("asks for a vnc session, opens on tunnelOpened and hands RFB each payload, crediting it back", async () => {
    const p = fakePort();
    const c = channel(p.port);
    expect(p.json).toEqual([{ type: "tunnelOpen", session: S, kind: "vnc" }]);
    expect(c.ws.readyState).toBe(SOCKET_STATE.connecting);

    // Another session's frames are not this one's.
    p.each((l) => l.message?.({ type: "tunnelOpened", session: OTHER }));
    expect(c.ws.readyState).toBe(SOCKET_STATE.connecting);
    p.each((l) => l.message?.({ type: "tunnelOpened", session: S }));
    expect(c.ws.readyState).toBe(SOCKET_STATE.open);
    expect(c.events).toEqual(["open"]);

    const banner = new TextEncoder().encode("RFB 003.008\n");
    p.each((l) => l.frame?.(dataFrame(OTHER, banner)));
    p.each((l) => l.frame?.(dataFrame(S, banner)));
    expect(c.messages).toHaveLength(1);
    expect(new TextDecoder().decode(c.messages[0])).toBe("RFB 003.008\n");
    // A small amount is credited after the batching delay; a large one at once.
    expect(p.json.filter((m) => m.type === "tunnelCredit")).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(60);
    expect(p.json.at(-1)).toEqual({ type: "tunnelCredit", session: S, bytes: banner.byteLength });
    p.each((l) => l.frame?.(dataFrame(S, new Uint8Array(TUNNEL_CREDIT_EVERY))));
    expect(p.json.at(-1)).toEqual({ type: "tunnelCredit", session: S, bytes: TUNNEL_CREDIT_EVERY });
  });

  it("waits for the consent prompt's time before giving up, and opens view-only when the role may not control", async () => {
    const p = fakePort();
    const c = channel(p.port);
    expect(c.ws.viewOnly).toBe(false);
    p.each((l) => l.message?.({ type: "tunnelConsent", session: S, state: "waiting", timeout_ms: 60_000 }));
    // Past the usual open timeout, the device's person still has time to answer.
    await vi.advanceTimersByTimeAsync(TUNNEL_OPEN_TIMEOUT_MS + 1000);
    expect(c.ws.readyState).toBe(SOCKET_STATE.connecting);
    p.each((l) => l.message?.({ type: "tunnelOpened", session: S, view_only: true }));
    expect(c.ws.readyState).toBe(SOCKET_STATE.open);
    expect(c.ws.viewOnly).toBe(true);
  });

  it("sends RFB's bytes as data frames (copied: noVNC reuses its buffer), held to the agent's window", () => {
    const p = fakePort();
    const c = channel(p.port);
    c.ws.send(new Uint8Array([1, 2, 3])); // not open yet: dropped, as a closed WebSocket would
    expect(p.frames).toHaveLength(0);
    p.each((l) => l.message?.({ type: "tunnelOpened", session: S }));

    const buffer = new Uint8Array(16);
    buffer.set([3, 1, 0, 0]);
    c.ws.send(new Uint8Array(buffer.buffer, 0, 4));
    buffer.fill(9);
    expect(p.frames).toHaveLength(1);
    expect(sessionOf(p.frames[0])).toBe(S);
    expect([...payloadOf(p.frames[0])]).toEqual([3, 1, 0, 0]);

    // A window's worth in flight: the rest waits for the agent's credit.
    c.ws.send(new Uint8Array(TUNNEL_WINDOW_BYTES));
    const sent = () => p.frames.reduce((n, f) => n + payloadOf(f).byteLength, 0);
    expect(sent()).toBe(TUNNEL_WINDOW_BYTES);
    p.each((l) => l.message?.({ type: "tunnelCredit", session: S, bytes: 4 }));
    expect(sent()).toBe(TUNNEL_WINDOW_BYTES + 4);
  });

  it("closes with the room's reason on tunnelClosed (no tunnelClose back)", async () => {
    const p = fakePort();
    const c = channel(p.port);
    p.each((l) => l.message?.({ type: "tunnelClosed", session: S, reason: TUNNEL_TEXT.vncUnavailable }));
    expect(c.ws.readyState).toBe(SOCKET_STATE.closed);
    expect(c.ws.reason).toBe(TUNNEL_TEXT.vncUnavailable);
    await Promise.resolve();
    expect(c.closes).toEqual([{ code: 1000, reason: TUNNEL_TEXT.vncUnavailable, wasClean: false }]);
    expect(p.json.filter((m) => m.type === "tunnelClose")).toHaveLength(0);
    expect(p.listeners.size).toBe(0);
  });

  it("close() ends the session: tunnelClose to the room, then a clean close event", async () => {
    const p = fakePort();
    const c = channel(p.port);
    p.each((l) => l.message?.({ type: "tunnelOpened", session: S }));
    c.ws.close();
    expect(p.json.at(-1)).toEqual({ type: "tunnelClose", session: S });
    expect(c.ws.readyState).toBe(SOCKET_STATE.closed);
    expect(c.events).toEqual(["open"]);
    await Promise.resolve();
    expect(c.closes).toEqual([{ code: 1000, reason: "", wasClean: true }]);
    c.ws.close();
    expect(p.json.filter((m) => m.type === "tunnelClose")).toHaveLength(1);
  });

  it("waits for the room socket to open before asking, and gives up after 30 s", async () => {
    const p = fakePort(false);
    const c = channel(p.port);
    expect(p.json).toEqual([]);
    p.port.isOpen = true;
    p.each((l) => l.opened?.());
    expect(p.json).toEqual([{ type: "tunnelOpen", session: S, kind: "vnc" }]);
    await vi.advanceTimersByTimeAsync(TUNNEL_OPEN_TIMEOUT_MS);
    expect(c.ws.reason).toBe(TUNNEL_TEXT.timeout);
    expect(p.json.at(-1)).toEqual({ type: "tunnelClose", session: S });
    expect(c.events).toEqual(["error", "close"]);
  });

  it("a dropped room socket closes it with the lost text", async () => {
    const p = fakePort();
    const c = channel(p.port);
    p.each((l) => l.message?.({ type: "tunnelOpened", session: S }));
    p.port.isOpen = false;
    p.each((l) => l.lost?.());
    expect(c.ws.reason).toBe("lost");
    await Promise.resolve();
    expect(c.closes[0]).toMatchObject({ reason: "lost", wasClean: false });
  });
});
