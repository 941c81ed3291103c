import { TUNNEL_OPEN_TIMEOUT_MS, TUNNEL_TEXT } from "@contracts/remote-actions/tunnel";
import type { TunnelListener, TunnelPort } from "../live/device-tunnels";
import { TunnelStream } from "../terminal/tunnel-client";

/** WebSocket's readyState values (noVNC reads them as a WebSocket's). */
export const SOCKET_STATE = { connecting: 0, open: 1, closing: 2, closed: 3 } as const;

export type TunnelCloseEvent = { code: number; reason: string; wasClean: boolean };

type Options = {
  /** The session id (a random UUID). */
  session: string;
  /** The device room socket the flyout keeps (live/device-tunnels.ts). */
  port: TunnelPort;
  /** What the status says when the console's socket drops. */
  lostText: string;
  timeoutMs?: number;
  creditDelayMs?: number;
  /** The device asks its person first (seconds it waits), and the session is recorded. */
  onConsentWaiting?: (seconds: number) => void;
  onRecorded?: () => void;
};

/**
 * One remote-desktop session (kind "vnc", contracts/remote-actions/tunnel.ts) presented as the WebSocket noVNC's
 * RFB expects (`new RFB(target, channel)`): binaryType "arraybuffer", send(bytes),
 * onopen/onmessage/onclose/onerror, readyState, close(). Underneath, the bytes travel in the
 * session's data frames over the device room socket: tunnelOpen goes out when the socket is open,
 * tunnelOpened opens the channel, every message handed to RFB is credited back once RFB has taken
 * it (batched by TunnelStream), input is held to the agent's window, and tunnelClosed, a dropped
 * socket or no answer within 30 s close it with the reason in `reason`. close() ends the session.
 */
export class TunnelWebSocket {
  binaryType = "arraybuffer";
  protocol = "";
  readyState: number = SOCKET_STATE.connecting;
  onopen: ((event: { type: "open" }) => void) | null = null;
  onmessage: ((event: { data: ArrayBuffer }) => void) | null = null;
  onclose: ((event: TunnelCloseEvent) => void) | null = null;
  onerror: ((event: { type: "error" }) => void) | null = null;
  /** Why the session ended (the room's or agent's text, a timeout, a lost socket); null while open or when closed here. */
  reason: string | null = null;
  readonly session: string;
  private readonly port: TunnelPort;
  private readonly stream: TunnelStream;
  private readonly lostText: string;
  private readonly unlisten: () => void;
  private timer: ReturnType<typeof setTimeout>;
  /** The room said the operator's role may watch but not control (set when the session opens). */
  viewOnly = false;
  private started = false;

  constructor(options: Options) {
    this.session = options.session;
    this.port = options.port;
    this.lostText = options.lostText;
    const port = options.port;
    this.stream = new TunnelStream(
      options.session,
      { json: (m) => port.json(m), frame: (b) => port.frame(b) },
      options.creditDelayMs,
    );
    const listener: TunnelListener = {
      message: (message) => {
        if (message.session !== this.session || this.readyState === SOCKET_STATE.closed) return;
        if (message.type === "tunnelOpened") {
          this.viewOnly = message.view_only === true;
          this.opened();
        } else if (message.type === "tunnelRecorded") {
          options.onRecorded?.();
        } else if (message.type === "tunnelConsent" && message.state === "waiting") {
          options.onConsentWaiting?.(Math.round((message.timeout_ms ?? 0) / 1000));
          // The device asks its person first: wait as long as it does, and the usual time more.
          clearTimeout(this.timer);
          this.timer = setTimeout(
            () => {
              if (this.readyState === SOCKET_STATE.connecting) this.finish(TUNNEL_TEXT.timeout, true);
            },
            (message.timeout_ms ?? 0) + TUNNEL_OPEN_TIMEOUT_MS,
          );
        } else if (message.type === "tunnelCredit") this.stream.credit(message.bytes);
        else if (message.type === "tunnelClosed") this.finish(message.reason, false);
      },
      frame: (frame) => this.receive(frame),
      opened: () => this.start(),
      lost: () => this.finish(this.lostText, true),
    };
    this.unlisten = port.listen(listener);
    this.timer = setTimeout(() => {
      if (this.readyState === SOCKET_STATE.connecting) this.finish(TUNNEL_TEXT.timeout, true);
    }, options.timeoutMs ?? TUNNEL_OPEN_TIMEOUT_MS);
    this.start();
  }

  /** RFB's output: copied at once (noVNC reuses its send buffer), framed and held to the window. */
  send(data: ArrayBuffer | ArrayBufferView) {
    if (this.readyState !== SOCKET_STATE.open) return;
    const bytes =
      data instanceof ArrayBuffer
        ? new Uint8Array(data.slice(0))
        : new Uint8Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength));
    this.stream.input(bytes);
  }

  /** Ends the session (RFB's disconnect, the dialog closing): the room and agent are told. */
  close() {
    this.finish(null, true);
  }

  private start() {
    if (this.started || this.readyState !== SOCKET_STATE.connecting || !this.port.open) return;
    this.started = true;
    this.port.json({ type: "tunnelOpen", session: this.session, kind: "vnc" });
  }

  private opened() {
    if (this.readyState !== SOCKET_STATE.connecting) return;
    clearTimeout(this.timer);
    this.readyState = SOCKET_STATE.open;
    this.onopen?.({ type: "open" });
  }

  private receive(frame: Uint8Array) {
    if (this.readyState !== SOCKET_STATE.open) return;
    const payload = this.stream.receive(frame);
    if (!payload) return;
    // RFB copies the message into its receive queue and decodes it before returning.
    this.onmessage?.({ data: payload.slice().buffer });
    this.stream.consumed(payload.byteLength);
  }

  private finish(reason: string | null, tell: boolean) {
    if (this.readyState === SOCKET_STATE.closed) return;
    const wasOpen = this.readyState === SOCKET_STATE.open;
    clearTimeout(this.timer);
    if (tell && this.started && this.port.open) this.port.json({ type: "tunnelClose", session: this.session });
    this.stream.dispose();
    this.unlisten();
    this.readyState = SOCKET_STATE.closed;
    this.reason = reason;
    if (reason && !wasOpen) this.onerror?.({ type: "error" });
    // As a WebSocket does: the close event comes after close() returns.
    queueMicrotask(() => this.onclose?.({ code: 1000, reason: reason ?? "", wasClean: reason === null }));
  }
}
