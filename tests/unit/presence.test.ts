import { describe, expect, it } from "vitest";
import {
  initialPresence,
  nextCheckAt,
  nextPresence,
  OFFLINE_AFTER_MS,
  onlineSecondsPerDay,
  restorePresence,
} from "../../contracts/devices/presence.ts";

const T0 = Date.parse("2026-11-22T10:00:00Z");

describe("presence", () => {
  it("goes online on connect and stays online with heartbeats", () => {
    const joined = nextPresence(initialPresence(), { type: "connect" }, T0);
    expect(joined.transition).toBe("online");
    expect(joined.state).toMatchObject({ online: true, online_since: T0, last_seen: T0 });
    const beat = nextPresence(joined.state, { type: "heartbeat" }, T0 + 30_000);
    expect(beat.transition).toBeNull();
    expect(beat.state).toMatchObject({ online_since: T0, last_heartbeat: T0 + 30_000 });
    expect(nextCheckAt(beat.state)).toBe(T0 + 30_000 + OFFLINE_AFTER_MS);
  });

  it("goes offline when heartbeats are missed for 90 s, last seen at the last heartbeat", () => {
    const { state } = nextPresence(initialPresence(), { type: "connect" }, T0);
    expect(nextPresence(state, { type: "check" }, T0 + 89_999).transition).toBeNull();
    const missed = nextPresence(state, { type: "check" }, T0 + 90_000);
    expect(missed.transition).toBe("offline");
    expect(missed.state).toMatchObject({ online: false, online_since: null, last_seen: T0 });
    expect(nextCheckAt(missed.state)).toBeNull();
    // A late heartbeat on the same socket brings it back.
    expect(nextPresence(missed.state, { type: "heartbeat" }, T0 + 95_000).transition).toBe("online");
  });

  it("goes offline when the last agent socket closes, not while another remains", () => {
    const { state } = nextPresence(initialPresence(), { type: "connect" }, T0);
    expect(nextPresence(state, { type: "disconnect", agentsLeft: 1 }, T0 + 5).transition).toBeNull();
    const left = nextPresence(state, { type: "disconnect", agentsLeft: 0 }, T0 + 5_000);
    expect(left).toMatchObject({ transition: "offline", state: { online: false, last_seen: T0 + 5_000 } });
    expect(nextPresence(left.state, { type: "disconnect", agentsLeft: 0 }, T0 + 6_000).transition).toBeNull();
  });

  it("splits online seconds per UTC day", () => {
    const from = Date.parse("2026-11-21T23:59:00Z");
    expect(onlineSecondsPerDay(from, from + 120_000)).toEqual([
      { day: "2026-11-21", seconds: 60 },
      { day: "2026-11-22", seconds: 60 },
    ]);
    expect(onlineSecondsPerDay(from, from)).toEqual([]);
  });

  it("after hibernation takes the agent socket's newer heartbeat over the saved one", () => {
    const saved = nextPresence(initialPresence(), { type: "connect" }, T0).state;
    const restored = restorePresence(saved, [T0 + 60_000, undefined]);
    expect(restored).toMatchObject({
      online: true,
      online_since: T0,
      last_seen: T0 + 60_000,
      last_heartbeat: T0 + 60_000,
    });
    // The alarm then looks 90 s after that heartbeat, not after the saved one.
    expect(nextCheckAt(restored)).toBe(T0 + 60_000 + OFFLINE_AFTER_MS);
    // Nothing newer, no socket, or offline: the saved state stands.
    expect(restorePresence(saved, [T0 - 1])).toBe(saved);
    expect(restorePresence(saved, [])).toBe(saved);
    const offline = nextPresence(saved, { type: "disconnect", agentsLeft: 0 }, T0 + 5_000).state;
    expect(restorePresence(offline, [T0 + 60_000])).toBe(offline);
  });
});
