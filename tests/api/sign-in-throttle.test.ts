import { describe, expect, it } from "vitest";
import { CONSOLE_CLIENT_ID, TokenError } from "../../contracts/auth/schema.ts";
import {
  ACCOUNT_MAX_FAILURES,
  recordSignInFailure,
  signInKeys,
  signInLockedMinutes,
} from "../../worker/auth/throttle.ts";
import { db, makeUser, tokenRequest, uid } from "../factories.ts";
import { accountThrottleRow, endAccountLock, expectLocked as expectSignInLocked } from "./throttle-helpers.ts";

const attempt = (email: string, password: string, address: string, header = "CF-Connecting-IP") =>
  tokenRequest(
    { grant_type: "password", username: email, password, client_id: CONSOLE_CLIENT_ID },
    { [header]: address },
  );

/** ACCOUNT_MAX_FAILURES wrong passwords, each from its own address (a distributed guesser). */
async function spray(email: string) {
  for (let i = 0; i < ACCOUNT_MAX_FAILURES; i++) {
    const header = i % 2 ? "X-Forwarded-For" : "CF-Connecting-IP";
    expect((await attempt(email, "wrong", `bot-${i}-${uid()}`, header)).status).toBe(400);
  }
}

/** A lock as the token endpoint answers it (an OAuth error body). */
const expectLocked = (res: Response, minutes: number) =>
  expectSignInLocked(res, minutes, (body) => TokenError.parse(body).error_description);

describe("account-wide sign-in throttle", () => {
  it("locks the account against every address after 20 failures from many, with a doubling lock that always ends", async () => {
    const user = await makeUser();
    await spray(user.email);
    // Locked for one minute: even the right password from a fresh address is refused.
    await expectLocked(await attempt(user.email, "correct horse", `home-${uid()}`), 1);
    expect((await accountThrottleRow(user.email))?.strikes).toBe(1);

    await endAccountLock(user.email);
    await spray(user.email);
    await expectLocked(await attempt(user.email, "correct horse", `home-${uid()}`), 2);
    expect((await accountThrottleRow(user.email))?.strikes).toBe(2);

    await endAccountLock(user.email);
    await spray(user.email);
    await expectLocked(await attempt(user.email, "wrong", `bot-${uid()}`), 4);

    // Once the lock is over the right password gets in, and both counters start over.
    await endAccountLock(user.email);
    const home = `home-${uid()}`;
    expect((await attempt(user.email, "correct horse", home)).status).toBe(200);
    expect(await accountThrottleRow(user.email)).toBeUndefined();
  });

  it("counts fewer than 20 failures without locking, and an unknown account the same way", async () => {
    const user = await makeUser();
    for (let i = 0; i < ACCOUNT_MAX_FAILURES - 1; i++) await attempt(user.email, "wrong", `bot-${i}-${uid()}`);
    expect((await attempt(user.email, "correct horse", `home-${uid()}`)).status).toBe(200);

    const ghost = `ghost-${uid()}@outpost.test`;
    await spray(ghost);
    await expectLocked(await attempt(ghost, "anything", `x-${uid()}`), 1);
  });

  it("backs off 1, 2, 4 … minutes up to 60, and forgets the strikes a day after the last lock", async () => {
    const keys = await signInKeys(`clock-${uid()}@outpost.test`, "here");
    let now = Date.UTC(2026, 0, 1);
    const lockAfterSpray = async () => {
      for (let i = 0; i < ACCOUNT_MAX_FAILURES; i++) {
        await recordSignInFailure(db(), { ...keys, pair: `${keys.pair}-${i}` }, now);
      }
      const minutes = await signInLockedMinutes(db(), keys, now);
      now += minutes * 60_000; // wait the lock out
      return minutes;
    };
    const locks: number[] = [];
    for (let i = 0; i < 9; i++) locks.push(await lockAfterSpray());
    expect(locks).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
    expect(await signInLockedMinutes(db(), keys, now)).toBe(0);

    now += 24 * 3600_000;
    expect(await lockAfterSpray()).toBe(1);
  });

  it("keeps the per-address limit: 10 failures from one address lock only that address", async () => {
    const user = await makeUser();
    const attacker = `attacker-${uid()}`;
    for (let i = 0; i < 10; i++) expect((await attempt(user.email, "wrong", attacker)).status).toBe(400);
    await expectLocked(await attempt(user.email, "correct horse", attacker), 15);
    expect((await attempt(user.email, "correct horse", `home-${uid()}`)).status).toBe(200);
  });
});
