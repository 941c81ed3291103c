import { lockedMinutes, recordFailure } from "../../auth/throttle.ts";
import { sha256Hex } from "../../lib/crypto.ts";
import type { Db } from "../../lib/db.ts";
import { ApiError } from "../../lib/errors.ts";

/**
 * The sign-in throttle (≤ 10 per client address in a fixed 15-minute window) applied to the
 * agent endpoints, which take no user sign-in: `enroll` counts failed attempts (code guessing),
 * `register` counts every registration (each one writes a row).
 */
export type Throttle = { fail: (error: ApiError) => Promise<never>; count: () => Promise<void> };

export async function agentThrottle(db: Db, purpose: "enroll" | "register", address: string): Promise<Throttle> {
  const key = await sha256Hex(`agent-${purpose}|${address}`);
  const minutes = await lockedMinutes(db, key);
  if (minutes > 0) {
    throw new ApiError(
      "too_many_requests",
      `Too many attempts from this address. Try again in ${minutes} minutes.`,
      undefined,
      { "Retry-After": String(minutes * 60) },
    );
  }
  return {
    count: () => recordFailure(db, key),
    fail: async (error) => {
      await recordFailure(db, key);
      throw error;
    },
  };
}
