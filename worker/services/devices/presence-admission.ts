import { RETRY_AFTER_MAX_S, RETRY_AFTER_MIN_S, retryLaterReason } from "../../../contracts/devices/presence.ts";
import { CloseCode } from "../../../contracts/realtime/events.ts";

/*
 * Admission of agent connects (a device credential's upgrade of /parties/device/…), per isolate.
 *
 * A connect costs the server a credential read, the room's start and its presence write before the
 * upgrade is answered (partyserver answers 101 after onConnect). When a whole fleet reconnects at
 * once, taking every upgrade makes each of them wait behind all the others: past the agent's
 * patience the agent gives up and tries again while the server still does the abandoned connect's
 * work (and then its disconnect's), so the queue only grows (docs/scale.md, "Reconnect storms").
 *
 * So at most `limit` connects run at once (Little's law: the server then serves limit ÷ latency
 * connects a second, whatever that latency is on a quiet or a busy machine); the others wait up to
 * ADMIT_WAIT_MS for a place; the rest are answered at once, without a database read, with a close 4503
 * whose reason names when to come back. Those times are handed out as slots at the measured rate,
 * so the agents told to wait come back spread over the time the server needs for them.
 */

/** Connects that run at once in one isolate, unless the deployment sets AGENT_CONNECTS_IN_FLIGHT. */
export const CONNECTS_IN_FLIGHT = 64;
/**
 * How long a connect may wait for a place before it is told to come back later (ms). A waiting
 * upgrade costs a timer a few times a second, so a whole burst waits: the ones still waiting after
 * this long are turned away with slots computed from what the first ones took, not from a guess
 * (told too early, an agent would be turned away again: each turn is a disconnect). Well inside the
 * agent's HELLO_TIMEOUT_MS.
 */
export const ADMIT_WAIT_MS = 20_000;
/** How often a waiting connect looks for a place (ms): polled, so no promise crosses requests. */
const POLL_MS = 200;
/** Connects that may wait at once; more are turned away at once. */
export const MAX_WAITING = 5_000;

export type Admission = {
  inFlight: number;
  /** The devices whose upgrade is running now, with when they were admitted (ms). */
  upgrading: Map<string, number>;
  /**
   * Connects whose upgrade is answered but whose hello is not yet, when the device's room runs in
   * this isolate (always in local workerd; in production when it shares the Worker's isolate): they
   * keep their place until the room answers the hello (helloAnswered), so the work after the
   * upgrade is bounded too. Device → when admitted (ms).
   */
  awaitingHello: Map<string, number>;
  waiting: number;
  /**
   * Devices whose connect was turned away (4503), with the latest time their agent may be back (ms):
   * its retry-after plus the agent's jitter (retryLaterDelayMs) and the wait for a place. A room
   * started again after a restart keeps its device online until then (worker/rooms/device-presence.ts).
   */
  toldBack: Map<string, number>;
  /** Moving average of an admitted connect's duration (ms): admission to the room's answer. */
  latencyMs: number;
  /** The latest retry slot handed out (ms, this isolate's clock). */
  nextSlot: number;
  /** Counters since the isolate started (for tests and logs). */
  admitted: number;
  shed: number;
};

export const newAdmission = (): Admission => ({
  inFlight: 0,
  upgrading: new Map(),
  awaitingHello: new Map(),
  waiting: 0,
  toldBack: new Map(),
  latencyMs: 250,
  nextSlot: 0,
  admitted: 0,
  shed: 0,
});

/** This isolate's gate (in local workerd: the whole server's). */
export const admission = newAdmission();

export const connectLimit = (env: { AGENT_CONNECTS_IN_FLIGHT?: string }) => {
  const set = Number(env.AGENT_CONNECTS_IN_FLIGHT);
  return Number.isSafeInteger(set) && set > 0 ? set : CONNECTS_IN_FLIGHT;
};

/**
 * The seconds a connect turned away at `now` is asked to wait: a slot after those already handed
 * out, and after the ones running now, at the served rate (limit ÷ latency).
 */
export function retrySlot(gate: Admission, limit: number, now: number): number {
  const running = gate.inFlight + gate.awaitingHello.size;
  // A quarter slower than measured: an agent that comes back at its slot should find a place, not
  // be turned away again (each turn is a disconnect, and the wave's budget is two per agent).
  const spacing = (1.25 * gate.latencyMs) / limit;
  // After the connects running now (the ones still waiting are about to get slots of their own: a
  // burst that waited together is turned away together, and each counting all the others as
  // ahead of it would send the whole burst past the time the server needs).
  const ahead = now + running * spacing;
  gate.nextSlot = Math.max(gate.nextSlot, ahead) + spacing;
  gate.shed++;
  return (gate.nextSlot - now) / 1000;
}

/**
 * An admitted connect's upgrade ends (answered or failed). Its place frees, and its time is counted,
 * unless its room (in this isolate) took it over until the hello is answered (holdForHello).
 */
export function release(gate: Admission, startedAt: number, now: number, device?: string) {
  gate.inFlight = Math.max(0, gate.inFlight - 1);
  if (device !== undefined) gate.upgrading.delete(device);
  if (device === undefined || !gate.awaitingHello.has(device)) learn(gate, startedAt, now);
}

const learn = (gate: Admission, startedAt: number, now: number) => {
  gate.latencyMs = 0.8 * gate.latencyMs + 0.2 * Math.max(1, now - startedAt);
};

/**
 * The device's room joined its agent socket: when the upgrade was admitted in this isolate, the
 * connect keeps its place until the hello is answered (a room in another isolate never sees it, and
 * its connect's place frees with the upgrade's answer).
 */
export function holdForHello(gate: Admission, device: string) {
  gate.toldBack.delete(device);
  const admittedAt = gate.upgrading.get(device);
  if (admittedAt !== undefined) gate.awaitingHello.set(device, admittedAt);
}

/** The room answered the hello (or the socket left first): the connect's place frees, its time is counted. */
export function helloAnswered(gate: Admission, device: string, now: number) {
  const admittedAt = gate.awaitingHello.get(device);
  if (admittedAt === undefined) return;
  gate.awaitingHello.delete(device);
  learn(gate, admittedAt, now);
}

/** Connects whose hello was never answered (the agent went away) stop holding a place after this long (ms). */
export const HOLD_MAX_MS = 90_000;

/** Places taken now: upgrades running, and hellos awaited (those older than HOLD_MAX_MS dropped). */
function taken(gate: Admission, now: number) {
  for (const [device, at] of gate.awaitingHello) if (now - at > HOLD_MAX_MS) gate.awaitingHello.delete(device);
  return gate.inFlight + gate.awaitingHello.size;
}

/**
 * Takes a place for a connect: resolves with the time it was admitted (pass it to release), or with
 * the seconds to come back after when there is no place within ADMIT_WAIT_MS (or too many wait).
 */
export async function admit(
  gate: Admission,
  limit: number,
  clock: () => number = Date.now,
  sleep: (ms: number) => Promise<unknown> = (ms) => new Promise((r) => setTimeout(r, ms)),
  device?: string,
): Promise<{ admittedAt: number } | { retryAfterS: number }> {
  const take = () => {
    const admittedAt = clock();
    gate.inFlight++;
    gate.admitted++;
    if (device !== undefined) gate.upgrading.set(device, admittedAt);
    return { admittedAt };
  };
  if (taken(gate, clock()) < limit && gate.waiting === 0) return take();
  if (gate.waiting >= MAX_WAITING)
    return { retryAfterS: toldToComeBack(gate, device, retrySlot(gate, limit, clock()), clock()) };
  gate.waiting++;
  const until = clock() + ADMIT_WAIT_MS;
  try {
    while (clock() < until) {
      await sleep(POLL_MS);
      if (taken(gate, clock()) < limit) return take();
    }
  } finally {
    gate.waiting--;
  }
  return { retryAfterS: toldToComeBack(gate, device, retrySlot(gate, limit, clock()), clock()) };
}

/**
 * Notes when a turned-away device's agent may be back at the latest: told `seconds` (whole, as the
 * close reason says), it waits up to a quarter more plus a second, then up to ADMIT_WAIT_MS for a place.
 */
function toldToComeBack(gate: Admission, device: string | undefined, seconds: number, now: number) {
  if (device === undefined) return seconds;
  const told = Math.min(RETRY_AFTER_MAX_S, Math.max(RETRY_AFTER_MIN_S, Math.ceil(seconds)));
  gate.toldBack.set(device, now + told * 1250 + 1000 + ADMIT_WAIT_MS);
  // Bounded by the fleet of this isolate; past times are dropped once it grows.
  if (gate.toldBack.size > 2 * MAX_WAITING) for (const [d, at] of gate.toldBack) if (at < now) gate.toldBack.delete(d);
  return seconds;
}

/** The latest time (ms) the device's agent, turned away in this isolate, may be back; null if it was not. */
export function toldBackBy(gate: Admission, device: string, now: number): number | null {
  const at = gate.toldBack.get(device);
  if (at === undefined) return null;
  if (at < now) {
    gate.toldBack.delete(device);
    return null;
  }
  return at;
}

/**
 * The answer to a connect turned away: the upgrade is accepted and closed at once with 4503 and
 * `retry-after=<s>` (an HTTP 503 would reach a WebSocket client as a bare failure, 1006, without
 * its Retry-After). No database, no room.
 */
export function retryLaterResponse(retryAfterS: number): Response {
  const pair = new WebSocketPair();
  pair[1].accept();
  pair[1].close(CloseCode.retryLater, retryLaterReason(retryAfterS));
  return new Response(null, { status: 101, webSocket: pair[0] });
}
