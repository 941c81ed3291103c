import { SELF } from "cloudflare:test";
import * as client from "openid-client";
import { describe, expect, it } from "vitest";
import { CONSOLE_CLIENT_ID } from "../../contracts/auth/schema.ts";
import { makeUser, ORIGIN } from "../factories.ts";

// A standard OpenID Connect client library, unmodified, against the embedded provider.
const viaWorker: typeof fetch = (input, init) => SELF.fetch(input as RequestInfo, init);

describe("openid-client against the embedded provider", () => {
  it("discovers, signs in with the password grant, refreshes, reads userinfo and revokes", async () => {
    const user = await makeUser({ password: "library-pass" });
    const config = await client.discovery(new URL(`${ORIGIN}/auth`), CONSOLE_CLIENT_ID, undefined, client.None(), {
      execute: [client.allowInsecureRequests],
      [client.customFetch]: viaWorker,
    });
    config[client.customFetch] = viaWorker;
    expect(config.serverMetadata().issuer).toBe(`${ORIGIN}/auth`);

    const tokens = await client.genericGrantRequest(config, "password", {
      username: user.email,
      password: "library-pass",
      scope: "openid",
    });
    // openid-client has verified the id_token's signature, issuer and audience by now.
    expect(tokens.claims()?.sub).toBe(user.uuid);
    // openid-client rounds (exp − now) down, so a busy machine may read 299.
    expect(tokens.expiresIn()).toBeGreaterThanOrEqual(299);
    expect(tokens.expires_in).toBe(300);

    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token ?? "");
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);

    const info = await client.fetchUserInfo(config, refreshed.access_token, user.uuid);
    expect(info.email).toBe(user.email);

    await client.tokenRevocation(config, refreshed.refresh_token ?? "");
    await expect(client.refreshTokenGrant(config, refreshed.refresh_token ?? "")).rejects.toThrow();
  });
});
