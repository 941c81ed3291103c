/**
 * The DeviceRoom's agent sockets: which one is current, which a newer one replaces, and when one
 * that pings went silent. Pure functions over the sockets, apart from the room, so the liveness
 * rules read in one place; the room passes how it reads the runtime's answered pings.
 */
import type { Connection } from "partyserver";
import { HEARTBEAT_INTERVAL_MS } from "../../contracts/devices/presence.ts";
import { AGENT_SILENCE_MS, CloseCode } from "../../contracts/realtime/events.ts";
import { type ConnState, closeQuietly } from "./room-state.ts";

/**
 * How long after an agent's last frame the room looks at its liveness when the runtime answers its
 * pings: just after its next heartbeat is due, so a healthy agent's heartbeat moves the check on
 * before it runs and the room is woken by the agent's frames only (once a minute, not every 25 s).
 */
export const LIVENESS_CHECK_MS = HEARTBEAT_INTERVAL_MS + 5_000;

/** When the runtime last answered the socket's ping (ms), or null: it never did. */
export type AutoPingAt = (connection: Connection<ConnState>) => number | null;

export const openAgents = (agents: Iterable<Connection<ConnState>>): Connection<ConnState>[] =>
  [...agents].filter((c) => c.readyState === WebSocket.OPEN);

/** The device's open agent socket (the newest: older ones are being closed). */
export const newestAgent = (open: Connection<ConnState>[]): Connection<ConnState> | undefined =>
  open.sort((a, b) => (b.state?.joined ?? 0) - (a.state?.joined ?? 0))[0];

/**
 * One agent socket per device: the newer one takes over (nothing is failed on that close).
 * Newer by the agent's attempt number when both sent one: an abandoned slow upgrade that
 * completes after the agent's next attempt is the one closed, not the live socket.
 * False when `connection` itself was the older one (and is closed).
 */
export function takeOver(connection: Connection<ConnState>, agents: Iterable<Connection<ConnState>>): boolean {
  const mine = connection.state?.attempt;
  const others = [...agents].filter((c) => c.id !== connection.id && c.readyState === WebSocket.OPEN);
  if (mine !== undefined && others.some((c) => (c.state?.attempt ?? 0) > mine)) {
    closeQuietly(connection, CloseCode.replaced, "replaced by a newer connection");
    return false;
  }
  for (const older of others) closeQuietly(older, CloseCode.replaced, "replaced by a newer connection");
  return true;
}

/**
 * When an agent socket that pings was last heard (its last frame or its last ping the runtime
 * answered, ms); null for one that never pinged (older agents are not held to the silence rule).
 */
export function lastHeard(connection: Connection<ConnState>, autoPingAt: AutoPingAt): number | null {
  const { pinger, frameAt, answered } = connection.state ?? {};
  // Not before the hello is answered: a connect that queues in a reconnect wave is not silence.
  if (answered === undefined) return null;
  const auto = autoPingAt(connection);
  if (auto === null && !pinger) return null;
  return Math.max(auto ?? 0, frameAt ?? 0) || null;
}

/** An agent socket that pings but sent nothing for 25 s (half-open after a network change). */
export function isSilent(connection: Connection<ConnState>, now: number, autoPingAt: AutoPingAt): boolean {
  const heard = lastHeard(connection, autoPingAt);
  return heard !== null && now - heard >= AGENT_SILENCE_MS;
}

/**
 * When to look at the agent sockets' liveness next (pinging agents only): 25 s after one was last
 * heard; for an agent whose pings the runtime answers (the room does not see them), not before
 * LIVENESS_CHECK_MS after its last frame, so its heartbeats, not a check every 25 s, wake the room.
 */
export function nextSilenceCheck(open: Connection<ConnState>[], autoPingAt: AutoPingAt): number | null {
  const times = open.flatMap((c) => {
    const heard = lastHeard(c, autoPingAt);
    if (heard === null) return [];
    const silent = heard + AGENT_SILENCE_MS;
    if (autoPingAt(c) === null) return [silent];
    return [Math.max(silent, (c.state?.frameAt ?? heard) + LIVENESS_CHECK_MS)];
  });
  return times.length ? Math.min(...times) : null;
}
