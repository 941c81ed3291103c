/**
 * One tunnel session's flow control, apart from the table of sessions (sessions.ts): gathering the
 * provider's output into data frames, the credit window both ways, and the idle timeout.
 */
import {
  dataFrame,
  TUNNEL_CHUNK_BYTES,
  TUNNEL_CREDIT_EVERY,
  TUNNEL_IDLE_MS,
  TUNNEL_TEXT,
  TUNNEL_WINDOW_BYTES,
  type TunnelKind,
} from "../../contracts/remote-actions/tunnel.ts";
import type { TunnelChannel, TunnelHandle, TunnelOutbox } from "./tunnel-types.ts";

/** What a session needs of the table that holds it: a way to end itself with a reason. */
export type SessionOwner = {
  close(session: string, reason: string): void;
};

/** The reason an idle session closes with: TUNNEL_TEXT.idle for the default 15 minutes. */
export function idleText(ms: number): string {
  if (ms === TUNNEL_IDLE_MS) return TUNNEL_TEXT.idle;
  const minutes = ms / 60_000;
  const amount = Number.isInteger(minutes)
    ? `${minutes} minute${minutes === 1 ? "" : "s"}`
    : `${Math.round(ms / 1000)} second${Math.round(ms / 1000) === 1 ? "" : "s"}`;
  return `Closed after ${amount} without activity.`;
}

/** How long a stream's output may wait for more reads before it leaves as one frame (ms). */
const OUTPUT_GATHER_MS = 2;
/** A read at least this big, right behind another, is part of a stream (typing echoes a byte or a few). */
const STREAM_READ_BYTES = 512;

export class Session implements TunnelChannel {
  handle: TunnelHandle | null = null;
  /** Payload bytes sent to the browser, and how many it credited back. */
  private sent = 0;
  private credited = 0;
  private paused = false;
  /** Output the window had no room for yet (at most about one read of the provider). */
  private held: Uint8Array[] = [];
  private heldBytes = 0;
  /** Input written to the provider and not yet credited back. */
  private consumed = 0;
  private creditTimer: ReturnType<typeof setTimeout> | null = null;
  private flushSoon: ReturnType<typeof setImmediate> | null = null;
  private gatherTimer: ReturnType<typeof setTimeout> | null = null;
  /** When the provider's previous read arrived (performance.now()). */
  private lastReadAt = Number.NEGATIVE_INFINITY;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  closed = false;
  /** Removes the banner on the device's screen, when one is shown. */
  removeBanner: (() => void) | null = null;

  readonly session: string;
  readonly kind: TunnelKind;
  private readonly owner: SessionOwner;
  private readonly send: TunnelOutbox;
  private readonly idleMs: number;
  private readonly creditDelayMs: number;

  // No parameter properties: the agent runs on Node's type stripping (tsconfig erasableSyntaxOnly).
  constructor(
    session: string,
    kind: TunnelKind,
    owner: SessionOwner,
    send: TunnelOutbox,
    idleMs: number,
    creditDelayMs: number,
  ) {
    this.session = session;
    this.kind = kind;
    this.owner = owner;
    this.send = send;
    this.idleMs = idleMs;
    this.creditDelayMs = creditDelayMs;
    this.touch();
  }

  /** A byte went either way: the idle clock starts again. */
  private touch() {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.owner.close(this.session, idleText(this.idleMs)), this.idleMs);
  }

  /** Bytes in flight to the browser without credit. */
  get inFlight() {
    return this.sent - this.credited;
  }

  get isPaused() {
    return this.paused;
  }

  output(data: Uint8Array) {
    if (this.closed || data.byteLength === 0) return;
    this.touch();
    // Copied: the provider may reuse its buffer once this returns, and part of it may wait.
    this.held.push(data.slice());
    this.heldBytes += data.byteLength;
    // Reads that arrive together go out as one frame (a PTY reads ~4 KiB at a time: one frame a
    // read would be eight times the frames the room relays for the same bytes). A small read (an
    // echo, a prompt) leaves on the next turn; a big one right behind another (a stream: `cat`,
    // `seq`) waits up to OUTPUT_GATHER_MS for the next ones, so a stream goes out in frames of up
    // to a chunk.
    const now = performance.now();
    const streaming = data.byteLength >= STREAM_READ_BYTES && now - this.lastReadAt < OUTPUT_GATHER_MS;
    this.lastReadAt = now;
    if (this.heldBytes >= TUNNEL_CHUNK_BYTES) this.flushOutput();
    else if (streaming)
      this.gatherTimer ??= setTimeout(() => {
        this.gatherTimer = null;
        this.flushOutput();
      }, OUTPUT_GATHER_MS);
    else
      this.flushSoon ??= setImmediate(() => {
        this.flushSoon = null;
        this.flushOutput();
      });
  }

  /**
   * Sends held output while the window has room, never beyond it (the room ends a session whose
   * sender overruns); the provider is paused while anything is held — at most the one read that
   * arrived as the window filled.
   */
  private flushOutput() {
    while (this.held.length > 0 && !this.closed) {
      const room = Math.min(TUNNEL_WINDOW_BYTES - this.inFlight, TUNNEL_CHUNK_BYTES);
      if (room <= 0) break;
      const chunk = new Uint8Array(Math.min(room, this.heldBytes));
      let filled = 0;
      while (filled < chunk.byteLength) {
        const head = this.held[0];
        const piece = head.subarray(0, chunk.byteLength - filled);
        chunk.set(piece, filled);
        filled += piece.byteLength;
        if (piece.byteLength === head.byteLength) this.held.shift();
        else this.held[0] = head.subarray(piece.byteLength);
      }
      this.heldBytes -= chunk.byteLength;
      this.send.frame(dataFrame(this.session, chunk));
      this.sent += chunk.byteLength;
    }
    const full = this.heldBytes > 0 || this.inFlight >= TUNNEL_WINDOW_BYTES;
    if (full && !this.paused) {
      this.paused = true;
      this.handle?.pause();
    } else if (!full && this.paused) {
      this.paused = false;
      this.handle?.resume();
    }
  }

  end(reason: string) {
    this.owner.close(this.session, reason);
  }

  credit(bytes: number) {
    this.credited = Math.min(this.sent, this.credited + bytes);
    this.flushOutput();
  }

  input(payload: Uint8Array) {
    if (!this.handle || this.closed) return;
    this.touch();
    this.handle.write(payload);
    this.consumed += payload.byteLength;
    if (this.consumed >= TUNNEL_CREDIT_EVERY) this.flushCredit();
    else this.creditTimer ??= setTimeout(() => this.flushCredit(), this.creditDelayMs);
  }

  private flushCredit() {
    if (this.creditTimer) clearTimeout(this.creditTimer);
    this.creditTimer = null;
    while (this.consumed > 0 && !this.closed) {
      const bytes = Math.min(this.consumed, TUNNEL_WINDOW_BYTES);
      this.consumed -= bytes;
      this.send.json({ type: "tunnelCredit", session: this.session, bytes });
    }
  }

  dispose() {
    this.closed = true;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    if (this.flushSoon) clearImmediate(this.flushSoon);
    if (this.gatherTimer) clearTimeout(this.gatherTimer);
    if (this.creditTimer) clearTimeout(this.creditTimer);
    this.removeBanner?.();
    this.removeBanner = null;
    try {
      this.handle?.dispose();
    } catch {
      // Already gone.
    }
  }
}
