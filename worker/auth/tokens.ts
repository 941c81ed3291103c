import { createLocalJWKSet, createRemoteJWKSet, type JWTPayload, jwtVerify, SignJWT } from "jose";
import { AccessTokenClaims, CONSOLE_CLIENT_ID } from "../../contracts/auth/schema.ts";
import type { Config } from "../config.ts";
import type { Env, UserRow } from "../env.ts";
import type { Db } from "../lib/db.ts";
import { getSigningKey, type SigningKey } from "./keys.ts";

/** Issuer of the embedded provider: `{origin}/auth` unless pinned by ISSUER_URL. */
export const issuerFor = (config: Config, requestUrl: string) =>
  config.issuerUrl ?? `${new URL(requestUrl).origin}/auth`;

type IssueInput = { env: Env; db: Db; config: Config; issuer: string; user: UserRow; sid: string };

export async function issueAccessToken({ env, db, config, issuer, user, sid }: IssueInput) {
  const key = await getSigningKey(env, db);
  return new SignJWT({
    email: user.email,
    name: user.display_name,
    sid,
    scope: "openid",
    client_id: CONSOLE_CLIENT_ID,
  })
    .setProtectedHeader({ alg: "ES256", kid: key.kid, typ: "at+jwt" })
    .setIssuer(issuer)
    .setSubject(user.uuid)
    .setAudience(CONSOLE_CLIENT_ID)
    .setIssuedAt()
    .setJti(crypto.randomUUID())
    .setExpirationTime(`${config.accessTokenTtl}s`)
    .sign(key.privateKey);
}

export async function issueIdToken({ env, db, config, issuer, user, sid }: IssueInput) {
  const key = await getSigningKey(env, db);
  return new SignJWT({ email: user.email, name: user.display_name, sid })
    .setProtectedHeader({ alg: "ES256", kid: key.kid, typ: "JWT" })
    .setIssuer(issuer)
    .setSubject(user.uuid)
    .setAudience(CONSOLE_CLIENT_ID)
    .setIssuedAt()
    .setExpirationTime(`${config.accessTokenTtl}s`)
    .sign(key.privateKey);
}

const remoteSets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
/** The embedded key's JWKS, built once per key (per isolate): its public key is imported once. */
const localSets = new WeakMap<SigningKey, ReturnType<typeof createLocalJWKSet>>();

/**
 * Tokens verified in this isolate, with what verified them (the embedded key, or the external
 * issuer's settings) and the issuer they were checked against: a token's signature and claims do
 * not change, so it is not verified again until it expires. Bounded; the oldest go first.
 */
const verified = new Map<string, { by: SigningKey | string; issuer: string; claims: AccessTokenClaims }>();
const MAX_VERIFIED = 10_000;

function rememberVerified(
  token: string,
  entry: { by: SigningKey | string; issuer: string; claims: AccessTokenClaims },
) {
  if (verified.size >= MAX_VERIFIED) {
    const now = Date.now() / 1000;
    for (const [k, v] of verified) if (v.claims.exp <= now) verified.delete(k);
    while (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value as string);
  }
  verified.set(token, entry);
}

function alreadyVerified(token: string, by: SigningKey | string, issuer: string) {
  const hit = verified.get(token);
  if (!hit || hit.by !== by || hit.issuer !== issuer) return undefined;
  if (hit.claims.exp <= Date.now() / 1000) {
    verified.delete(token);
    return undefined;
  }
  return hit.claims;
}

/**
 * Signature algorithms accepted from an external issuer: asymmetric only. An HS* token could be
 * "signed" with a public key taken as an HMAC secret, and "none" is no signature at all.
 */
export const EXTERNAL_ALGORITHMS = [
  "RS256",
  "RS384",
  "RS512",
  "PS256",
  "PS384",
  "PS512",
  "ES256",
  "ES384",
  "ES512",
  "EdDSA",
];

/**
 * Verifies a bearer access token: ES256 from the embedded provider, or, when configured,
 * from the external issuer (its JWKS fetched and cached; issuer, audience and an asymmetric
 * algorithm checked). Returns null when invalid/expired.
 */
export async function verifyAccessToken(
  token: string,
  { env, db, config, issuer }: { env: Env; db: Db; config: Config; issuer: string },
): Promise<AccessTokenClaims | null> {
  try {
    let payload: JWTPayload;
    let by: SigningKey | string;
    let checkedIssuer = issuer;
    if (config.externalIssuer && config.externalJwksUrl) {
      by = `${config.externalJwksUrl}\n${String(config.externalAudience)}`;
      checkedIssuer = config.externalIssuer;
      const known = alreadyVerified(token, by, checkedIssuer);
      if (known) return known;
      let set = remoteSets.get(config.externalJwksUrl);
      if (!set) {
        set = createRemoteJWKSet(new URL(config.externalJwksUrl));
        remoteSets.set(config.externalJwksUrl, set);
      }
      ({ payload } = await jwtVerify(token, set, {
        issuer: config.externalIssuer,
        audience: config.externalAudience,
        algorithms: EXTERNAL_ALGORITHMS,
      }));
    } else {
      const key = await getSigningKey(env, db);
      by = key;
      const known = alreadyVerified(token, key, issuer);
      if (known) return known;
      let jwks = localSets.get(key);
      if (!jwks) {
        jwks = createLocalJWKSet({ keys: [key.publicJwk] });
        localSets.set(key, jwks);
      }
      ({ payload } = await jwtVerify(token, jwks, {
        issuer,
        audience: CONSOLE_CLIENT_ID,
        algorithms: ["ES256"],
        typ: "at+jwt",
      }));
    }
    const parsed = AccessTokenClaims.safeParse(payload);
    if (!parsed.success) return null;
    rememberVerified(token, { by, issuer: checkedIssuer, claims: parsed.data });
    return parsed.data;
  } catch {
    return null;
  }
}
