import { describe, expect, it } from "vitest";
import { CONSOLE_CLIENT_ID } from "../../contracts/auth/schema.ts";
import { ApiErrorBody } from "../../contracts/http/errors.ts";
import { ACCOUNT_MAX_FAILURES, THROTTLE_MAX_FAILURES } from "../../worker/auth/throttle.ts";
import { api, memberOf, signIn, tokenRequest, uid } from "../factories.ts";
import { onlyLinkFor, tokenRow } from "./account-helpers.ts";
import { accountThrottleRow, endAccountLock, expectLocked as expectApiLocked } from "./throttle-helpers.ts";

/** PATCH …/keycloak-password-{kind}/ from `address`: the link's token is the credential here. */
const setPassword = (kind: "update" | "reset", account: string, token: string, address: string) =>
  api(`/api/account/${account}/keycloak-password-${kind}/`, {
    method: "PATCH",
    json: { token, password: "brand-new-pass" },
    headers: { "CF-Connecting-IP": address },
  });

/** A member with an open password-reset link. */
async function memberWithLink() {
  const { user } = await memberOf("viewer");
  const res = await api("/api/account/password-reset/", { method: "POST", json: { email: user.email } });
  expect(res.status).toBe(200);
  return { user, link: await onlyLinkFor(user.email) };
}

/** A lock as the password endpoints answer it (the API error body). */
const expectLocked = (res: Response, minutes: number) =>
  expectApiLocked(res, minutes, (body) => ApiErrorBody.parse(body).message);

describe("password links share the sign-in throttle", () => {
  it("10 wrong tokens from one address lock that address (even the right token), not others", async () => {
    const { user, link } = await memberWithLink();
    const attacker = `attacker-${uid()}`;
    for (let i = 0; i < THROTTLE_MAX_FAILURES; i++) {
      expect((await setPassword("update", link.account, `guess-${i}`, attacker)).status).toBe(400);
    }
    await expectLocked(await setPassword("reset", link.account, link.token, attacker), 15);
    expect((await tokenRow(link.token))?.used_at).toBeNull();
    // Sign-in from that address is locked too: it is the same counter.
    const signInThere = await tokenRequest(
      { grant_type: "password", username: user.email, password: "correct horse", client_id: CONSOLE_CLIENT_ID },
      { "CF-Connecting-IP": attacker },
    );
    expect(signInThere.status).toBe(429);

    const home = `home-${uid()}`;
    expect((await setPassword("reset", link.account, link.token, home)).status).toBe(200);
    expect((await signIn(user.email, "brand-new-pass", home)).access_token).toBeTruthy();
  });

  it("wrong tokens from many addresses lock the account; after the lock the right token works and clears it", async () => {
    const { user, link } = await memberWithLink();
    for (let i = 0; i < ACCOUNT_MAX_FAILURES; i++) {
      expect((await setPassword("reset", link.account, `guess-${i}`, `bot-${i}-${uid()}`)).status).toBe(400);
    }
    await expectLocked(await setPassword("reset", link.account, link.token, `home-${uid()}`), 1);
    await expect(signIn(user.email)).rejects.toThrow(/429/);

    await endAccountLock(user.email);
    expect((await setPassword("reset", link.account, link.token, `home-${uid()}`)).status).toBe(200);
    expect(await accountThrottleRow(user.email)).toBeUndefined();
  });

  it("failures of sign-in and of links add up to one account-wide count", async () => {
    const { user, link } = await memberWithLink();
    const half = ACCOUNT_MAX_FAILURES / 2;
    for (let i = 0; i < half; i++) {
      const res = await tokenRequest(
        { grant_type: "password", username: user.email, password: "wrong", client_id: CONSOLE_CLIENT_ID },
        { "CF-Connecting-IP": `bot-${i}-${uid()}` },
      );
      expect(res.status).toBe(400);
      expect((await setPassword("update", link.account, `guess-${i}`, `bot-${i}-${uid()}`)).status).toBe(400);
    }
    await expectLocked(await setPassword("reset", link.account, link.token, `home-${uid()}`), 1);
  });
});
