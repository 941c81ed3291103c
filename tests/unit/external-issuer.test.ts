import { env } from "cloudflare:test";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getConfig } from "../../worker/config.ts";
import { userFromToken } from "../../worker/middleware/auth.ts";
import { db, makeUser } from "../factories.ts";

// An external issuer (e.g. Keycloak) is a system outside Outpost: its JWKS endpoint is stubbed.
const ISSUER = "https://idp.example.test/realms/outpost";
const JWKS_URL = `${ISSUER}/protocol/openid-connect/certs`;

afterEach(() => vi.restoreAllMocks());

async function externalIdp() {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: "ext-1", alg: "RS256", use: "sig" };
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url === JWKS_URL) return Response.json({ keys: [jwk] });
    return realFetch(input, init);
  });
  const sign = (claims: Record<string, unknown>, issuer = ISSUER) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", kid: "ext-1" })
      .setIssuer(issuer)
      .setSubject("keycloak-subject")
      .setAudience("account")
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(privateKey);
  return { sign };
}

describe("external issuer by configuration", () => {
  const config = { ...getConfig(env), externalIssuer: ISSUER, externalJwksUrl: JWKS_URL };
  const deps = { env, db: db(), config, requestUrl: "http://outpost.test/api/x" };

  it("accepts the issuer's tokens and finds the account by the email claim", async () => {
    const user = await makeUser();
    const idp = await externalIdp();
    const found = await userFromToken(await idp.sign({ email: user.email.toUpperCase() }), deps);
    expect(found?.uuid).toBe(user.uuid);
  });

  it("refuses tokens of another issuer and unknown e-mails", async () => {
    const user = await makeUser();
    const idp = await externalIdp();
    expect(await userFromToken(await idp.sign({ email: user.email }, "https://evil.test"), deps)).toBeNull();
    expect(await userFromToken(await idp.sign({ email: "nobody@outpost.test" }), deps)).toBeNull();
  });
});
