/** Commands' final states and queue lifetimes. Free of zod (contracts/values: what the console's first load may import). */
import type { CommandState } from "./queue.ts";

/** States after which nothing more happens to a command (in_doubt still waits for a late answer). */
export const FINAL_COMMAND_STATES: readonly CommandState[] = [
  "succeeded",
  "failed",
  "expired",
  "cancelled",
  "superseded",
  "unavailable",
];

/** Queued commands wait 24 h by default, 7 days at most. */
export const QUEUE_TTL_DEFAULT_S = 86_400;
export const QUEUE_TTL_MAX_S = 7 * 86_400;

/**
 * The supersede key a queued Disable / Enable (set-enabled) always has: the newest decision
 * replaces one still waiting, and a reconnecting device takes it before anything else.
 */
export const ENABLED_SUPERSEDE_KEY = "enabled";
