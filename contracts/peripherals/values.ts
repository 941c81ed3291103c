/** The Displays row's texts, rules' messages and applications limit. Free of zod (contracts/values: what the console's first load may import). */

/** Texts of the spec's Displays row (devices.md §10) and the rules of §4 Displays. */
export const DISPLAY_TEXTS = {
  fetchFailed: "Failed to fetch displays.",
  appsFailed: "Failed to fetch applications for device {id}.",
  saved: "Display configuration for device {name} successfully saved.",
  saveFailed: "Failed to save configuration for device {name}. Check console.",
  noDisplays: "Failed to save configuration for device {name}. No displays detected.",
  offline: "Configuration updated, but device is offline",
  newPeripherals: "New peripherals detected",
  noNewPeripherals: "No new peripherals detected",
  newDisplays: "New displays detected",
  noNewDisplays: "No new displays detected",
} as const;

/** Server messages for a configuration that breaks §4 Displays (400 bad_request with fields). */
export const DISPLAY_RULES = {
  oneEnabled: "At least one display must stay enabled.",
  onePrimary: "Exactly one enabled display must be primary.",
  unknownDisplay: "This display does not belong to the device.",
  everyDisplay: "The configuration must list every display of the device once.",
  resolution: "This resolution is not available on the display.",
  refreshRate: "This refresh rate is not available at the chosen resolution.",
  unknownApplication: "Application not found.",
  demoMode: "Display changes cannot be saved while the device is in demo mode.",
} as const;

/** At most this many applications on one display. */
export const MAX_APPS_PER_DISPLAY = 20;
