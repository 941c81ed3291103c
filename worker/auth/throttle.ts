import { eq, sql } from "drizzle-orm";
import { loginThrottleTable } from "../../drizzle/schema/auth.ts";
import { sha256Hex } from "../lib/crypto.ts";
import type { Db } from "../lib/db.ts";

/**
 * Failed sign-ins are counted per (account, client address) in a fixed 15-minute window:
 * at most 10 failures, then that pair is refused until the window ends. Keying on the address
 * too means an attacker elsewhere cannot lock the real user out, and the window means no
 * lock is ever permanent.
 */
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const THROTTLE_MAX_FAILURES = 10;

export const throttleKey = async (email: string, address: string) => sha256Hex(`${email.toLowerCase()}|${address}`);

/** Minutes left of the lock, or 0 when the pair may try. */
export async function lockedMinutes(db: Db, key: string, now = Date.now()): Promise<number> {
  const row = await db.select().from(loginThrottleTable).where(eq(loginThrottleTable.key, key)).get();
  if (!row || now - row.window_start >= THROTTLE_WINDOW_MS) return 0;
  if (row.failures < THROTTLE_MAX_FAILURES) return 0;
  return Math.max(1, Math.ceil((row.window_start + THROTTLE_WINDOW_MS - now) / 60_000));
}

export async function recordFailure(db: Db, key: string, now = Date.now()) {
  const windowStart = now - THROTTLE_WINDOW_MS;
  await db
    .insert(loginThrottleTable)
    .values({ key, window_start: now, failures: 1 })
    .onConflictDoUpdate({
      target: loginThrottleTable.key,
      set: {
        failures: sql`CASE WHEN ${loginThrottleTable.window_start} <= ${windowStart} THEN 1 ELSE ${loginThrottleTable.failures} + 1 END`,
        window_start: sql`CASE WHEN ${loginThrottleTable.window_start} <= ${windowStart} THEN ${now} ELSE ${loginThrottleTable.window_start} END`,
      },
    });
}

export async function clearFailures(db: Db, key: string) {
  await db.delete(loginThrottleTable).where(eq(loginThrottleTable.key, key));
}
