import type { Principal } from "../../contracts/access/principal.ts";
import { AGENT_UPLOAD_MAX_BYTES, FRAME_MAX_BYTES, OUTGOING_MAX_UNACKED } from "../../contracts/realtime/events.ts";

export { ACK_EVERY, OUTGOING_MAX_UNACKED } from "../../contracts/realtime/events.ts";

/**
 * Per-connection budgets of a room socket: a token bucket of messages, a frame size
 * cap and a bound on what the room may have queued for a slow reader. Plain functions, so the
 * rules are unit-tested without a socket.
 */

/** Messages per second a connection may sustain, and the burst it may send at once. */
export type Rate = { perSecond: number; burst: number };

/**
 * Dashboards only ping and re-authenticate: 20/s with a burst of 50 is far above what the web
 * client sends. Agents heartbeat every 30 s, send telemetry, acks and results, and answer bursts
 * of commands (a refresh of every panel): 50/s with a burst of 200.
 */
export const USER_RATE: Rate = { perSecond: 20, burst: 50 };
export const AGENT_RATE: Rate = { perSecond: 50, burst: 200 };

/**
 * Remote-session frames (terminal keys and output, desktop updates and their credits) are bounded
 * by each session's credit window, not by the message budget; this cap only stops a flood of tiny
 * frames. Bulk terminal output is thousands of frames a second (a PTY reads a few KiB at a time:
 * `seq 1 3000000` on this machine made 5 600 frames/s of 3 KiB), which 1 000/s cut off by
 * dropping the agent — the device went offline — so the cap is well above that.
 */
export const TUNNEL_RATE: Rate = { perSecond: 20_000, burst: 40_000 };

export const rateFor = (principal: Principal): Rate => (principal.kind === "device" ? AGENT_RATE : USER_RATE);

export type Bucket = { tokens: number; at: number };

export const fullBucket = (rate: Rate, now: number): Bucket => ({ tokens: rate.burst, at: now });

/** Refills by elapsed time and takes one token; `ok` is false when the bucket was empty. */
export function take(bucket: Bucket, rate: Rate, now: number): { bucket: Bucket; ok: boolean } {
  const elapsed = Math.max(0, now - bucket.at) / 1000;
  const tokens = Math.min(rate.burst, bucket.tokens + elapsed * rate.perSecond);
  if (tokens < 1) return { bucket: { tokens, at: now }, ok: false };
  return { bucket: { tokens: tokens - 1, at: now }, ok: true };
}

const utf8 = new TextEncoder();

/**
 * Byte length of a frame as the size checks need it: a string counts its UTF-8 bytes, except that
 * a string short enough to be under FRAME_MAX_BYTES whatever its characters (≤ 3 bytes per UTF-16
 * unit) counts its length — every check compares with FRAME_MAX_BYTES or more, so the verdict is
 * the same, and the hot path (every agent frame) does not encode the frame just to measure it.
 */
export const frameBytes = (message: string | ArrayBuffer | ArrayBufferView): number => {
  if (typeof message !== "string") return message.byteLength;
  return message.length * 3 <= FRAME_MAX_BYTES ? message.length : utf8.encode(message).byteLength;
};

/**
 * Whether a frame of `bytes` may be read at all: dashboards up to FRAME_MAX_BYTES; agents up to
 * AGENT_UPLOAD_MAX_BYTES, because a commandResult carries a screenshot (checked again by type
 * once parsed: see frameAllowedForType).
 */
export const frameAllowed = (principal: Principal, bytes: number) =>
  bytes <= (principal.kind === "device" ? AGENT_UPLOAD_MAX_BYTES : FRAME_MAX_BYTES);

/** Only the documented upload message (commandResult) may exceed FRAME_MAX_BYTES. */
export const frameAllowedForType = (type: string, bytes: number) =>
  bytes <= FRAME_MAX_BYTES || type === "commandResult";

export type Flow = { sent: number; acked: number };

/** Whether one more event may be queued for a dashboard with this flow. */
export const withinBacklog = (flow: Flow) => flow.sent - flow.acked < OUTGOING_MAX_UNACKED;
