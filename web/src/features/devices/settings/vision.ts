import type { VISION_STATES } from "@contracts/device";
import type { CommandStatus } from "@party/protocol";

/**
 * The vision state machine of devices.md §4, as the console applies it (the same transitions
 * as the server's party/vision.ts): a toggle sets *_requested at once, the agent's "message
 * received" moves it to *_pending, success ends in disabled (from disable_pending) or enabled,
 * an error returns to the previous state, or disabled when none is given.
 */
export type VisionState = (typeof VISION_STATES)[number];
export type VisionEvent =
  | { type: "toggle"; enabled: boolean }
  | { type: "received" }
  | { type: "success" }
  | { type: "error"; previous?: VisionState | null };

export const isVisionStable = (state: VisionState) => state === "enabled" || state === "disabled";
export const isVisionRequested = (state: VisionState) => state === "enable_requested" || state === "disable_requested";
export const isVisionPending = (state: VisionState) => state === "enable_pending" || state === "disable_pending";

/** The next state, or null when the event is not allowed (a toggle while a change is under way). */
export function nextVision(state: VisionState, event: VisionEvent): VisionState | null {
  switch (event.type) {
    case "toggle":
      if (!isVisionStable(state)) return null;
      return event.enabled ? "enable_requested" : "disable_requested";
    case "received":
      if (state === "enable_requested") return "enable_pending";
      if (state === "disable_requested") return "disable_pending";
      return state;
    case "success":
      return state === "disable_pending" ? "disabled" : "enabled";
    case "error":
      return event.previous ?? "disabled";
  }
}

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
