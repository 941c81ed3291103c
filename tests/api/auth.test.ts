import { env, SELF } from "cloudflare:test";
import { createLocalJWKSet, decodeJwt, exportJWK, generateKeyPair, jwtVerify, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { CONSOLE_CLIENT_ID, TokenError, TokenResponse } from "../../contracts/auth/schema.ts";
import { ApiErrorBody } from "../../contracts/http/errors.ts";
import { signingKeyTable } from "../../drizzle/schema/auth.ts";
import { getSigningKey, MISSING_SIGNING_KEY, resetSigningKeyCache } from "../../worker/auth/keys.ts";
import { addMember, api, db, makeSpace, makeUser, ORIGIN, signIn, tokenRequest, uid } from "../factories.ts";

const refresh = (refresh_token: string) =>
  tokenRequest({ grant_type: "refresh_token", refresh_token, client_id: CONSOLE_CLIENT_ID });

/** The discovery fields read here (OpenID Connect Discovery 1.0; no contract of ours describes it). */
const ProviderMetadata = z.object({
  issuer: z.string(),
  token_endpoint: z.string(),
  grant_types_supported: z.array(z.string()),
  id_token_signing_alg_values_supported: z.array(z.string()),
});

/** A JWK Set (RFC 7517) of EC public keys; loose, so a leaked private part (`d`) stays visible. */
const Jwks = z.object({
  keys: z.array(
    z.looseObject({
      kty: z.string(),
      crv: z.string(),
      x: z.string(),
      y: z.string(),
      kid: z.string(),
      alg: z.string(),
      use: z.string(),
    }),
  ),
});

/** The userinfo reply (OIDC Core §5.3): exactly these claims. */
const UserInfo = z.strictObject({ sub: z.string(), email: z.string(), name: z.string() });

describe("discovery and JWKS", () => {
  it("publishes the provider metadata with issuer {origin}/auth", async () => {
    const res = await SELF.fetch(`${ORIGIN}/auth/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    const meta = ProviderMetadata.parse(await res.json());
    expect(meta.issuer).toBe(`${ORIGIN}/auth`);
    expect(meta.token_endpoint).toBe(`${ORIGIN}/auth/token`);
    expect(meta.grant_types_supported).toEqual(["password", "refresh_token"]);
    expect(meta.id_token_signing_alg_values_supported).toEqual(["ES256"]);
  });

  it("serves only public key material", async () => {
    const res = await SELF.fetch(`${ORIGIN}/auth/jwks`);
    const { keys } = Jwks.parse(await res.json());
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: "EC", crv: "P-256", alg: "ES256", use: "sig" });
    expect(keys[0].d).toBeUndefined();
  });
});

describe("password grant", () => {
  it("issues a 300 s ES256 access token, an id token and a refresh token", async () => {
    const user = await makeUser();
    const tokens = await signIn(user.email);
    expect(tokens.expires_in).toBe(300);
    const { keys } = Jwks.parse(await (await SELF.fetch(`${ORIGIN}/auth/jwks`)).json());
    const { payload, protectedHeader } = await jwtVerify(tokens.access_token, createLocalJWKSet({ keys }), {
      issuer: `${ORIGIN}/auth`,
      audience: CONSOLE_CLIENT_ID,
    });
    expect(protectedHeader.alg).toBe("ES256");
    expect(payload.sub).toBe(user.uuid);
    expect(payload.email).toBe(user.email);
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(300);
    expect(decodeJwt(tokens.id_token ?? "").aud).toBe(CONSOLE_CLIENT_ID);
  });

  it("accepts the e-mail in any case", async () => {
    const user = await makeUser();
    await expect(signIn(user.email.toUpperCase())).resolves.toBeTruthy();
  });

  it("refuses a wrong password and an unknown user with the same answer", async () => {
    const user = await makeUser();
    for (const username of [user.email, `nobody-${uid()}@outpost.test`]) {
      const res = await tokenRequest({
        grant_type: "password",
        username,
        password: "wrong",
        client_id: CONSOLE_CLIENT_ID,
      });
      expect(res.status).toBe(400);
      expect(TokenError.parse(await res.json())).toEqual({
        error: "invalid_grant",
        error_description: "Invalid email or password.",
      });
    }
  });

  it("refuses another client id and unsupported grants", async () => {
    const user = await makeUser();
    const other = await tokenRequest({
      grant_type: "password",
      username: user.email,
      password: "correct horse",
      client_id: "evil",
    });
    expect(other.status).toBe(401);
    const grant = await tokenRequest({ grant_type: "client_credentials", client_id: CONSOLE_CLIENT_ID });
    expect(grant.status).toBe(400);
    expect(TokenError.parse(await grant.json()).error).toBe("unsupported_grant_type");
    const missing = await tokenRequest({ grant_type: "password", client_id: CONSOLE_CLIENT_ID });
    expect(TokenError.parse(await missing.json()).error).toBe("invalid_request");
  });
});

describe("throttling", () => {
  it("locks one account+address pair after 10 failures in 15 minutes, not the account everywhere", async () => {
    const user = await makeUser();
    const attacker = `attacker-${uid()}`;
    const attempt = (password: string, address: string) =>
      tokenRequest(
        { grant_type: "password", username: user.email, password, client_id: CONSOLE_CLIENT_ID },
        { "CF-Connecting-IP": address },
      );
    for (let i = 0; i < 10; i++) expect((await attempt("wrong", attacker)).status).toBe(400);
    const locked = await attempt("correct horse", attacker);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(TokenError.parse(await locked.json()).error_description).toMatch(/Too many failed sign-in attempts/);
    // The real user, from their own address, still gets in.
    expect((await attempt("correct horse", `home-${uid()}`)).status).toBe(200);
  });
});

describe("refresh tokens", () => {
  it("rotate: each refresh returns a new refresh token and a fresh access token", async () => {
    const user = await makeUser();
    const first = await signIn(user.email);
    const res = await refresh(first.refresh_token);
    expect(res.status).toBe(200);
    const second = TokenResponse.parse(await res.json());
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(decodeJwt(second.access_token).sub).toBe(user.uuid);
    expect((await refresh(second.refresh_token)).status).toBe(200);
  });

  it("reuse of a consumed token revokes the whole family", async () => {
    const user = await makeUser();
    const first = await signIn(user.email);
    const second = TokenResponse.parse(await (await refresh(first.refresh_token)).json());
    const replay = await refresh(first.refresh_token);
    expect(replay.status).toBe(400);
    expect(TokenError.parse(await replay.json()).error).toBe("invalid_grant");
    // The legitimate holder's newer token died with the family.
    expect((await refresh(second.refresh_token)).status).toBe(400);
    // Another sign-in starts a new, unaffected family.
    const again = await signIn(user.email);
    expect((await refresh(again.refresh_token)).status).toBe(200);
  });

  it("revocation (sign-out) ends the session", async () => {
    const user = await makeUser();
    const tokens = await signIn(user.email);
    const res = await SELF.fetch(`${ORIGIN}/auth/revoke`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: tokens.refresh_token, client_id: CONSOLE_CLIENT_ID }),
    });
    expect(res.status).toBe(200);
    expect((await refresh(tokens.refresh_token)).status).toBe(400);
  });
});

describe("bearer tokens on the API", () => {
  it("401 without a token, with a tampered one and with an expired one", async () => {
    const space = await makeSpace();
    const user = await makeUser();
    await addMember(space.space_uuid, user.uuid, "viewer");
    const { access_token } = await signIn(user.email);
    const path = `/api/space/${space.space_uuid}/`;
    expect((await api(path, { token: access_token })).status).toBe(200);
    expect((await api(path)).status).toBe(401);
    expect((await api(path, { token: `${access_token.slice(0, -4)}AAAA` })).status).toBe(401);

    const key = await getSigningKey(env, db());
    const expired = await new SignJWT({ email: user.email })
      .setProtectedHeader({ alg: "ES256", kid: key.kid, typ: "at+jwt" })
      .setIssuer(`${ORIGIN}/auth`)
      .setSubject(user.uuid)
      .setAudience(CONSOLE_CLIENT_ID)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 300)
      .sign(key.privateKey);
    const res = await api(path, { token: expired });
    expect(res.status).toBe(401);
    expect(ApiErrorBody.parse(await res.json())).toMatchObject({ code: "unauthorized" });
  });

  it("userinfo answers for a valid token", async () => {
    const user = await makeUser();
    const { access_token } = await signIn(user.email);
    const res = await api("/auth/userinfo", { token: access_token });
    expect(UserInfo.parse(await res.json())).toEqual({ sub: user.uuid, email: user.email, name: user.display_name });
  });
});

describe("the signing key in production", () => {
  it("refuses to sign without OIDC_SIGNING_JWK rather than minting a key into D1; signs with the secret", async () => {
    const before = (await db().select().from(signingKeyTable)).length;
    resetSigningKeyCache();
    const production = { ...env, ENVIRONMENT: "production", OIDC_SIGNING_JWK: undefined };
    await expect(getSigningKey(production, db())).rejects.toThrow(MISSING_SIGNING_KEY);
    expect((await db().select().from(signingKeyTable)).length).toBe(before);

    const { privateKey } = await generateKeyPair("ES256", { extractable: true });
    const secret = JSON.stringify({ ...(await exportJWK(privateKey)), kid: "prod-1" });
    resetSigningKeyCache();
    const key = await getSigningKey({ ...production, OIDC_SIGNING_JWK: secret }, db());
    expect(key.kid).toBe("prod-1");
    expect(key.publicJwk).not.toHaveProperty("d");
    resetSigningKeyCache();
  });
});
