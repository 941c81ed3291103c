/*
 * Remote sessions' names and texts (contracts/sessions/schema.ts has the schemas): no zod here, so
 * the console's device pages can say why a session button is disabled without loading it.
 */

export const SESSION_RIGHTS = ["view", "control", "terminal"] as const;
export type SessionRight = (typeof SESSION_RIGHTS)[number];
export type ConsentActionName = "allow" | "deny";

const RIGHT_NOUN: Record<SessionRight, string> = {
  view: "view the screen of",
  control: "control",
  terminal: "open a terminal on",
};

export const SESSION_TEXT = {
  /** A role without the right (shown in the viewer and as the disabled button's reason). */
  forbidden: (right: SessionRight) => `Your role may not ${RIGHT_NOUN[right]} this device.`,
  recorded: "This session is recorded.",
  recorderFailed: "This space requires recording, and the recording cannot be written: the session cannot start.",
  waiting: (seconds: number) => `Waiting for the person at the device to accept (${seconds} s)…`,
  accepted: "Accepted at the device.",
  refused: "Refused at the device.",
  timeout: (action: ConsentActionName) =>
    action === "allow"
      ? "Nobody answered at the device: the session opened (the location's default)."
      : "Nobody answered at the device: the session was refused (the location's default).",
  unavailable: (action: ConsentActionName) =>
    action === "allow"
      ? "The device cannot show a prompt: the session opened (the location's default)."
      : "The device cannot show a prompt: the session was refused (the location's default).",
  /** The prompt shown on the device's screen. */
  prompt: (operator: string, kind: "terminal" | "vnc") =>
    `${operator} wants to open a ${kind === "terminal" ? "terminal" : "remote desktop"} session on this device. Allow?`,
  banner: (operator: string) => `Remote session in progress by ${operator}. This session is recorded.`,
  bannerUnrecorded: (operator: string) => `Remote session in progress by ${operator}.`,
} as const;

/** The right a session kind needs. */
export const rightOf = (kind: "terminal" | "vnc"): SessionRight => (kind === "terminal" ? "terminal" : "view");
