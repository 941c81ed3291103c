import { env } from "cloudflare:test";
import { base64url, exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CONSOLE_CLIENT_ID } from "../../contracts/auth/schema.ts";
import { getConfig } from "../../worker/config.ts";
import { userFromToken } from "../../worker/middleware/auth.ts";
import { db, makeUser } from "../factories.ts";

// An external issuer (e.g. Keycloak) is a system outside Outpost: its JWKS endpoint is stubbed.
// One key pair for the file: the worker caches the issuer's JWKS for the isolate's lifetime.
const ISSUER = "https://idp.example.test/realms/outpost";
const JWKS_URL = `${ISSUER}/protocol/openid-connect/certs`;
const HMAC_SECRET = new TextEncoder().encode("a-shared-secret-of-at-least-32-bytes!");
const keys = generateKeyPair("RS256", { extractable: true });

beforeEach(async () => {
  const rsa = { ...(await exportJWK((await keys).publicKey)), kid: "ext-1", use: "sig" };
  // A symmetric key published beside it, as a misconfigured issuer might: never to be trusted.
  const oct = { kty: "oct", k: base64url.encode(HMAC_SECRET), kid: "ext-hs", use: "sig" };
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url === JWKS_URL) return Response.json({ keys: [rsa, oct] });
    return realFetch(input, init);
  });
});
afterEach(() => vi.restoreAllMocks());

type SignOptions = { issuer?: string; audience?: string | string[]; alg?: "RS256" | "HS256" };

async function sign(claims: Record<string, unknown>, opts: SignOptions = {}) {
  const { issuer = ISSUER, audience = CONSOLE_CLIENT_ID, alg = "RS256" } = opts;
  return new SignJWT(claims)
    .setProtectedHeader({ alg, kid: alg === "RS256" ? "ext-1" : "ext-hs" })
    .setIssuer(issuer)
    .setSubject("keycloak-subject")
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime("5m")
    .sign(alg === "RS256" ? (await keys).privateKey : HMAC_SECRET);
}

/** An unsigned token ("alg": "none") with otherwise valid claims. */
function unsigned(claims: Record<string, unknown>) {
  const part = (value: unknown) => base64url.encode(JSON.stringify(value));
  const now = Math.floor(Date.now() / 1000);
  const body = { ...claims, iss: ISSUER, aud: CONSOLE_CLIENT_ID, sub: "x", iat: now, exp: now + 300 };
  return `${part({ alg: "none", typ: "JWT" })}.${part(body)}.`;
}

describe("external issuer by configuration", () => {
  const config = { ...getConfig(env), externalIssuer: ISSUER, externalJwksUrl: JWKS_URL };
  const deps = { env, db: db(), config, requestUrl: "http://outpost.test/api/x" };

  it("accepts the issuer's tokens for the console and finds the account by the email claim", async () => {
    const user = await makeUser();
    expect((await userFromToken(await sign({ email: user.email.toUpperCase() }), deps))?.uuid).toBe(user.uuid);
    // An audience list that includes the console is fine too.
    const both = await sign({ email: user.email }, { audience: ["account", CONSOLE_CLIENT_ID] });
    expect((await userFromToken(both, deps))?.uuid).toBe(user.uuid);
  });

  it("refuses tokens of another issuer and unknown e-mails", async () => {
    const user = await makeUser();
    expect(await userFromToken(await sign({ email: user.email }, { issuer: "https://evil.test" }), deps)).toBeNull();
    expect(await userFromToken(await sign({ email: "nobody@outpost.test" }), deps)).toBeNull();
  });

  it("refuses the issuer's tokens made for another audience (the default is the console client id)", async () => {
    const user = await makeUser();
    expect(getConfig(env).externalAudience).toEqual([CONSOLE_CLIENT_ID]);
    expect(await userFromToken(await sign({ email: user.email }, { audience: "account" }), deps)).toBeNull();
    expect(await userFromToken(await sign({ email: user.email }, { audience: "other-app" }), deps)).toBeNull();
  });

  it("checks the audiences configured by EXTERNAL_AUDIENCE (comma-separated)", async () => {
    const user = await makeUser();
    const externalAudience = getConfig({ ...env, EXTERNAL_AUDIENCE: "account, outpost-api" }).externalAudience;
    expect(externalAudience).toEqual(["account", "outpost-api"]);
    const configured = { ...deps, config: { ...config, externalAudience } };
    const forAccount = await sign({ email: user.email }, { audience: "account" });
    expect((await userFromToken(forAccount, configured))?.uuid).toBe(user.uuid);
    expect(await userFromToken(await sign({ email: user.email }), configured)).toBeNull();
  });

  it("refuses symmetric (HS256) and unsigned tokens even with the right issuer, audience and claims", async () => {
    const user = await makeUser();
    expect((await userFromToken(await sign({ email: user.email }), deps))?.uuid).toBe(user.uuid);
    expect(await userFromToken(await sign({ email: user.email }, { alg: "HS256" }), deps)).toBeNull();
    expect(await userFromToken(unsigned({ email: user.email }), deps)).toBeNull();
  });
});
