/**
 * Remote actions' values the console's first load may use: the peripherals a switch can toggle,
 * the 30 s limit and the spec's texts of its failures. Free of zod (contracts/values).
 */

/** devices.md §9: remote actions time out after 30 000 ms. */
export const COMMAND_TIMEOUT_MS = 30_000;
/** devices.md §8: the 30 s timeout warning, also the API's 503 text for it. */
export const TIMEOUT_MESSAGE = "Service temporarily unavailable, try again later.";
export const UNAVAILABLE_MESSAGE = "physical device temporarily unavailable";

/**
 * Path of PATCH …/device/{id}/peripherals/{type}/{peripheral}/enabled-status/ (devices.md §7):
 * only bill and coin acceptors (money-acceptor), card readers, cameras and time attendance locks.
 */
export const TOGGLEABLE_PERIPHERAL_TYPES = ["money-acceptor", "card-reader", "camera", "time-attendance-lock"] as const;
