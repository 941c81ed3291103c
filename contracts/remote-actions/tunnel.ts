import { z } from "zod";
import { ConsentRequest } from "../sessions/schema.ts";

/*
 * Remote sessions through the device room: a browser terminal (the agent's PTY) or a
 * remote desktop (the agent's TCP connection to the device's VNC server, an RFB stream). Bytes
 * flow browser ⇄ DeviceRoom ⇄ agent over the sockets both already keep open; the room only
 * relays, it never stores the bytes. No port is opened on the device.
 *
 * Control frames are JSON (below). Data frames are binary: the session id's 16 bytes (the UUID
 * without dashes, as bytes) and then the payload, at most TUNNEL_CHUNK_BYTES of it.
 *
 *   browser ──tunnelOpen{session,kind,cols,rows}──▶ room ──tunnelOpen{…,idle_ms}──▶ agent
 *   browser ◀──────tunnelOpened{session}────────── room ◀──tunnelOpened{session}──── agent
 *   browser ⇄ binary [session 16 B | bytes] ⇄ room ⇄ agent
 *   either  ──tunnelCredit{session,bytes}──▶ (relayed to the other end)
 *   either  ──tunnelClose{session,reason}──▶ (relayed; the room sends tunnelClosed to the browser)
 *
 * Flow control (credits, both directions): a sender may have at most TUNNEL_WINDOW_BYTES of
 * payload the receiver has not yet credited back; a receiver credits what it has consumed
 * (written to the terminal, decoded by the VNC viewer, written to the PTY or the VNC socket).
 * The agent pauses the PTY (or stops reading the VNC socket) while its window is full, so a slow
 * browser slows the device, not the room's memory. The room closes a session whose sender goes
 * over its window by more than one chunk (a broken or hostile peer).
 */

export const TunnelKind = z.enum(["terminal", "vnc"]);
export type TunnelKind = z.infer<typeof TunnelKind>;

/** A session id: a UUID chosen by the browser (random v4). */
export const TunnelSessionId = z.uuid();

/** Bytes of the session id heading every binary data frame. */
export const TUNNEL_ID_BYTES = 16;
/** Largest payload of one binary data frame. */
export const TUNNEL_CHUNK_BYTES = 32 * 1024;
/** Payload bytes a sender may have in flight without credit from the receiver, per direction. */
export const TUNNEL_WINDOW_BYTES = 256 * 1024;
/** A receiver credits back at least every this many consumed bytes (and when idle). */
export const TUNNEL_CREDIT_EVERY = 32 * 1024;
/** Sessions open at once on one device (all kinds). */
export const TUNNEL_MAX_PER_DEVICE = 8;
/**
 * Refused tunnelOpens one socket may send before the room closes it (CloseCode.policy): a client
 * that keeps asking for what it was refused is not a console.
 */
export const TUNNEL_REFUSALS_MAX = 20;
/** A session with no byte either way for this long is closed by the agent (default; `--terminal-idle-minutes`). */
export const TUNNEL_IDLE_MS = 15 * 60_000;
/** The browser gives up on a tunnelOpen unanswered for this long (the spec's 30 s). */
export const TUNNEL_OPEN_TIMEOUT_MS = 30_000;

/** Terminal size in character cells. */
const Cols = z.number().int().min(2).max(1000);
const Rows = z.number().int().min(1).max(500);

/** browser → room → agent: open a session (`cols`/`rows` for a terminal). The room adds `idle_ms`. */
export const TunnelOpen = z.object({
  type: z.literal("tunnelOpen"),
  session: TunnelSessionId,
  kind: TunnelKind,
  cols: Cols.optional(),
  rows: Rows.optional(),
  /** Set by the room for the agent: close after this long without a byte either way. */
  idle_ms: z.number().int().min(1000).optional(),
  /**
   * Set by the room for the agent (a browser's values are replaced): ask the person at the device
   * first (contracts/sessions/schema.ts), show a banner while the session runs, say it is recorded.
   */
  consent: ConsentRequest.optional(),
  banner: z.boolean().optional(),
  recorded: z.boolean().optional(),
  operator: z.string().max(200).optional(),
});
export type TunnelOpen = z.infer<typeof TunnelOpen>;

/** agent → room → browser: the session is ready (the PTY runs, the VNC server answered). */
export const TunnelOpened = z.object({
  type: z.literal("tunnelOpened"),
  session: TunnelSessionId,
  /** room → browser: the operator's role may watch but not control this remote desktop. */
  view_only: z.boolean().optional(),
});

/** browser → room → agent: the terminal was resized. */
export const TunnelResize = z.object({
  type: z.literal("tunnelResize"),
  session: TunnelSessionId,
  cols: Cols,
  rows: Rows,
});

/** either way: the sender consumed this many more bytes of the session (its window reopens by that much). */
export const TunnelCredit = z.object({
  type: z.literal("tunnelCredit"),
  session: TunnelSessionId,
  bytes: z.number().int().min(1).max(TUNNEL_WINDOW_BYTES),
});

/** browser or agent → room: end the session (the agent says why: exited, idle, not available…). */
export const TunnelClose = z.object({
  type: z.literal("tunnelClose"),
  session: TunnelSessionId,
  reason: z.string().max(500).optional(),
});

/** room → browser: the session ended (the agent or the room closed it), with a reason to show. */
export const TunnelClosed = z.object({
  type: z.literal("tunnelClosed"),
  session: TunnelSessionId,
  reason: z.string().max(500),
});

/** Reasons the room and the agent give (shown in the terminal's status line / the viewer). */
export const TUNNEL_TEXT = {
  offline: "The device is offline: the session cannot start.",
  forbidden: "Your role cannot open remote sessions on this device.",
  tooMany: `This device already has ${TUNNEL_MAX_PER_DEVICE} open sessions.`,
  agentLeft: "The device disconnected.",
  viewerLeft: "The session's browser disconnected.",
  overWindow: "The session sent more than its flow-control window.",
  terminalDisabled: "Terminal not available on this device: the agent was not started with --allow-terminal.",
  terminalUnavailable: "Terminal not available on this device.",
  vncUnavailable: "Remote desktop not available: no VNC server answered on the device.",
  idle: "Closed after 15 minutes without activity.",
  exited: "The shell exited.",
  closed: "Session closed.",
  timeout: "The device did not answer in time.",
  tooManyRefusals: `Closed after ${TUNNEL_REFUSALS_MAX} refused remote sessions.`,
} as const;

/** The 16-byte session id of a data frame, from its UUID text. */
export function sessionBytes(session: string): Uint8Array {
  const hex = session.replace(/-/g, "");
  const out = new Uint8Array(TUNNEL_ID_BYTES);
  for (let i = 0; i < TUNNEL_ID_BYTES; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** The UUID text of a data frame's first 16 bytes. */
export function sessionOf(frame: Uint8Array): string {
  let hex = "";
  for (let i = 0; i < TUNNEL_ID_BYTES; i++) hex += (frame[i] ?? 0).toString(16).padStart(2, "0");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A data frame: the session id's bytes, then the payload. */
export function dataFrame(session: string, payload: Uint8Array): Uint8Array {
  const frame = new Uint8Array(TUNNEL_ID_BYTES + payload.byteLength);
  frame.set(sessionBytes(session), 0);
  frame.set(payload, TUNNEL_ID_BYTES);
  return frame;
}

/** The payload of a data frame (a view, no copy). */
export const payloadOf = (frame: Uint8Array) => frame.subarray(TUNNEL_ID_BYTES);
