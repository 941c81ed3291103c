import { describe, expect, it } from "vitest";
import {
  applyPresence,
  applyTelemetry,
  KEPT_COMMANDS,
  keepNewerTelemetry,
  type LiveCommands,
  latestOf,
  previousSample,
  reduceCommands,
  roomEffect,
} from "./room-state";

const detail = { online: false, last_seen: "2026-11-22T10:00:00.000Z", online_since: null, name: "Kiosk" };

describe("device room: presence", () => {
  it("flips the cached detail online with its streak start", () => {
    const next = applyPresence(detail, {
      type: "presence",
      online: true,
      last_seen: "2026-11-22T11:00:00.000Z",
      online_since: "2026-11-22T11:00:00.000Z",
    });
    expect(next).toEqual({
      ...detail,
      online: true,
      last_seen: "2026-11-22T11:00:00.000Z",
      online_since: "2026-11-22T11:00:00.000Z",
    });
  });

  it("flips it offline and clears online_since (the offline streak counts from last_seen)", () => {
    const online = { ...detail, online: true, online_since: "2026-11-22T09:00:00.000Z" };
    const next = applyPresence(online, {
      type: "presence",
      online: false,
      last_seen: "2026-11-22T11:05:00.000Z",
      online_since: null,
    });
    expect(next).toMatchObject({ online: false, last_seen: "2026-11-22T11:05:00.000Z", online_since: null });
  });

  it("keeps the same object when nothing changed and ignores an empty cache", () => {
    expect(applyPresence(detail, { type: "presence", online: false, last_seen: null, online_since: null })).toBe(
      detail,
    );
    expect(
      applyPresence(undefined, { type: "presence", online: true, last_seen: null, online_since: null }),
    ).toBeUndefined();
  });
});

describe("device room: messages", () => {
  it("maps protocol messages to effects", () => {
    expect(roomEffect({ type: "presence", online: true, last_seen: null, online_since: null }, "d1").kind).toBe(
      "presence",
    );
    expect(roomEffect({ type: "commandUpdate", id: "c1", action: "screenshot", status: "pending" }, "d1")).toEqual({
      kind: "command",
      command: { id: "c1", action: "screenshot", status: "pending" },
    });
    const update = { type: "deviceDetailsUpdate", event: "deviceUpdated", space_uuid: "s", device_uuid: "d1" } as const;
    expect(roomEffect(update, "d1").kind).toBe("invalidate");
    expect(roomEffect({ ...update, device_uuid: "d2" }, "d1").kind).toBe("none");
    expect(roomEffect({ type: "pong", at: 1 }, "d1").kind).toBe("none");
  });
});

describe("device room: commands", () => {
  it("follows a command from pending to its outcome", () => {
    let state: LiveCommands = {};
    state = reduceCommands(state, { id: "c1", action: "set-vision", status: "pending" });
    state = reduceCommands(state, { id: "c1", action: "set-vision", status: "received" });
    expect(state.c1?.status).toBe("received");
    state = reduceCommands(state, { id: "c1", action: "set-vision", status: "succeeded", result: { vision: true } });
    expect(state.c1).toEqual({ id: "c1", action: "set-vision", status: "succeeded", result: { vision: true } });
    expect(latestOf(state, "set-vision")?.id).toBe("c1");
    expect(latestOf(state, "screenshot")).toBeUndefined();
  });

  it("a late progress report does not reopen a finished command", () => {
    const done = reduceCommands({}, { id: "c1", action: "screenshot", status: "timed_out", error: "late" });
    expect(reduceCommands(done, { id: "c1", action: "screenshot", status: "received" })).toBe(done);
  });

  it("keeps only the newest commands", () => {
    let state: LiveCommands = {};
    for (let i = 0; i < KEPT_COMMANDS + 5; i++) state = reduceCommands(state, { id: `c${i}`, status: "pending" });
    expect(Object.keys(state)).toHaveLength(KEPT_COMMANDS);
    expect(state.c0).toBeUndefined();
    expect(state[`c${KEPT_COMMANDS + 4}`]).toBeDefined();
  });
});

describe("device room: telemetry samples", () => {
  const cpu = { status: 0, cores: 2, threads: 4, load1: 1, load5: 1, load15: 1 };
  const shown = { latest_telemetry: { cpu }, telemetry_updated_at: "2026-11-22T10:00:00.000Z", name: "Kiosk" };

  it("turns a telemetrySample into a telemetry effect", () => {
    const at = Date.parse("2026-11-22T10:01:00.000Z");
    expect(roomEffect({ type: "telemetrySample", at, telemetry: { cpu } }, "d1")).toEqual({
      kind: "telemetry",
      at,
      telemetry: { cpu },
    });
  });

  it("makes a newer sample the latest report and its time the last check", () => {
    const at = Date.parse("2026-11-22T10:01:00.000Z");
    const next = applyTelemetry(shown, at, { cpu: { ...cpu, load1: 3 } });
    expect(next).toEqual({
      name: "Kiosk",
      latest_telemetry: { cpu: { ...cpu, load1: 3 } },
      telemetry_updated_at: "2026-11-22T10:01:00.000Z",
    });
    expect(applyTelemetry(shown, Date.parse("2026-11-22T09:59:00.000Z"), {})).toBe(shown);
    expect(applyTelemetry(undefined, at, {})).toBeUndefined();
  });

  it("hands the shown report over as the previous sample", () => {
    expect(previousSample(shown)).toEqual({ at: Date.parse("2026-11-22T10:00:00.000Z"), telemetry: { cpu } });
    expect(previousSample({ latest_telemetry: null, telemetry_updated_at: null })).toBeNull();
  });

  it("keeps a live report over an older one a refetch brings back", () => {
    const live = {
      ...shown,
      telemetry_updated_at: "2026-11-22T10:05:00.000Z",
      latest_telemetry: { cpu: { ...cpu, load1: 4 } },
    };
    const stale = { ...shown, name: "Renamed" };
    expect(keepNewerTelemetry(live, stale)).toEqual({ ...live, name: "Renamed" });
    const newer = { ...shown, telemetry_updated_at: "2026-11-22T10:06:00.000Z" };
    expect(keepNewerTelemetry(live, newer)).toBe(newer);
    expect(keepNewerTelemetry(undefined, stale)).toBe(stale);
    expect(keepNewerTelemetry({ latest_telemetry: null, telemetry_updated_at: null }, stale)).toBe(stale);
  });
});
