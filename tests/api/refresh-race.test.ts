import { describe, expect, it } from "vitest";
import { CONSOLE_CLIENT_ID, TokenError, TokenResponse } from "../../contracts/auth/schema.ts";
import { makeUser, signIn, tokenRequest } from "../factories.ts";

const refresh = (refresh_token: string) =>
  tokenRequest({ grant_type: "refresh_token", refresh_token, client_id: CONSOLE_CLIENT_ID });

async function expectRefused(token: string) {
  const res = await refresh(token);
  expect(res.status).toBe(400);
  expect(TokenError.parse(await res.json()).error).toBe("invalid_grant");
}

describe("refresh-token reuse under concurrency", () => {
  it("of 20 parallel refreshes of one token at most one wins, and afterwards no token of the family works", async () => {
    const user = await makeUser();
    for (let trial = 0; trial < 5; trial++) {
      const original = (await signIn(user.email)).refresh_token;
      const replies = await Promise.all(Array.from({ length: 20 }, () => refresh(original)));
      const won = replies.filter((r) => r.status === 200);
      expect(won.length).toBeLessThanOrEqual(1);
      for (const lost of replies.filter((r) => r.status !== 200)) {
        expect(lost.status).toBe(400);
        expect(TokenError.parse(await lost.json()).error).toBe("invalid_grant");
      }
      const issued = await Promise.all(won.map(async (r) => TokenResponse.parse(await r.json()).refresh_token));
      for (const token of [original, ...issued]) await expectRefused(token);
    }
  });

  it("a successor issued before the reuse is revoked with its family, and so are its own successors", async () => {
    const user = await makeUser();
    const first = (await signIn(user.email)).refresh_token;
    const second = TokenResponse.parse(await (await refresh(first)).json()).refresh_token;
    const third = TokenResponse.parse(await (await refresh(second)).json()).refresh_token;
    await expectRefused(first);
    await expectRefused(third);
    await expectRefused(second);
  });
});
