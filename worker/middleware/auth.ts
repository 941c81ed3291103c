import { eq } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import { userTable } from "../../drizzle/schema/user.ts";
import { issuerFor, verifyAccessToken } from "../auth/tokens.ts";
import type { Config } from "../config.ts";
import type { AppEnv, Env, UserRow } from "../env.ts";
import type { Db } from "../lib/db.ts";
import { ApiError } from "../lib/errors.ts";

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

/** Requires `Authorization: Bearer <access token>`; sets c.var.user. 401 otherwise. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header("Authorization") ?? "";
  const match = /^Bearer\s+(.+)$/i.exec(header);
  if (!match) throw new ApiError("unauthorized", "Authentication credentials were not provided.");
  const user = await userFromToken(match[1], {
    env: c.env,
    db: c.var.db,
    config: c.var.config,
    requestUrl: c.req.url,
  });
  if (!user) throw new ApiError("unauthorized", "Given token not valid for any token type");
  c.set("user", user);
  await next();
});
