import { asc } from "drizzle-orm";
import { type CryptoKey, exportJWK, generateKeyPair, importJWK, type JWK } from "jose";
import { signingKeyTable } from "../../drizzle/schema/auth.ts";
import type { Env } from "../env.ts";
import type { Db } from "../lib/db.ts";
import { singleFlight } from "../lib/single-flight.ts";

export type SigningKey = { kid: string; privateKey: CryptoKey; publicJwk: JWK };

/** The key once loaded (plain data: any request of the isolate may use it). */
let loaded: SigningKey | undefined;
/** Bumped by the test hook's reset, so a load under way then is neither joined nor kept. */
let generation = 0;
/**
 * Requests of a cold isolate that arrive together (a wall's sockets after a deploy) share one load
 * (lib/single-flight.ts: none of them awaits another request's promise, which workerd refuses).
 */
const loads = singleFlight<SigningKey>({ waitMs: 10_000, generation: () => generation });

/** Production without the OIDC_SIGNING_JWK secret: nothing is signed (no key is minted into D1). */
export const MISSING_SIGNING_KEY =
  "OIDC_SIGNING_JWK is not set: production signs only with the key from this secret (see docs/deploy.md).";

/**
 * The provider's ES256 key. Production signs with the OIDC_SIGNING_JWK secret and refuses to
 * start signing without it (a key minted into D1 would sit next to the data it protects);
 * elsewhere the first key ever made is kept in D1 so every isolate (and every restart) signs alike.
 */
export async function getSigningKey(env: Env, db: Db): Promise<SigningKey> {
  if (loaded) return loaded;
  const { value, started } = await loads.run("key", () => loadKey(env, db));
  if (started === generation) loaded = value;
  return value;
}

async function loadKey(env: Env, db: Db): Promise<SigningKey> {
  if (env.OIDC_SIGNING_JWK) {
    const jwk = JSON.parse(env.OIDC_SIGNING_JWK) as JWK;
    return fromPrivateJwk(jwk.kid ?? "primary", jwk);
  }
  if (env.ENVIRONMENT === "production") throw new Error(MISSING_SIGNING_KEY);
  let row = await db.select().from(signingKeyTable).orderBy(asc(signingKeyTable.created_at)).get();
  if (!row) {
    const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true });
    const kid = crypto.randomUUID();
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: "ES256" };
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: "ES256", use: "sig" };
    await db
      .insert(signingKeyTable)
      .values({ kid, private_jwk: JSON.stringify(privateJwk), public_jwk: JSON.stringify(publicJwk) })
      .onConflictDoNothing();
    // Another isolate may have raced us: the oldest key wins everywhere.
    row = await db.select().from(signingKeyTable).orderBy(asc(signingKeyTable.created_at)).get();
    if (!row) throw new Error("signing key could not be stored");
  }
  return fromPrivateJwk(row.kid, JSON.parse(row.private_jwk) as JWK);
}

async function fromPrivateJwk(kid: string, jwk: JWK): Promise<SigningKey> {
  const privateKey = (await importJWK({ ...jwk, alg: "ES256" }, "ES256")) as CryptoKey;
  const { d: _d, ...pub } = jwk;
  return { kid, privateKey, publicJwk: { ...pub, kid, alg: "ES256", use: "sig" } };
}

/** Test hook: forget the cached key (tests reset storage between files). */
export const resetSigningKeyCache = () => {
  generation++;
  loaded = undefined;
  loads.clear();
};
