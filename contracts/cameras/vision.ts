import type { VISION_STATES } from "../devices/schema.ts";

/**
 * The vision state machine of devices.md §4. A toggle moves a stable state to *_requested;
 * the agent's "message received" moves it to *_pending; success ends in disabled (from
 * disable_pending) or enabled (otherwise); an error returns to the previous state, or
 * disabled when none is known.
 */
export type VisionState = (typeof VISION_STATES)[number];
export type VisionEvent =
  | { type: "toggle"; enabled: boolean }
  | { type: "received" }
  | { type: "success" }
  | { type: "error"; previous?: VisionState | null };

export const isVisionBusy = (state: VisionState) => state !== "enabled" && state !== "disabled";

/** The next state, or null when the event is not allowed in this state (a toggle while busy). */
export function nextVision(state: VisionState, event: VisionEvent): VisionState | null {
  switch (event.type) {
    case "toggle":
      if (isVisionBusy(state)) return null;
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

/** A toggle that asks for the state the device already has changes nothing. */
export const visionAlready = (state: VisionState, enabled: boolean) =>
  enabled ? state === "enabled" : state === "disabled";

/** The device type that runs vision processing (devices.md §2: "Enable Vision (Linux Computer only)"). */
export const VISION_DEVICE_TYPE_NAME = "Linux Computer";
/** 400 for enabling vision on any other device type (the spec gives no text). */
export const VISION_LINUX_ONLY_MESSAGE = "Vision can be enabled only on a Linux Computer.";
