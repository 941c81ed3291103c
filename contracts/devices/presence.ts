/**
 * Device presence as plain decisions (STYLE: rooms keep decisions in functions with tests).
 * Online = the agent is connected and its last heartbeat is younger than OFFLINE_AFTER_MS.
 */
/**
 * How often the agent sends a heartbeat frame. Between two the room hears the agent's pings (every
 * 10 s, answered by the runtime without waking the room) and counts them as heard for both rules:
 * one frame a minute, sent beside the telemetry, is what wakes a hibernating room. Well inside
 * OFFLINE_AFTER_MS for a room that only counts heartbeat frames.
 */
export const HEARTBEAT_INTERVAL_MS = 60_000;
export const OFFLINE_AFTER_MS = 90_000;

export type PresenceState = {
  online: boolean;
  /** Start of the current online streak (ms); null while offline. */
  online_since: number | null;
  /** Last time the agent was heard (ms); while offline, the start of the offline streak. */
  last_seen: number | null;
  last_heartbeat: number | null;
};

export type PresenceEvent =
  | { type: "connect" }
  | { type: "heartbeat" }
  | { type: "disconnect"; agentsLeft: number }
  | { type: "check" };

export type PresenceStep = { state: PresenceState; transition: "online" | "offline" | null };

export const initialPresence = (): PresenceState => ({
  online: false,
  online_since: null,
  last_seen: null,
  last_heartbeat: null,
});

const goOnline = (state: PresenceState, now: number): PresenceStep => ({
  state: { online: true, online_since: state.online ? state.online_since : now, last_seen: now, last_heartbeat: now },
  transition: state.online ? null : "online",
});

const goOffline = (state: PresenceState, lastSeen: number): PresenceStep => ({
  state: { ...state, online: false, online_since: null, last_seen: lastSeen },
  transition: state.online ? "offline" : null,
});

export function nextPresence(state: PresenceState, event: PresenceEvent, now: number): PresenceStep {
  switch (event.type) {
    case "connect":
    case "heartbeat":
      return goOnline(state, now);
    case "disconnect":
      if (event.agentsLeft > 0) return { state, transition: null };
      return goOffline(state, now);
    case "check":
      if (!state.online || !isStale(state, now)) return { state, transition: null };
      // Missed heartbeats: the device was last heard at its last heartbeat, not now.
      return goOffline(state, state.last_heartbeat ?? now);
  }
}

export const isStale = (state: PresenceState, now: number) =>
  state.last_heartbeat === null || now - state.last_heartbeat >= OFFLINE_AFTER_MS;

/**
 * Presence after the room wakes from hibernation: the saved state is written on transitions
 * only, so it may be older than the agent's last heartbeat, which the agent's socket carries
 * (`heard`, kept with the connection, not in storage). Takes the newest of both.
 */
export function restorePresence(saved: PresenceState, heard: (number | undefined)[]): PresenceState {
  const latest = Math.max(0, ...heard.filter((t): t is number => typeof t === "number"));
  if (!saved.online || latest <= (saved.last_heartbeat ?? 0)) return saved;
  return { ...saved, last_heartbeat: latest, last_seen: latest };
}

/** When the room must look again for missed heartbeats (null while offline). */
export const nextCheckAt = (state: PresenceState): number | null =>
  state.online ? (state.last_heartbeat ?? 0) + OFFLINE_AFTER_MS : null;

/**
 * Why a device went offline, as its outage row records it: the agent said it was stopping (its
 * socket closed with 1000 "agent stopping"), its socket dropped otherwise, it sent nothing for
 * 25 s (the silence rule), no heartbeat came for 90 s, the device was disabled, or not known (the
 * room found D1 saying online with no agent, or the outage predates its recording).
 */
export const OUTAGE_CAUSES = [
  "agent_stopped",
  "connection_lost",
  "silence",
  "heartbeat_missed",
  "disabled",
  "unknown",
] as const;
export type OutageCause = (typeof OUTAGE_CAUSES)[number];

/** The reason the agent gives when it closes its socket on purpose (agent/session.ts). */
export const AGENT_STOPPING_REASON = "agent stopping";

/** The cause of an offline transition from how the last agent socket left (`code`/`reason` of its close). */
export function closeCause(code: number | undefined, reason: string | undefined): OutageCause {
  return code === 1000 && reason === AGENT_STOPPING_REASON ? "agent_stopped" : "connection_lost";
}

/** Online seconds of a streak [from, to) per UTC day (YYYY-MM-DD), for device_availability. */
export function onlineSecondsPerDay(from: number, to: number): { day: string; seconds: number }[] {
  const out: { day: string; seconds: number }[] = [];
  let start = from;
  while (start < to) {
    const dayStart = Math.floor(start / 86_400_000) * 86_400_000;
    const end = Math.min(to, dayStart + 86_400_000);
    const seconds = Math.round((end - start) / 1000);
    if (seconds > 0) out.push({ day: new Date(dayStart).toISOString().slice(0, 10), seconds });
    start = end;
  }
  return out;
}

/**
 * Connect admission (worker/services/devices/presence-admission.ts): an agent's connect that the
 * server cannot serve now is closed with CloseCode.retryLater (4503) and this reason, which names
 * the seconds to wait before the next attempt: `retry-after=<whole seconds>`. The server hands out
 * those delays as slots at the rate it serves connects, so a wave comes back spread over time.
 */
export const RETRY_AFTER_MIN_S = 1;
export const RETRY_AFTER_MAX_S = 600;
export const retryLaterReason = (seconds: number) =>
  `retry-after=${Math.min(RETRY_AFTER_MAX_S, Math.max(RETRY_AFTER_MIN_S, Math.ceil(seconds)))}`;

/** The seconds a 4503 close asks the agent to wait, or null when its reason carries none. */
export function retryAfterOf(reason: string | undefined): number | null {
  const match = /(?:^|[;\s])retry-after=(\d{1,6})(?:$|[;\s])/.exec(reason ?? "");
  if (!match) return null;
  return Math.min(RETRY_AFTER_MAX_S, Math.max(RETRY_AFTER_MIN_S, Number(match[1])));
}

/**
 * How long an agent told `retry-after=s` waits (ms): never sooner than told, and up to a quarter
 * more (plus up to a second), so agents shed in the same instant do not come back in the same one.
 * `random` is in [0, 1).
 */
export const retryLaterDelayMs = (seconds: number, random: number) =>
  Math.round(seconds * 1000 * (1 + 0.25 * random) + 1000 * random);

/**
 * How long an agent waits for its hello to be answered (helloAck), from the start of the attempt:
 * the upgrade and the hello of a connect admitted during a wave may queue behind others, and that
 * is not silence. The 25 s silence rule (AGENT_SILENCE_MS) counts only from the answer.
 */
export const HELLO_TIMEOUT_MS = 90_000;
