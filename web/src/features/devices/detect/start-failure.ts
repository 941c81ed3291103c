import { NO_AVAILABLE_DEVICES } from "@contracts/detection/schema";
import { ApiError } from "@/lib/api/api";

/**
 * What a failed start of Detect Devices shows (devices.md §8): the 503 "This location has no
 * available devices" flags no devices detected and clears the results; any other 503 (e.g.
 * "physical device temporarily unavailable") is an error alert with the server's message;
 * anything else is "An unexpected error occurred".
 */
export type StartFailure = { kind: "noDevices" } | { kind: "server"; message: string } | { kind: "unexpected" };

export function startFailure(error: unknown): StartFailure {
  if (!(error instanceof ApiError) || error.status !== 503) return { kind: "unexpected" };
  if (error.message === NO_AVAILABLE_DEVICES) return { kind: "noDevices" };
  return error.body?.message ? { kind: "server", message: error.body.message } : { kind: "unexpected" };
}
