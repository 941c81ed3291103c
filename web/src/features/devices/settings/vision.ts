// The transitions are shared with the server (contracts/cameras/vision.ts, devices.md §4); the console adds how each
// state looks and behaves.
import { nextVision, type VisionEvent, type VisionState } from "@contracts/cameras/vision";
import type { CommandStatus } from "@contracts/realtime/events";

export { nextVision, type VisionEvent, type VisionState };

export const isVisionStable = (state: VisionState) => state === "enabled" || state === "disabled";
export const isVisionRequested = (state: VisionState) => state === "enable_requested" || state === "disable_requested";
export const isVisionPending = (state: VisionState) => state === "enable_pending" || state === "disable_pending";

/** The event a commandUpdate of a set-vision command means (null: nothing changes). */
export function visionEventOf(status: CommandStatus, previous: VisionState | null): VisionEvent | null {
  if (status === "received") return { type: "received" };
  if (status === "succeeded") return { type: "success" };
  if (status === "failed" || status === "timed_out") return { type: "error", previous };
  return null;
}

/** What the switch shows: on for enabled and for a change towards enabled. */
export const visionSwitchOn = (state: VisionState) =>
  state === "enabled" || state === "enable_requested" || state === "enable_pending";

export type VisionTone = "success" | "warning" | "info" | "muted";
/** Chip colour: green enabled, warning pending, info requested, grey otherwise. */
export function visionTone(state: VisionState): VisionTone {
  if (state === "enabled") return "success";
  if (isVisionPending(state)) return "warning";
  if (isVisionRequested(state)) return "info";
  return "muted";
}

/** How the Enable Vision control looks in a state. */
export function visionControl(state: VisionState) {
  return {
    checked: visionSwitchOn(state),
    /** The switch is disabled while a pending state holds (and while a request is in flight). */
    switchDisabled: !isVisionStable(state),
    spinner: isVisionRequested(state),
    /** Do not reboot or shut down while the device applies the change. */
    warnPending: isVisionPending(state),
  };
}

/**
 * The state after a toggle (`requested`) given the latest status of its set-vision command:
 * an answer implies the message was received, so "received" is applied before success.
 */
export function visionAfter(requested: VisionState, status: CommandStatus, previous: VisionState): VisionState {
  if (status === "pending") return requested;
  const received = nextVision(requested, { type: "received" }) ?? requested;
  const event = visionEventOf(status, previous);
  if (!event || event.type === "received") return received;
  return nextVision(received, event) ?? previous;
}

/**
 * Whether the device has a vision service: its telemetry says so (installed false: no
 * --vision-command or --vision-unit). Unknown (no report, an older agent) counts as installed:
 * the agent's own answer then says whether it is. Turning vision off stays possible either way.
 */
export const visionMissing = (device: { latest_telemetry: { vision?: { installed?: boolean } } | null }) =>
  device.latest_telemetry?.vision?.installed === false;
