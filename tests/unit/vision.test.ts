import { describe, expect, it } from "vitest";
import { nextVision, visionAlready } from "../../contracts/cameras/vision.ts";

describe("vision state machine (devices.md §4)", () => {
  it("enables: toggle → requested, received → pending, success → enabled", () => {
    const requested = nextVision("disabled", { type: "toggle", enabled: true });
    expect(requested).toBe("enable_requested");
    const pending = nextVision("enable_requested", { type: "received" });
    expect(pending).toBe("enable_pending");
    expect(nextVision("enable_pending", { type: "success" })).toBe("enabled");
  });

  it("disables: disable_requested → disable_pending → disabled", () => {
    expect(nextVision("enabled", { type: "toggle", enabled: false })).toBe("disable_requested");
    expect(nextVision("disable_requested", { type: "received" })).toBe("disable_pending");
    expect(nextVision("disable_pending", { type: "success" })).toBe("disabled");
  });

  it("an error returns to the previous state, or disabled when none is given", () => {
    expect(nextVision("disable_pending", { type: "error", previous: "enabled" })).toBe("enabled");
    expect(nextVision("enable_pending", { type: "error" })).toBe("disabled");
  });

  it("refuses a toggle while requested or pending", () => {
    for (const busy of ["enable_requested", "enable_pending", "disable_requested", "disable_pending"] as const) {
      expect(nextVision(busy, { type: "toggle", enabled: true })).toBeNull();
    }
    expect(visionAlready("enabled", true)).toBe(true);
    expect(visionAlready("disabled", true)).toBe(false);
  });
});
