/**
 * Who a bearer access token names, and whether they are an active member of a space: what the
 * API's middleware and the rooms (a socket opening, a socket re-authenticating) both ask.
 */
import { and, eq } from "drizzle-orm";
import type { Principal } from "../../../contracts/access/principal.ts";
import type { AccessTokenClaims } from "../../../contracts/auth/schema.ts";
import { roleTable } from "../../../drizzle/schema/role.ts";
import { spaceTable } from "../../../drizzle/schema/space.ts";
import { spaceAccountTable } from "../../../drizzle/schema/space-account.ts";
import { userTable } from "../../../drizzle/schema/user.ts";
import { issuerFor, verifyAccessToken } from "../../auth/tokens.ts";
import type { Config } from "../../config.ts";
import type { Env, UserRow } from "../../env.ts";
import type { Db } from "../../lib/db.ts";

/** Embedded tokens name the user by `sub`; an external issuer's by their `email` claim. */
export const userWhere = (config: Config, claims: AccessTokenClaims) =>
  config.externalIssuer ? eq(userTable.email, claims.email.toLowerCase()) : eq(userTable.uuid, claims.sub);

/** The user an access token names, with the token's expiry (ms): a room socket opened with it lasts until then. */
export async function verifiedUser(
  token: string,
  deps: { env: Env; db: Db; config: Config; requestUrl: string },
): Promise<{ user: UserRow; exp: number } | null> {
  const claims = await verifyAccessToken(token, { ...deps, issuer: issuerFor(deps.config, deps.requestUrl) });
  if (!claims) return null;
  const user = await deps.db.select().from(userTable).where(userWhere(deps.config, claims)).get();
  return user ? { user, exp: claims.exp * 1000 } : null;
}

/** The caller's active membership of a space with its role, or null. */
export async function findMembership(db: Db, spaceUuid: string, userUuid: string) {
  const row = await db
    .select({ space: spaceTable, account: spaceAccountTable, role: roleTable })
    .from(spaceAccountTable)
    .innerJoin(spaceTable, eq(spaceTable.space_uuid, spaceAccountTable.space_uuid))
    .innerJoin(roleTable, eq(roleTable.uuid, spaceAccountTable.role_uuid))
    .where(and(eq(spaceAccountTable.space_uuid, spaceUuid), eq(spaceAccountTable.user_uuid, userUuid)))
    .get();
  return row && row.account.status === "active" ? row : null;
}

/**
 * The room principal of a user who is an active member of the space (their account in it, and
 * how long the socket may last), or null: used when a room socket opens and when it re-authenticates.
 */
export async function memberPrincipal(
  db: Db,
  spaceUuid: string,
  user: { uuid: string },
  exp: number,
): Promise<Extract<Principal, { kind: "user" }> | null> {
  const membership = await findMembership(db, spaceUuid, user.uuid);
  if (!membership) return null;
  return {
    kind: "user",
    user_uuid: user.uuid,
    account_uuid: membership.account.account_uuid,
    space_uuid: spaceUuid,
    exp,
    role: membership.role.code,
  };
}
