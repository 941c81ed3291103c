import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { credentialKindOf } from "../../contracts/access.ts";
import { userTable } from "../../drizzle/schema/user.ts";
import { clientAddress } from "../auth/throttle.ts";
import { issuerFor, verifyAccessToken } from "../auth/tokens.ts";
import type { Config } from "../config.ts";
import type { AppEnv, Env, UserRow } from "../env.ts";
import type { Db } from "../lib/db.ts";
import { ApiError } from "../lib/errors.ts";
import { activeCredential, touchCredential } from "../services/access/credentials.ts";
import { credentialUser } from "../services/access/principal.ts";

/**
 * Resolves a bearer access token to its user, or null. Embedded tokens name the user by `sub`;
 * tokens of a configured external issuer are matched by their `email` claim.
 */
export async function userFromToken(
  token: string,
  deps: { env: Env; db: Db; config: Config; requestUrl: string },
): Promise<UserRow | null> {
  return (await verifiedUser(token, deps))?.user ?? null;
}

/** userFromToken with the token's expiry (ms): a room socket opened with it lasts until then. */
export async function verifiedUser(
  token: string,
  deps: { env: Env; db: Db; config: Config; requestUrl: string },
): Promise<{ user: UserRow; exp: number } | null> {
  const claims = await verifyAccessToken(token, { ...deps, issuer: issuerFor(deps.config, deps.requestUrl) });
  if (!claims) return null;
  const where = deps.config.externalIssuer
    ? eq(userTable.email, claims.email.toLowerCase())
    : eq(userTable.uuid, claims.sub);
  const user = await deps.db.select().from(userTable).where(where).get();
  return user ? { user, exp: claims.exp * 1000 } : null;
}

const bearerOf = (c: Context<AppEnv>) => {
  const match = /^Bearer\s+(.+)$/i.exec(c.req.header("Authorization") ?? "");
  if (!match) throw new ApiError("unauthorized", "Authentication credentials were not provided.");
  return match[1];
};

/**
 * A display link or API token (issue 16) as the caller: 401 when unknown, revoked or expired
 * (the message says which); its last use is recorded (at most once a minute).
 */
async function authenticateCredential(c: Context<AppEnv>, secret: string) {
  const credential = await activeCredential(c.var.db, secret);
  await touchCredential(
    c.var.db,
    credential,
    clientAddress((name) => c.req.header(name)),
  );
  c.set("principal", { kind: credential.kind, credential });
  c.set("user", await credentialUser(c.var.db, credential));
  return credential;
}

/**
 * Requires `Authorization: Bearer <access token>`; sets c.var.user and c.var.principal. 401
 * otherwise. A space's display link or API token is accepted on the routes of a space
 * (/space/{space}/…, where requireSpaceMember follows and enforces its scope) and refused (403)
 * everywhere else: account, Admin Panel and device-token routes are for people only.
 */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearerOf(c);
  if (credentialKindOf(token)) {
    await authenticateCredential(c, token);
    if (!c.req.param("space")) {
      throw new ApiError("forbidden", "Display links and API tokens work only on the routes of their space.");
    }
    return next();
  }
  const user = await userFromToken(token, {
    env: c.env,
    db: c.var.db,
    config: c.var.config,
    requestUrl: c.req.url,
  });
  if (!user) throw new ApiError("unauthorized", "Given token not valid for any token type");
  c.set("principal", { kind: "user" });
  c.set("user", user);
  await next();
});

/** Requires a display link or API token as the bearer (GET /credential/self/); 401 for anything else. */
export const requireCredential = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearerOf(c);
  if (!credentialKindOf(token)) {
    throw new ApiError("unauthorized", "This route takes a display link or an API token as the bearer.");
  }
  await authenticateCredential(c, token);
  await next();
});
