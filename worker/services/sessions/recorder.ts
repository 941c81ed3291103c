import type { TunnelKind } from "../../../contracts/remote-actions/tunnel.ts";
import { recordingChunkKey } from "../../../contracts/sessions/schema.ts";

/*
 * A remote session's recording, written to R2 while the session runs: R2 objects cannot be
 * appended to, so the recording is a numbered series of chunk objects under
 * recordings/{space}/{session}/ whose concatenation is the recording. The first chunk is written
 * before the session starts (a space that requires recording refuses the session when it fails);
 * later chunks leave every FLUSH_MS or FLUSH_BYTES, so a browser that dies loses at most the
 * last second, and the room's own end (close, leave) flushes the rest.
 *
 * Terminal: asciicast v2 (a JSON header line, then [seconds, "o"|"i", text] lines). Desktop: the
 * RFB stream both ways, each piece framed as [u32 ms since start][u8 0 = from device, 1 = to
 * device][u32 length][bytes] (big-endian), so a player can rebuild the screen at any time.
 */

export const FLUSH_MS = 1000;
export const FLUSH_BYTES = 64 * 1024;

export type RecorderOptions = {
  bucket: R2Bucket;
  space_uuid: string;
  session: string;
  kind: TunnelKind;
  /** Record what the operator sends too (a terminal's keystrokes). */
  input: boolean;
  cols?: number;
  rows?: number;
  /** Injected clock (ms). */
  now?: () => number;
  /** Where a chunk write goes while the room keeps running (DurableObjectState.waitUntil). */
  waitUntil?: (work: Promise<unknown>) => void;
  /** Resuming a recording (the room slept): its start (ms), next chunk number and bytes so far. */
  started?: number;
  seq?: number;
  bytes?: number;
  /** A chunk was written: the next chunk's number and the bytes so far (the room keeps them). */
  onChunk?: (seq: number, bytes: number) => void;
};

export class SessionRecorder {
  private readonly opts: RecorderOptions;
  private readonly now: () => number;
  private readonly started: number;
  private seq = 0;
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Chunk writes in order: each waits for the one before (a later chunk never lands first). */
  private chain: Promise<unknown> = Promise.resolve();
  private readonly decoders = { o: new TextDecoder(), i: new TextDecoder() };
  private readonly encoder = new TextEncoder();
  bytes = 0;
  failed = false;
  ended = false;

  constructor(opts: RecorderOptions) {
    this.opts = opts;
    this.now = opts.now ?? Date.now;
    this.started = opts.started ?? this.now();
    this.seq = opts.seq ?? 0;
    this.bytes = opts.bytes ?? 0;
  }

  get chunks() {
    return this.seq;
  }

  /** Writes the first chunk (the asciicast header; an empty one for a desktop): false when R2 refused. */
  async start(): Promise<boolean> {
    const header =
      this.opts.kind === "terminal"
        ? `${JSON.stringify({
            version: 2,
            width: this.opts.cols ?? 80,
            height: this.opts.rows ?? 24,
            timestamp: Math.floor(this.started / 1000),
            env: { TERM: "xterm-256color" },
          })}\n`
        : "";
    try {
      await this.write(this.encoder.encode(header));
      return true;
    } catch {
      this.failed = true;
      return false;
    }
  }

  /** Bytes from the device (terminal output, RFB server messages). */
  output(data: Uint8Array) {
    this.event("o", data);
  }

  /** Bytes from the operator; recorded for a desktop always (its input is the session), a terminal when asked. */
  input(data: Uint8Array) {
    if (this.opts.kind === "terminal" && !this.opts.input) return;
    this.event("i", data);
  }

  /** A terminal resize, as asciicast's "r" event. */
  resize(cols: number, rows: number) {
    if (this.opts.kind !== "terminal") return;
    this.push(this.encoder.encode(`${JSON.stringify([this.seconds(), "r", `${cols}x${rows}`])}\n`));
  }

  /** Writes what is held and stops; later events are dropped. */
  async end(): Promise<void> {
    if (this.ended) return;
    if (this.opts.kind === "terminal") {
      for (const code of ["o", "i"] as const) {
        const rest = this.decoders[code].decode();
        if (rest) this.pushText(code, rest);
      }
    }
    this.ended = true;
    this.flush();
    await this.chain;
  }

  private seconds() {
    return Math.round(this.now() - this.started) / 1000;
  }

  private event(code: "o" | "i", data: Uint8Array) {
    if (this.ended || data.byteLength === 0) return;
    if (this.opts.kind === "terminal") {
      const text = this.decoders[code].decode(data, { stream: true });
      if (text) this.pushText(code, text);
      return;
    }
    const framed = new Uint8Array(9 + data.byteLength);
    const view = new DataView(framed.buffer);
    view.setUint32(0, Math.round(this.now() - this.started));
    view.setUint8(4, code === "o" ? 0 : 1);
    view.setUint32(5, data.byteLength);
    framed.set(data, 9);
    this.push(framed);
  }

  private pushText(code: "o" | "i", text: string) {
    this.push(this.encoder.encode(`${JSON.stringify([this.seconds(), code, text])}\n`));
  }

  private push(bytes: Uint8Array) {
    if (this.ended) return;
    this.pending.push(bytes);
    this.pendingBytes += bytes.byteLength;
    if (this.pendingBytes >= FLUSH_BYTES) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), FLUSH_MS);
  }

  private flush() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pendingBytes === 0) return;
    const body = new Uint8Array(this.pendingBytes);
    let at = 0;
    for (const piece of this.pending) {
      body.set(piece, at);
      at += piece.byteLength;
    }
    this.pending = [];
    this.pendingBytes = 0;
    const work = this.write(body).catch(() => {
      this.failed = true;
    });
    this.opts.waitUntil?.(work);
  }

  private write(body: Uint8Array): Promise<unknown> {
    const key = recordingChunkKey(this.opts.space_uuid, this.opts.session, this.seq++);
    this.bytes += body.byteLength;
    const seq = this.seq;
    const bytes = this.bytes;
    const next = this.chain.then(async () => {
      await this.opts.bucket.put(key, body);
      this.opts.onChunk?.(seq, bytes);
    });
    this.chain = next.catch(() => undefined);
    return next;
  }
}
