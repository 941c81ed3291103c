/** The peripherals a switch can toggle. Free of zod (contracts/values: what the console's first load may import). */

/**
 * Path of PATCH …/device/{id}/peripherals/{type}/{peripheral}/enabled-status/ (devices.md §7):
 * only bill and coin acceptors (money-acceptor), card readers, cameras and time attendance locks.
 */
export const TOGGLEABLE_PERIPHERAL_TYPES = ["money-acceptor", "card-reader", "camera", "time-attendance-lock"] as const;
