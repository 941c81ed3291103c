import { describe, expect, it } from "vitest";
import { nextVision, type VisionState, visionAfter, visionControl, visionEventOf, visionTone } from "./vision";

/** Runs a toggle then commandUpdate statuses, as the Settings tab does. */
function run(start: VisionState, enabled: boolean, statuses: Parameters<typeof visionEventOf>[0][]) {
  let state = nextVision(start, { type: "toggle", enabled });
  const seen = [state];
  for (const status of statuses) {
    const event = visionEventOf(status, start);
    if (state && event) state = nextVision(state, event);
    seen.push(state);
  }
  return seen;
}

describe("vision state machine (devices.md §4)", () => {
  it("a toggle sets *_requested at once", () => {
    expect(nextVision("disabled", { type: "toggle", enabled: true })).toBe("enable_requested");
    expect(nextVision("enabled", { type: "toggle", enabled: false })).toBe("disable_requested");
  });

  it("refuses a toggle while a change is under way", () => {
    for (const state of ["enable_requested", "enable_pending", "disable_requested", "disable_pending"] as const) {
      expect(nextVision(state, { type: "toggle", enabled: true })).toBeNull();
    }
  });

  it("message received moves requested to pending; other states stay", () => {
    expect(nextVision("enable_requested", { type: "received" })).toBe("enable_pending");
    expect(nextVision("disable_requested", { type: "received" })).toBe("disable_pending");
    expect(nextVision("enabled", { type: "received" })).toBe("enabled");
  });

  it("success moves disable_pending to disabled, everything else to enabled", () => {
    expect(nextVision("disable_pending", { type: "success" })).toBe("disabled");
    expect(nextVision("enable_pending", { type: "success" })).toBe("enabled");
    expect(nextVision("enable_requested", { type: "success" })).toBe("enabled");
    expect(nextVision("disable_requested", { type: "success" })).toBe("enabled");
  });

  it("an error returns to the previous state, or disabled when none is given", () => {
    expect(nextVision("enable_pending", { type: "error", previous: "disabled" })).toBe("disabled");
    expect(nextVision("disable_pending", { type: "error", previous: "enabled" })).toBe("enabled");
    expect(nextVision("disable_pending", { type: "error" })).toBe("disabled");
    expect(nextVision("enable_requested", { type: "error", previous: null })).toBe("disabled");
  });

  it("walks whole changes driven by commandUpdate statuses", () => {
    expect(run("disabled", true, ["pending", "received", "succeeded"])).toEqual([
      "enable_requested",
      "enable_requested",
      "enable_pending",
      "enabled",
    ]);
    expect(run("enabled", false, ["received", "succeeded"])).toEqual([
      "disable_requested",
      "disable_pending",
      "disabled",
    ]);
    expect(run("enabled", false, ["received", "failed"])).toEqual(["disable_requested", "disable_pending", "enabled"]);
    expect(run("disabled", true, ["timed_out"])).toEqual(["enable_requested", "disabled"]);
  });
});

describe("vision control", () => {
  it("chip colours: green enabled, warning pending, info requested, grey otherwise", () => {
    expect(visionTone("enabled")).toBe("success");
    expect(visionTone("enable_pending")).toBe("warning");
    expect(visionTone("disable_pending")).toBe("warning");
    expect(visionTone("enable_requested")).toBe("info");
    expect(visionTone("disable_requested")).toBe("info");
    expect(visionTone("disabled")).toBe("muted");
  });

  it("spinner while requested, switch disabled and a warning while pending", () => {
    expect(visionControl("enable_requested")).toEqual({
      checked: true,
      switchDisabled: true,
      spinner: true,
      warnPending: false,
    });
    expect(visionControl("disable_pending")).toEqual({
      checked: false,
      switchDisabled: true,
      spinner: false,
      warnPending: true,
    });
    expect(visionControl("enabled")).toEqual({
      checked: true,
      switchDisabled: false,
      spinner: false,
      warnPending: false,
    });
    expect(visionControl("disabled").checked).toBe(false);
  });
});

describe("vision after a toggle, by the command's latest status", () => {
  it("requested → pending → final, and back to the previous state on failure", () => {
    expect(visionAfter("enable_requested", "pending", "disabled")).toBe("enable_requested");
    expect(visionAfter("enable_requested", "received", "disabled")).toBe("enable_pending");
    expect(visionAfter("enable_requested", "succeeded", "disabled")).toBe("enabled");
    expect(visionAfter("disable_requested", "succeeded", "enabled")).toBe("disabled");
    expect(visionAfter("disable_requested", "failed", "enabled")).toBe("enabled");
    expect(visionAfter("enable_requested", "timed_out", "disabled")).toBe("disabled");
  });
});

describe("vision without a vision service on the device", () => {
  it("is missing only when the device's telemetry says it is not installed", async () => {
    const { visionMissing } = await import("./vision");
    expect(visionMissing({ latest_telemetry: { vision: { installed: false } } })).toBe(true);
    expect(visionMissing({ latest_telemetry: { vision: { installed: true } } })).toBe(false);
    // No report, or an older agent that does not say: its own answer decides.
    expect(visionMissing({ latest_telemetry: null })).toBe(false);
    expect(visionMissing({ latest_telemetry: { vision: {} } })).toBe(false);
  });
});
