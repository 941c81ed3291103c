/**
 * Remote command outcomes (devices.md §7, §9): what the DeviceRoom's broker answers the API, and
 * the texts the spec gives the failures. Shared by the room (party/broker.ts) and the worker's
 * services, so neither imports the other for them.
 */

/** devices.md §9: remote actions time out after 30 000 ms. */
export const COMMAND_TIMEOUT_MS = 30_000;
export const TIMEOUT_MESSAGE = "Service temporarily unavailable, try again later.";
export const UNAVAILABLE_MESSAGE = "physical device temporarily unavailable";

export type Outcome =
  | { status: "succeeded"; result: Record<string, unknown>; received: boolean }
  | { status: "failed" | "timed_out" | "unavailable"; error: string; received: boolean };
