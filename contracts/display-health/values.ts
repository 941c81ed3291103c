/**
 * Display health's values the console's first load may use (the wall's screens, the chips):
 * the states, their labels and severities. Free of zod; display-health/schema.ts validates.
 */

export const DISPLAY_HEALTH_STATES = [
  "showing",
  "black",
  "frozen",
  "wrong_content",
  "panel_off_scheduled",
  "panel_off_unexpected",
  "unplugged",
  "player_offline",
] as const;
export type DisplayHealthState = (typeof DISPLAY_HEALTH_STATES)[number];

/** What the connector and the panel say: DRM status/enabled, xrandr, HDMI-CEC power. */
export const PANEL_STATES = ["on", "off", "no_signal", "unknown"] as const;
export type PanelState = (typeof PANEL_STATES)[number];

/** The console's label for each state. */
export const DISPLAY_HEALTH_LABELS: Record<DisplayHealthState, string> = {
  showing: "Showing",
  black: "Black or blank",
  frozen: "Frozen",
  wrong_content: "Wrong content",
  panel_off_scheduled: "Panel off (scheduled)",
  panel_off_unexpected: "Panel off (unexpected)",
  unplugged: "Unplugged",
  player_offline: "Player offline",
};

/**
 * How a state counts in monitoring's "Displays" heading: black, frozen, unplugged and an
 * unexpected panel-off are critical; wrong content is a warning; a panel off outside working time
 * is not a problem. An offline player is counted by the device's own connectivity, not here.
 */
export const DISPLAY_HEALTH_SEVERITY: Record<DisplayHealthState, "ok" | "warning" | "critical" | "unknown"> = {
  showing: "ok",
  black: "critical",
  frozen: "critical",
  wrong_content: "warning",
  panel_off_scheduled: "ok",
  panel_off_unexpected: "critical",
  unplugged: "critical",
  player_offline: "unknown",
};

/** A device that is offline shows its displays as "player offline", not their last state. */
export const withPresence = <H extends { state: DisplayHealthState }>(report: readonly H[], online: boolean): H[] =>
  online ? [...report] : report.map((h) => ({ ...h, state: "player_offline" as const }));
