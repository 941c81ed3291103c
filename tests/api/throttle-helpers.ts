import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { loginThrottleTable } from "../../drizzle/schema/auth.ts";
import { signInKeys } from "../../worker/auth/throttle.ts";
import { db } from "../factories.ts";

/** The account-wide throttle row of an email (undefined once cleared). */
export const accountThrottleRow = async (email: string) => {
  const { account } = await signInKeys(email, "-");
  return db().select().from(loginThrottleTable).where(eq(loginThrottleTable.key, account)).get();
};

/** Ends the account's running lock as if its time had passed. */
export const endAccountLock = async (email: string) => {
  const { account } = await signInKeys(email, "-");
  await db()
    .update(loginThrottleTable)
    .set({ locked_until: Date.now() - 1 })
    .where(eq(loginThrottleTable.key, account));
};

/**
 * A refusal by the throttle for `minutes`: 429, Retry-After and the catalogue's text, read from
 * the body by `textOf` (the token endpoint and the API answer in their own error shapes).
 */
export async function expectLocked(res: Response, minutes: number, textOf: (body: unknown) => string) {
  expect(res.status).toBe(429);
  expect(res.headers.get("Retry-After")).toBe(String(minutes * 60));
  expect(textOf(await res.json())).toBe(`Too many failed sign-in attempts. Try again in ${minutes} minutes.`);
}
