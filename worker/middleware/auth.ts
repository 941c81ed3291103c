import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { credentialKindOf } from "../../contracts/access/schema.ts";
import type { AccessTokenClaims } from "../../contracts/auth/schema.ts";
import { roleTable } from "../../drizzle/schema/role.ts";
import { spaceTable } from "../../drizzle/schema/space.ts";
import { spaceAccountTable } from "../../drizzle/schema/space-account.ts";
import { userTable } from "../../drizzle/schema/user.ts";
import { clientAddress } from "../auth/throttle.ts";
import { issuerFor, verifyAccessToken } from "../auth/tokens.ts";
import type { Config } from "../config.ts";
import type { AppEnv, Env, UserRow } from "../env.ts";
import type { Db } from "../lib/db.ts";
import { ApiError } from "../lib/errors.ts";
import { type CallerRow, callerKey, lookUpCaller } from "../services/access/caller-cache.ts";
import { activeCredential, touchCredential } from "../services/access/credential-secrets.ts";
import { userWhere, verifiedUser } from "../services/access/identity.ts";
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

const identityOf = (config: Config, claims: AccessTokenClaims) =>
  config.externalIssuer ? `email:${claims.email.toLowerCase()}` : `sub:${claims.sub}`;

/**
 * The user an access token names and, given a space, their active membership of it (or null): one
 * D1 query (user left-joined to the membership, its space and role), cached per isolate for a few
 * seconds and shared with the same caller's requests already reading it (services/access/caller-cache.ts).
 * null when the token is invalid or names no user. `exp`: the token's expiry (ms).
 */
export async function callerFromToken(
  token: string,
  deps: { env: Env; db: Db; config: Config; requestUrl: string },
  spaceUuid: string | null,
): Promise<(CallerRow & { exp: number }) | null> {
  const claims = await verifyAccessToken(token, { ...deps, issuer: issuerFor(deps.config, deps.requestUrl) });
  if (!claims) return null;
  const key = callerKey(identityOf(deps.config, claims), spaceUuid);
  // Kept only when it grants something: a user on a route without a space, an active member on one.
  const row = await lookUpCaller(
    key,
    () => readCaller(deps, claims, spaceUuid),
    (row) => spaceUuid === null || !!row.membership,
  );
  // The token's expiry (ms) too: a room socket opened with it lasts until then.
  return row && { ...row, exp: claims.exp * 1000 };
}

/** The caller's one D1 query: the user, and with a space their membership of it. */
async function readCaller(
  deps: { db: Db; config: Config },
  claims: AccessTokenClaims,
  spaceUuid: string | null,
): Promise<CallerRow | null> {
  if (spaceUuid === null) {
    const user = await deps.db.select().from(userTable).where(userWhere(deps.config, claims)).get();
    return user ? { user, membership: null } : null;
  }
  const found = await deps.db
    .select({ user: userTable, space: spaceTable, account: spaceAccountTable, role: roleTable })
    .from(userTable)
    .leftJoin(
      spaceAccountTable,
      and(eq(spaceAccountTable.user_uuid, userTable.uuid), eq(spaceAccountTable.space_uuid, spaceUuid)),
    )
    .leftJoin(spaceTable, eq(spaceTable.space_uuid, spaceAccountTable.space_uuid))
    .leftJoin(roleTable, eq(roleTable.uuid, spaceAccountTable.role_uuid))
    .where(userWhere(deps.config, claims))
    .get();
  if (!found) return null;
  const { space, account, role } = found;
  const active = space && account && role && account.status === "active";
  return { user: found.user, membership: active ? { space, account, role } : null };
}

const bearerOf = (c: Context<AppEnv>) => {
  const match = /^Bearer\s+(.+)$/i.exec(c.req.header("Authorization") ?? "");
  if (!match) throw new ApiError("unauthorized", "Authentication credentials were not provided.");
  return match[1];
};

/**
 * A display link or API token as the caller: 401 when unknown, revoked or expired
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

/** How many times a request was authenticated (a test checks that each request is, once). */
export const authRuns = { count: 0 };

/**
 * Authenticates the bearer once: a display link or API token sets principal and user and
 * returns "credential"; an access token sets principal and user and returns the user's active
 * membership of `spaceUuid` (null when none, or without a space). 401 when the bearer is missing
 * or names nobody.
 */
export async function authenticate(
  c: Context<AppEnv>,
  spaceUuid: string | null,
): Promise<"credential" | CallerRow["membership"]> {
  authRuns.count++;
  const token = bearerOf(c);
  if (credentialKindOf(token)) {
    await authenticateCredential(c, token);
    return "credential";
  }
  const caller = await callerFromToken(
    token,
    { env: c.env, db: c.var.db, config: c.var.config, requestUrl: c.req.url },
    spaceUuid,
  );
  if (!caller) throw new ApiError("unauthorized", "Given token not valid for any token type");
  c.set("principal", { kind: "user" });
  c.set("user", caller.user);
  return caller.membership;
}

/**
 * Requires `Authorization: Bearer <access token>`; sets c.var.user and c.var.principal. 401
 * otherwise. A display link or API token is refused (403) but on a route of a space: account,
 * Admin Panel and device-token routes are for people only. The routes under /space/{space}/
 * authenticate through requireSpaceMember alone (user and membership in one query).
 */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if ((await authenticate(c, null)) === "credential" && !c.req.param("space")) {
    throw new ApiError("forbidden", "Display links and API tokens work only on the routes of their space.");
  }
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
