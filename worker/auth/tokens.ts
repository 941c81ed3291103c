import { createLocalJWKSet, createRemoteJWKSet, type JWTPayload, jwtVerify, SignJWT } from "jose";
import { AccessTokenClaims, CONSOLE_CLIENT_ID } from "../../contracts/auth.ts";
import type { Config } from "../config.ts";
import type { Env, UserRow } from "../env.ts";
import type { Db } from "../lib/db.ts";
import { getSigningKey } from "./keys.ts";

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
    if (config.externalIssuer && config.externalJwksUrl) {
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
      const jwks = createLocalJWKSet({ keys: [key.publicJwk] });
      ({ payload } = await jwtVerify(token, jwks, {
        issuer,
        audience: CONSOLE_CLIENT_ID,
        algorithms: ["ES256"],
        typ: "at+jwt",
      }));
    }
    const parsed = AccessTokenClaims.safeParse(payload);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
