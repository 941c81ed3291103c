import { describe, expect, it } from "vitest";
import { healthFreshness, isOfflineProblem } from "./health-freshness";

describe("healthFreshness", () => {
  it("is current only while the device is online", () => {
    expect(healthFreshness({ online: true, last_seen: "2026-11-29T06:00:00Z" })).toEqual({ stale: false });
  });

  it("is last known, as of the last heartbeat, for a device that is not online", () => {
    expect(
      healthFreshness({
        online: false,
        last_seen: "2026-11-29T06:00:00Z",
        telemetry_updated_at: "2026-11-29T05:59:00Z",
      }),
    ).toEqual({ stale: true, asOf: "2026-11-29T06:00:00Z" });
    expect(healthFreshness({ online: false, last_seen: null, telemetry_updated_at: "2026-11-29T05:59:00Z" })).toEqual({
      stale: true,
      asOf: "2026-11-29T05:59:00Z",
    });
    expect(healthFreshness({ online: false })).toEqual({ stale: true, asOf: null });
  });
});

describe("isOfflineProblem", () => {
  it("counts a connected device that is offline, not an archived or uninstalled one", () => {
    expect(isOfflineProblem({ online: false, connected_status: "connected" })).toBe(true);
    expect(isOfflineProblem({ online: true, connected_status: "connected" })).toBe(false);
    expect(isOfflineProblem({ online: false, connected_status: "archived" })).toBe(false);
    expect(isOfflineProblem({ online: false, connected_status: "non_connected" })).toBe(false);
  });
});
