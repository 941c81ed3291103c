import {
  dataFrame,
  payloadOf,
  sessionOf,
  TUNNEL_CHUNK_BYTES,
  TUNNEL_CREDIT_EVERY,
  TUNNEL_ID_BYTES,
  TUNNEL_WINDOW_BYTES,
} from "@contracts/remote-actions/tunnel";

/** Where a session's frames go: the device room's socket. */
export type TunnelWire = {
  json(message: object): void;
  frame(data: Uint8Array): void;
};

/**
 * The browser's end of one remote session's byte stream (contracts/remote-actions/tunnel.ts), with no socket and
 * no terminal in it: input is cut into data frames and held back while the agent has not credited
 * TUNNEL_WINDOW_BYTES of it; what the page consumed of the agent's output is credited back every
 * TUNNEL_CREDIT_EVERY bytes, or after `creditDelayMs` when less is waiting (so a keystroke's echo
 * costs at most one credit frame per delay, within the room's message budget).
 */
export class TunnelStream {
  /** Input bytes sent that the agent has not credited yet. */
  private inFlight = 0;
  private queue: Uint8Array[] = [];
  /** Output bytes consumed and not yet credited back. */
  private consumedBytes = 0;
  private creditTimer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;

  constructor(
    readonly session: string,
    private readonly wire: TunnelWire,
    private readonly creditDelayMs = 100,
  ) {}

  /** Input bytes held back by the window (tests, status). */
  get queued() {
    return this.queue.reduce((n, b) => n + b.byteLength, 0);
  }

  get unacknowledged() {
    return this.inFlight;
  }

  /** Bytes for the device (typed or pasted): sent as far as the window allows, the rest queued. */
  input(bytes: Uint8Array) {
    if (this.closed || bytes.byteLength === 0) return;
    this.queue.push(bytes);
    this.flushInput();
  }

  /** The agent consumed this many input bytes: the window reopens. */
  credit(bytes: number) {
    this.inFlight = Math.max(0, this.inFlight - bytes);
    this.flushInput();
  }

  private flushInput() {
    while (!this.closed && this.queue.length > 0) {
      const room = Math.min(TUNNEL_WINDOW_BYTES - this.inFlight, TUNNEL_CHUNK_BYTES);
      if (room <= 0) return;
      const head = this.queue[0];
      const chunk = head.subarray(0, room);
      if (chunk.byteLength === head.byteLength) this.queue.shift();
      else this.queue[0] = head.subarray(room);
      this.inFlight += chunk.byteLength;
      this.wire.frame(dataFrame(this.session, chunk));
    }
  }

  /** The payload of a frame of this session, or null (another session's, or too short). */
  receive(frame: Uint8Array): Uint8Array | null {
    if (this.closed || frame.byteLength <= TUNNEL_ID_BYTES || sessionOf(frame) !== this.session) return null;
    return payloadOf(frame);
  }

  /** The page consumed this many output bytes (written to the terminal): credited back, batched. */
  consumed(bytes: number) {
    if (this.closed || bytes <= 0) return;
    this.consumedBytes += bytes;
    if (this.consumedBytes >= TUNNEL_CREDIT_EVERY) this.flushCredit();
    else this.creditTimer ??= setTimeout(() => this.flushCredit(), this.creditDelayMs);
  }

  private flushCredit() {
    if (this.creditTimer) clearTimeout(this.creditTimer);
    this.creditTimer = null;
    while (!this.closed && this.consumedBytes > 0) {
      const bytes = Math.min(this.consumedBytes, TUNNEL_WINDOW_BYTES);
      this.consumedBytes -= bytes;
      this.wire.json({ type: "tunnelCredit", session: this.session, bytes });
    }
  }

  /** No more frames either way (the session ended); nothing is sent. */
  dispose() {
    this.closed = true;
    this.queue = [];
    if (this.creditTimer) clearTimeout(this.creditTimer);
    this.creditTimer = null;
  }
}
