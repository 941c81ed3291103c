import { and, eq, isNull } from "drizzle-orm";
import { refreshTokenTable } from "../../drizzle/schema/auth.ts";
import { userTable } from "../../drizzle/schema/user.ts";
import type { UserRow } from "../env.ts";
import { randomToken, sha256Hex } from "../lib/crypto.ts";
import type { Db } from "../lib/db.ts";

const nowIso = () => new Date().toISOString();

/** Starts a new family (a sign-in) or continues one (a rotation). Returns the opaque token. */
export async function createRefreshToken(
  db: Db,
  { userUuid, familyId, ttlSeconds }: { userUuid: string; familyId: string; ttlSeconds: number },
): Promise<string> {
  const token = randomToken();
  await db.insert(refreshTokenTable).values({
    token_hash: await sha256Hex(token),
    family_id: familyId,
    user_uuid: userUuid,
    expires_at: new Date(Date.now() + ttlSeconds * 1000).toISOString(),
  });
  return token;
}

export type RotateResult =
  | { ok: true; user: UserRow; familyId: string }
  | { ok: false; reason: "unknown" | "expired" | "reused" | "revoked" };

/**
 * Consumes a refresh token. The conditional UPDATE makes consumption atomic: of two concurrent
 * uses only one wins; the loser, like any later replay, counts as reuse and revokes the family.
 */
export async function consumeRefreshToken(db: Db, token: string): Promise<RotateResult> {
  const tokenHash = await sha256Hex(token);
  const row = await db.select().from(refreshTokenTable).where(eq(refreshTokenTable.token_hash, tokenHash)).get();
  if (!row) return { ok: false, reason: "unknown" };
  if (row.revoked_at) return { ok: false, reason: "revoked" };
  const claimed = await db
    .update(refreshTokenTable)
    .set({ used_at: nowIso() })
    .where(
      and(
        eq(refreshTokenTable.token_hash, tokenHash),
        isNull(refreshTokenTable.used_at),
        isNull(refreshTokenTable.revoked_at),
      ),
    )
    .returning({ family_id: refreshTokenTable.family_id });
  if (claimed.length === 0) {
    await revokeFamily(db, row.family_id);
    return { ok: false, reason: "reused" };
  }
  if (row.expires_at <= nowIso()) return { ok: false, reason: "expired" };
  const user = await db.select().from(userTable).where(eq(userTable.uuid, row.user_uuid)).get();
  if (!user) return { ok: false, reason: "unknown" };
  return { ok: true, user, familyId: row.family_id };
}

export async function revokeFamily(db: Db, familyId: string) {
  await db
    .update(refreshTokenTable)
    .set({ revoked_at: nowIso() })
    .where(and(eq(refreshTokenTable.family_id, familyId), isNull(refreshTokenTable.revoked_at)));
}

/** Sign-out: revokes the family of the presented token (RFC 7009: unknown tokens are fine). */
export async function revokeRefreshToken(db: Db, token: string) {
  const row = await db
    .select({ family_id: refreshTokenTable.family_id })
    .from(refreshTokenTable)
    .where(eq(refreshTokenTable.token_hash, await sha256Hex(token)))
    .get();
  if (row) await revokeFamily(db, row.family_id);
}
