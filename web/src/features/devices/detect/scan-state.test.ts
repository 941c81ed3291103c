import type { DetectionScan } from "@contracts/detection/schema";
import { describe, expect, it } from "vitest";
import { hasScanned, initialScanPhase, lastScanAt, type ScanPhase, scanReducer, scanView } from "./scan-state";

const scan = (over: Partial<DetectionScan> = {}): DetectionScan => ({
  uuid: "scan-1",
  location_uuid: "loc-1",
  status: "completed",
  total_detections: 3,
  created_at: "2025-03-01T10:00:00.000Z",
  completed_at: "2025-03-01T10:00:02.000Z",
  ...over,
});

const run = (...actions: Parameters<typeof scanReducer>[1][]): ScanPhase =>
  actions.reduce(scanReducer, initialScanPhase);

describe("scanReducer", () => {
  it("spins from Detect until an event", () => {
    const started = run({ type: "start" });
    expect(started).toEqual({ kind: "scanning", attempt: 1, scanUuid: null });
    expect(scanReducer(started, { type: "accepted", scan: scan() })).toMatchObject({ scanUuid: "scan-1" });
  });

  it("devicesDetected stops the spinner and shows results", () => {
    expect(run({ type: "start" }, { type: "devicesDetected" })).toEqual({ kind: "found", attempt: 1 });
  });

  it("an event that beats the 202 wins; the late 202 changes nothing", () => {
    const found = run({ type: "start" }, { type: "devicesDetected" }, { type: "accepted", scan: scan() });
    expect(found).toEqual({ kind: "found", attempt: 1 });
  });

  it("noDevicesDetected shows the no-service message", () => {
    expect(run({ type: "start" }, { type: "noDevicesDetected" }).kind).toBe("noService");
  });

  it("a 503 flags no devices detected", () => {
    expect(run({ type: "start" }, { type: "unavailable" }).kind).toBe("unavailable");
  });

  it("times out only the run that is still spinning", () => {
    expect(run({ type: "start" }, { type: "timeout", attempt: 1 }).kind).toBe("timedOut");
    // A timer of the first run fires during the second: ignored.
    const second = run({ type: "start" }, { type: "devicesDetected" }, { type: "start" });
    expect(scanReducer(second, { type: "timeout", attempt: 1 })).toBe(second);
    // A timeout after the event changes nothing.
    const found = run({ type: "start" }, { type: "devicesDetected" });
    expect(scanReducer(found, { type: "timeout", attempt: 1 })).toBe(found);
  });

  it("events outside a run are ignored", () => {
    expect(run({ type: "devicesDetected" })).toBe(initialScanPhase);
    expect(run({ type: "noDevicesDetected" })).toBe(initialScanPhase);
    expect(run({ type: "unavailable" })).toBe(initialScanPhase);
  });

  it("Try Again starts a new run", () => {
    expect(run({ type: "start" }, { type: "noDevicesDetected" }, { type: "start" })).toEqual({
      kind: "scanning",
      attempt: 2,
      scanUuid: null,
    });
  });
});

describe("scanView", () => {
  it("follows the run once there is one", () => {
    expect(scanView(run({ type: "start" }), scan())).toBe("scanning");
    expect(scanView(run({ type: "start" }, { type: "timeout", attempt: 1 }), null)).toBe("results");
    expect(scanView(run({ type: "start" }, { type: "unavailable" }), scan())).toBe("noService");
  });

  it("before a run, the latest scan decides", () => {
    expect(scanView(initialScanPhase, null)).toBe("none");
    expect(scanView(initialScanPhase, scan())).toBe("results");
    expect(scanView(initialScanPhase, scan({ status: "no_service" }))).toBe("noService");
    expect(scanView(initialScanPhase, scan({ status: "pending" }))).toBe("none");
  });
});

describe("Detect again and Last Scan", () => {
  it("reads Detect again after any scan", () => {
    expect(hasScanned(initialScanPhase, null)).toBe(false);
    expect(hasScanned(initialScanPhase, scan())).toBe(true);
    expect(hasScanned(run({ type: "start" }, { type: "unavailable" }), null)).toBe(true);
    expect(hasScanned(run({ type: "start" }, { type: "failed" }), null)).toBe(false);
  });

  it("Last Scan is completed_at, else created_at", () => {
    expect(lastScanAt(scan())).toBe("2025-03-01T10:00:02.000Z");
    expect(lastScanAt(scan({ completed_at: null }))).toBe("2025-03-01T10:00:00.000Z");
  });
});
