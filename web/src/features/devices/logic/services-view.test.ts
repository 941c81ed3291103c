import type { DeviceDetail } from "@contracts/devices/detail";
import { describe, expect, it } from "vitest";
import { servicesView, shortDuration } from "./services-view";

type Input = Pick<DeviceDetail, "online" | "latest_telemetry" | "telemetry_updated_at">;

const telemetry = {
  services: [
    { name: "Outpost agent", kind: "agent", state: "running", since: 1000, restarts: 2, last_error: null },
    { name: "Vision", kind: "vision", state: "failed", since: 2000, restarts: 3, last_error: "exited with 3" },
  ],
  applications: {
    allowed: true,
    displays: [
      {
        display: "HDMI-1@Elo",
        state: "crashed",
        status: 3,
        applications: [
          {
            uuid: "a1",
            name: "Menu board",
            state: "crashed",
            kind: "url",
            supervisor: "child",
            pid: null,
            exit_code: 1,
            signal: null,
            restarts_last_hour: 6,
            crash_loop: true,
            since: 3000,
            restart_at: null,
            error: "chromium exited with 1",
          },
        ],
      },
    ],
  },
} as unknown as NonNullable<DeviceDetail["latest_telemetry"]>;

describe("Asset Info → Services", () => {
  it("lists what the agent reports, each application on its display, with real state, restarts and errors", () => {
    const view = servicesView({
      online: true,
      latest_telemetry: telemetry,
      telemetry_updated_at: "2026-11-29T07:00:00Z",
    });
    if (view.kind !== "list") throw new Error("no list");
    expect(view.stale).toBe(false);
    expect(view.rows.map((r) => [r.name, r.label, r.tone, r.restarts, r.error])).toEqual([
      ["Outpost agent", "device.services.state.running", "good", 2, null],
      ["Vision", "device.services.state.failed", "bad", 3, "exited with 3"],
      ["Menu board (HDMI-1)", "device.services.state.crashLoop", "bad", 6, "chromium exited with 1"],
    ]);
    expect(view.rows[2].restartsLastHour).toBe(true);
  });

  it("an offline device shows its last known state with the report's time, not live", () => {
    const input: Input = { online: false, latest_telemetry: telemetry, telemetry_updated_at: "2026-11-28T10:00:00Z" };
    expect(servicesView(input)).toMatchObject({ kind: "list", stale: true, reportedAt: "2026-11-28T10:00:00Z" });
  });

  it("nothing reported: nothing shown (never four hard-coded green rows)", () => {
    expect(servicesView({ online: true, latest_telemetry: null, telemetry_updated_at: null })).toEqual({
      kind: "none",
    });
    expect(servicesView({ online: true, latest_telemetry: {}, telemetry_updated_at: null })).toEqual({ kind: "none" });
  });

  it("words durations shortly", () => {
    expect(shortDuration(40_000)).toBe("40 s");
    expect(shortDuration(12 * 60_000)).toBe("12 min");
    expect(shortDuration((2 * 60 + 5) * 60_000)).toBe("2 h 5 min");
    expect(shortDuration((3 * 24 + 4) * 3_600_000)).toBe("3 d 4 h");
  });
});
