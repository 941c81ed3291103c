import type { ServerMessage } from "../../contracts/realtime/events.ts";
import {
  payloadOf,
  sessionOf,
  TUNNEL_ID_BYTES,
  TUNNEL_IDLE_MS,
  TUNNEL_TEXT,
  type TunnelOpen,
} from "../../contracts/remote-actions/tunnel.ts";
import { SESSION_TEXT } from "../../contracts/sessions/schema.ts";
import { askConsent, type Prompter } from "../consent/prompt.ts";
import { Session } from "./session-flow.ts";
import { type TunnelOutbox, type TunnelProviders, TunnelRefused } from "./tunnel-types.ts";

export { idleText } from "./session-flow.ts";
export {
  type TunnelChannel,
  type TunnelHandle,
  type TunnelOutbox,
  type TunnelProvider,
  type TunnelProviders,
  TunnelRefused,
} from "./tunnel-types.ts";

/**
 * The agent's end of remote sessions through the device room (contracts/remote-actions/tunnel.ts): one entry per
 * session id, each served by the provider of its kind (a terminal's PTY, a VNC connection). This
 * layer owns the protocol — opened/close frames, splitting output into data frames, the credit
 * window both ways, the idle timeout (each session's in session-flow.ts) — so a provider only
 * moves bytes.
 */

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
