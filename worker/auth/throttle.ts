import { and, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { loginThrottleTable } from "../../drizzle/schema/auth.ts";
import { sha256Hex } from "../lib/crypto.ts";
import type { Db } from "../lib/db.ts";

/**
 * Failed password checks (sign-in, setting a password) are limited twice:
 * - per (account, client address): at most 10 failures in a fixed 15-minute window, then that
 *   pair waits for the window to end. Keying on the address means an attacker elsewhere cannot
 *   lock the real user out this way.
 * - per account across all addresses (a distributed guesser): 20 failures in the window lock
 *   the account for 1 minute, the next lock 2, then 4, … at most 60. Every lock ends; a correct
 *   password after it clears both counters, and strikes are forgotten a day after the last lock.
 */
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const THROTTLE_MAX_FAILURES = 10;
export const ACCOUNT_MAX_FAILURES = 20;
export const ACCOUNT_LOCK_BASE_MS = 60_000;
export const ACCOUNT_LOCK_MAX_MS = 60 * 60_000;
export const STRIKES_FORGOTTEN_MS = 24 * 3600_000;

export type SignInKeys = { pair: string; account: string };

/** The (account, address) key; also used alone by the agent endpoints (see agent-throttle.ts). */
export const throttleKey = async (email: string, address: string) => sha256Hex(`${email.toLowerCase()}|${address}`);

export async function signInKeys(email: string, address: string): Promise<SignInKeys> {
  const account = email.trim().toLowerCase();
  return { pair: await throttleKey(account, address), account: await sha256Hex(`account|${account}`) };
}

/** The caller's address as the edge reports it (one name for every throttled endpoint). */
export const clientAddress = (header: (name: string) => string | undefined) =>
  header("CF-Connecting-IP") ?? header("X-Forwarded-For") ?? "local";

export const tooManyAttempts = (minutes: number) =>
  `Too many failed sign-in attempts. Try again in ${minutes} minutes.`;

type ThrottleRow = typeof loginThrottleTable.$inferSelect;
const windowFullUntil = (row: ThrottleRow, now: number) =>
  row.failures >= THROTTLE_MAX_FAILURES && now - row.window_start < THROTTLE_WINDOW_MS
    ? row.window_start + THROTTLE_WINDOW_MS
    : 0;
const minutesUntil = (until: number, now: number) => (until > now ? Math.max(1, Math.ceil((until - now) / 60_000)) : 0);

/** Minutes left of the window lock of one key, or 0 when it may try. */
export async function lockedMinutes(db: Db, key: string, now = Date.now()): Promise<number> {
  const row = await db.select().from(loginThrottleTable).where(eq(loginThrottleTable.key, key)).get();
  return row ? minutesUntil(windowFullUntil(row, now), now) : 0;
}

/** Minutes left of the longer of the pair's and the account's lock, or 0 when the caller may try. */
export async function signInLockedMinutes(db: Db, keys: SignInKeys, now = Date.now()): Promise<number> {
  const t = loginThrottleTable;
  const rows = await db
    .select()
    .from(t)
    .where(inArray(t.key, [keys.pair, keys.account]));
  let until = 0;
  for (const row of rows) {
    until = Math.max(until, row.key === keys.pair ? windowFullUntil(row, now) : row.locked_until);
  }
  return minutesUntil(until, now);
}

/** Counts one failure in the current window of `key` (a new window when the last one ended). */
function countFailure(db: Db, key: string, now: number) {
  const t = loginThrottleTable;
  const windowOver = sql`${t.window_start} <= ${now - THROTTLE_WINDOW_MS}`;
  return db
    .insert(t)
    .values({ key, window_start: now, failures: 1 })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: sql`CASE WHEN ${windowOver} THEN 1 ELSE ${t.failures} + 1 END`,
        window_start: sql`CASE WHEN ${windowOver} THEN ${now} ELSE ${t.window_start} END`,
      },
    });
}

/**
 * Locks the account once its window holds ACCOUNT_MAX_FAILURES: for BASE << strikes (capped),
 * then starts a new window. A no-op below the limit or while a lock is on.
 */
function lockAccountWhenFull(db: Db, key: string, now: number) {
  const t = loginThrottleTable;
  const strikes = sql`(CASE WHEN ${t.locked_until} + ${STRIKES_FORGOTTEN_MS} <= ${now} THEN 0 ELSE ${t.strikes} END)`;
  return db
    .update(t)
    .set({
      strikes: sql`${strikes} + 1`,
      locked_until: sql`${now} + MIN(${ACCOUNT_LOCK_BASE_MS} << MIN(${strikes}, 16), ${ACCOUNT_LOCK_MAX_MS})`,
      failures: 0,
      window_start: now,
    })
    .where(and(eq(t.key, key), gte(t.failures, ACCOUNT_MAX_FAILURES), lte(t.locked_until, now)));
}

export async function recordFailure(db: Db, key: string, now = Date.now()) {
  await countFailure(db, key, now);
}

export async function clearFailures(db: Db, key: string) {
  await db.delete(loginThrottleTable).where(eq(loginThrottleTable.key, key));
}

export async function recordSignInFailure(db: Db, keys: SignInKeys, now = Date.now()) {
  await db.batch([
    countFailure(db, keys.pair, now),
    countFailure(db, keys.account, now),
    lockAccountWhenFull(db, keys.account, now),
  ]);
}

/** A correct password: both counters (and the account's strikes) start over. */
export async function clearSignInFailures(db: Db, keys: SignInKeys) {
  await db.delete(loginThrottleTable).where(inArray(loginThrottleTable.key, [keys.pair, keys.account]));
}
