import type { DetectionScan } from "@contracts/detection/schema";

/**
 * One Detect Devices run as the panel sees it (console.md §4 detection flow):
 * - scanning: the spinner; a room event or the 5 s timeout ends it;
 * - found: devicesDetected arrived, the results load;
 * - timedOut: no event within DETECTION_TIMEOUT_MS, whatever the listing has loads;
 * - noService: noDevicesDetected, "We couldn't find available detection services…";
 * - unavailable: the POST answered 503 (no runner online): results cleared, same message;
 * - failed: the POST failed otherwise (an alert says so).
 * `attempt` numbers the runs so a timer of an earlier run does nothing.
 */
export type ScanPhase =
  | { kind: "idle"; attempt: number }
  | { kind: "scanning"; attempt: number; scanUuid: string | null }
  | { kind: "found"; attempt: number }
  | { kind: "timedOut"; attempt: number }
  | { kind: "noService"; attempt: number }
  | { kind: "unavailable"; attempt: number }
  | { kind: "failed"; attempt: number };

export type ScanAction =
  | { type: "start" }
  | { type: "accepted"; scan: DetectionScan }
  | { type: "devicesDetected" }
  | { type: "noDevicesDetected" }
  | { type: "timeout"; attempt: number }
  | { type: "unavailable" }
  | { type: "failed" };

export const initialScanPhase: ScanPhase = { kind: "idle", attempt: 0 };

export function scanReducer(state: ScanPhase, action: ScanAction): ScanPhase {
  const { attempt } = state;
  switch (action.type) {
    case "start":
      return { kind: "scanning", attempt: attempt + 1, scanUuid: null };
    case "accepted":
      // The room's event may beat the 202: only a run still spinning takes the scan's uuid.
      return state.kind === "scanning" ? { ...state, scanUuid: action.scan.uuid } : state;
    case "devicesDetected":
      return state.kind === "scanning" ? { kind: "found", attempt } : state;
    case "noDevicesDetected":
      return state.kind === "scanning" ? { kind: "noService", attempt } : state;
    case "timeout":
      return state.kind === "scanning" && action.attempt === attempt ? { kind: "timedOut", attempt } : state;
    case "unavailable":
      return state.kind === "scanning" ? { kind: "unavailable", attempt } : state;
    case "failed":
      return state.kind === "scanning" ? { kind: "failed", attempt } : state;
  }
}

/** What the panel shows below the toolbar. */
export type ScanView = "none" | "scanning" | "results" | "noService";

/**
 * Before any run in this panel the location's latest scan decides (a completed one lists its
 * results, a no_service one shows the message); after a run the run does.
 */
export function scanView(phase: ScanPhase, latest: DetectionScan | null | undefined): ScanView {
  switch (phase.kind) {
    case "scanning":
      return "scanning";
    case "found":
    case "timedOut":
      return "results";
    case "noService":
    case "unavailable":
      return "noService";
    case "failed":
    case "idle":
      if (latest?.status === "completed") return "results";
      if (latest?.status === "no_service") return "noService";
      return "none";
  }
}

/** "Detect again" once the location has a scan or this panel ran one (a POST that failed is no scan). */
export const hasScanned = (phase: ScanPhase, latest: DetectionScan | null | undefined) =>
  latest != null || (phase.kind !== "idle" && phase.kind !== "failed");

/** Last Scan: when the latest scan completed, else when it started. */
export const lastScanAt = (scan: DetectionScan) => scan.completed_at ?? scan.created_at;
