import type { ServerMessage } from "../../contracts/realtime/events.ts";
import {
  dataFrame,
  payloadOf,
  sessionOf,
  TUNNEL_CHUNK_BYTES,
  TUNNEL_CREDIT_EVERY,
  TUNNEL_ID_BYTES,
  TUNNEL_IDLE_MS,
  TUNNEL_TEXT,
  TUNNEL_WINDOW_BYTES,
  type TunnelKind,
  type TunnelOpen,
} from "../../contracts/remote-actions/tunnel.ts";
import { SESSION_TEXT } from "../../contracts/sessions/schema.ts";
import { askConsent, type Prompter } from "../consent/prompt.ts";

/**
 * The agent's end of remote sessions through the device room (contracts/remote-actions/tunnel.ts): one entry per
 * session id, each served by the provider of its kind (a terminal's PTY, a VNC connection). This
 * layer owns the protocol — opened/close frames, splitting output into data frames, the credit
 * window both ways, the idle timeout — so a provider only moves bytes.
 */

/** What a provider's session sends towards the browser. */
export type TunnelChannel = {
  readonly session: string;
  /** Bytes for the browser: split into frames; the provider is paused while the window is full. */
  output(data: Uint8Array): void;
  /** The session ended on the device's side (the shell exited, the VNC server hung up): why. */
  end(reason: string): void;
};

/** One running session of a provider. */
export type TunnelHandle = {
  /** Bytes from the browser (already in order). */
  write(data: Uint8Array): void;
  resize?(cols: number, rows: number): void;
  /** Stop producing output until resume (the browser has not credited its window). */
  pause(): void;
  resume(): void;
  /** Ends the session (kill the shell, close the socket); no message is sent. */
  dispose(): void;
};

/** Starts a session of one kind; throws (TunnelRefused for a reason to show) when it cannot. */
export type TunnelProvider = (open: TunnelOpen, channel: TunnelChannel) => Promise<TunnelHandle> | TunnelHandle;

/** The providers of the kinds this agent serves (agent/tunnel/providers.ts builds them). */
export type TunnelProviders = Partial<Record<TunnelKind, TunnelProvider>>;

/** A refusal whose message is shown to the operator as it is (a TUNNEL_TEXT). */
export class TunnelRefused extends Error {}

export type TunnelOutbox = {
  /** A control frame (tunnelOpened, tunnelCredit, tunnelClose). */
  json(message: object): void;
  /** A binary data frame. */
  frame(data: Uint8Array): void;
};

export type TunnelSessionsOptions = {
  send: TunnelOutbox;
  providers: TunnelProviders;
  /** Idle timeout when the room sends none (ms); the shorter of the two wins. Default TUNNEL_IDLE_MS. */
  idleMs?: number;
  /** How long consumed input may wait before it is credited back (ms). */
  creditDelayMs?: number;
  log?: (line: string) => void;
  /**
   * What the device can show its person (agent/consent/): the consent prompt the room asks for and
   * the banner while a session runs. Without one the device cannot prompt: the location's default
   * applies and the operator is told so.
   */
  prompter?: Prompter;
};

type TunnelMessage = Extract<ServerMessage, { type: `tunnel${string}` }>;
type Credit = Extract<TunnelMessage, { type: "tunnelCredit" }>;
type Close = Extract<TunnelMessage, { type: "tunnelClose" }>;
type Resize = Extract<TunnelMessage, { type: "tunnelResize" }>;

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

class Session implements TunnelChannel {
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
  private readonly owner: TunnelSessions;
  private readonly send: TunnelOutbox;
  private readonly idleMs: number;
  private readonly creditDelayMs: number;

  // No parameter properties: the agent runs on Node's type stripping (tsconfig erasableSyntaxOnly).
  constructor(
    session: string,
    kind: TunnelKind,
    owner: TunnelSessions,
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

/**
 * The sessions of one agent connection, by id. AgentSession feeds it the room's tunnel frames
 * (`message`) and binary frames (`data`) and calls `closeAll` when its socket is gone.
 */
export class TunnelSessions {
  private readonly sessions = new Map<string, Session>();
  private readonly opts: TunnelSessionsOptions;

  constructor(opts: TunnelSessionsOptions) {
    this.opts = opts;
  }

  get size() {
    return this.sessions.size;
  }

  /** A session's flow state (tests, logs). */
  flow(session: string) {
    const s = this.sessions.get(session);
    return s ? { inFlight: s.inFlight, paused: s.isPaused } : null;
  }

  /** A frame of the protocol: the tunnel ones are handled, the rest ignored. */
  message(message: ServerMessage) {
    switch (message.type) {
      case "tunnelOpen":
        return void this.open(message);
      case "tunnelResize":
        return this.resize(message);
      case "tunnelCredit":
        return this.credit(message);
      case "tunnelClose":
        return this.closeFromBrowser(message);
    }
  }

  /** A binary frame from the room: [session id | payload]. */
  data(frame: Uint8Array) {
    if (frame.byteLength <= TUNNEL_ID_BYTES) return;
    this.sessions.get(sessionOf(frame))?.input(payloadOf(frame));
  }

  async open(open: TunnelOpen) {
    const { session, kind } = open;
    if (this.sessions.has(session)) return;
    const provider = this.opts.providers[kind];
    const idleMs = Math.min(open.idle_ms ?? TUNNEL_IDLE_MS, this.opts.idleMs ?? TUNNEL_IDLE_MS);
    const entry = new Session(session, kind, this, this.opts.send, idleMs, this.opts.creditDelayMs ?? 100);
    this.sessions.set(session, entry);
    if (!provider) {
      this.close(session, kind === "terminal" ? TUNNEL_TEXT.terminalUnavailable : TUNNEL_TEXT.vncUnavailable);
      return;
    }
    if (open.consent && !(await this.consent(open, entry))) return;
    try {
      const handle = await provider(open, entry);
      if (entry.closed) {
        // Closed (by the browser, or the socket went) while it started.
        handle.dispose();
        return;
      }
      entry.handle = handle;
      // Output that came while it started may have filled the window already.
      if (entry.isPaused) handle.pause();
      this.opts.send.json({ type: "tunnelOpened", session });
      this.opts.log?.(`${kind} session ${session} opened${open.recorded ? " (recorded)" : ""}`);
      if (open.banner && open.operator) {
        const text = open.recorded ? SESSION_TEXT.banner(open.operator) : SESSION_TEXT.bannerUnrecorded(open.operator);
        entry.removeBanner = this.opts.prompter?.banner?.(text) ?? null;
      }
    } catch (error) {
      const reason =
        error instanceof TunnelRefused
          ? error.message
          : kind === "terminal"
            ? TUNNEL_TEXT.terminalUnavailable
            : TUNNEL_TEXT.vncUnavailable;
      if (!(error instanceof TunnelRefused)) this.opts.log?.(`${kind} session ${session} failed: ${String(error)}`);
      this.close(session, reason);
    }
  }

  /**
   * Asks the person at the device (the room sent a consent request): the operator hears "waiting"
   * and then the outcome; false when the session must not open (it is closed with the reason).
   */
  private async consent(open: TunnelOpen, entry: Session): Promise<boolean> {
    const request = open.consent;
    if (!request) return true;
    const { session, kind } = open;
    const prompter = this.opts.prompter;
    const text = SESSION_TEXT.prompt(request.operator, kind);
    if (prompter?.canPrompt()) {
      this.opts.send.json({ type: "tunnelConsent", session, state: "waiting", timeout_ms: request.timeout_ms });
    }
    const outcome = await askConsent(prompter ?? { canPrompt: () => false, ask: async () => "timeout" }, {
      session,
      text,
      timeout_ms: request.timeout_ms,
      default_action: request.default_action,
    });
    if (entry.closed) return false;
    this.opts.send.json({
      type: "tunnelConsent",
      session,
      state: outcome.state,
      ...(outcome.action ? { action: outcome.action } : {}),
    });
    this.opts.log?.(
      `${kind} session ${session}: consent ${outcome.state}${outcome.action ? ` (${outcome.action})` : ""}`,
    );
    if (outcome.allowed) return true;
    const reason =
      outcome.state === "refused"
        ? SESSION_TEXT.refused
        : outcome.state === "timeout"
          ? SESSION_TEXT.timeout("deny")
          : SESSION_TEXT.unavailable("deny");
    this.close(session, reason);
    return false;
  }

  private resize(message: Resize) {
    this.sessions.get(message.session)?.handle?.resize?.(message.cols, message.rows);
  }

  private credit(message: Credit) {
    this.sessions.get(message.session)?.credit(message.bytes);
  }

  /** The browser (or the room for it) ended the session: no answer. */
  private closeFromBrowser(message: Close) {
    const entry = this.sessions.get(message.session);
    if (!entry) return;
    this.sessions.delete(message.session);
    entry.dispose();
    this.opts.log?.(`${entry.kind} session ${message.session} closed by the browser`);
  }

  /** Ends a session on the device's side and tells the room why. */
  close(session: string, reason: string) {
    const entry = this.sessions.get(session);
    if (!entry) return;
    this.sessions.delete(session);
    entry.dispose();
    this.opts.send.json({ type: "tunnelClose", session, reason });
    this.opts.log?.(`${entry.kind} session ${session} closed: ${reason}`);
  }

  /** The socket is gone (replaced, lost, stopped): every session ends, nothing is sent. */
  closeAll() {
    for (const entry of this.sessions.values()) entry.dispose();
    this.sessions.clear();
  }
}
