import { and, eq, gt, isNotNull, isNull, notExists, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { refreshTokenTable } from "../../drizzle/schema/auth.ts";
import { userTable } from "../../drizzle/schema/user.ts";
import type { UserRow } from "../env.ts";
import { randomToken, sha256Hex } from "../lib/crypto.ts";
import type { Db } from "../lib/db.ts";

const nowIso = () => new Date().toISOString();

/** Starts a new family (a sign-in). Returns the opaque token. */
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
  | { ok: true; user: UserRow; familyId: string; refreshToken: string }
  | { ok: false; reason: "unknown" | "expired" | "reused" | "revoked" };

/**
 * Consumes a refresh token and issues its successor in ONE batch (a transaction): the
 * conditional UPDATE claims the token and names the successor, and the successor is inserted
 * only when that claim happened and the family has no revoked row. So of concurrent uses only
 * one gets a successor, and a successor never appears after its family was revoked. A failed
 * claim (reuse, or an expired/revoked token) revokes the whole family, successors included.
 */
export async function rotateRefreshToken(
  db: Db,
  token: string,
  { ttlSeconds, now = Date.now() }: { ttlSeconds: number; now?: number },
): Promise<RotateResult> {
  const tokenHash = await sha256Hex(token);
  const next = randomToken();
  const nextHash = await sha256Hex(next);
  const at = new Date(now).toISOString();
  const expiresAt = new Date(now + ttlSeconds * 1000).toISOString();
  const t = refreshTokenTable;
  const claimed = alias(t, "claimed");
  const kin = alias(t, "kin");
  const [, , successor] = await db.batch([
    db
      .update(t)
      .set({ used_at: at, replaced_by: nextHash })
      .where(and(eq(t.token_hash, tokenHash), isNull(t.used_at), isNull(t.revoked_at), gt(t.expires_at, at))),
    // Columns in table order (drizzle checks it): the successor inherits family and user.
    db.insert(t).select(
      db
        .select({
          token_hash: sql<string>`${nextHash}`.as("token_hash"),
          family_id: claimed.family_id,
          user_uuid: claimed.user_uuid,
          expires_at: sql<string>`${expiresAt}`.as("expires_at"),
          used_at: sql<null>`NULL`.as("used_at"),
          replaced_by: sql<null>`NULL`.as("replaced_by"),
          revoked_at: sql<null>`NULL`.as("revoked_at"),
          created_at: sql<string>`${at}`.as("created_at"),
        })
        .from(claimed)
        .where(
          and(
            eq(claimed.token_hash, tokenHash),
            eq(claimed.replaced_by, nextHash),
            notExists(
              db
                .select({ one: sql`1` })
                .from(kin)
                .where(and(eq(kin.family_id, claimed.family_id), isNotNull(kin.revoked_at))),
            ),
          ),
        ),
    ),
    db
      .select({ user: userTable, familyId: t.family_id })
      .from(t)
      .innerJoin(userTable, eq(userTable.uuid, t.user_uuid))
      .where(eq(t.token_hash, nextHash)),
  ]);
  const [issued] = successor;
  if (issued) return { ok: true, user: issued.user, familyId: issued.familyId, refreshToken: next };

  const row = await db.select().from(t).where(eq(t.token_hash, tokenHash)).get();
  if (!row) return { ok: false, reason: "unknown" };
  await revokeFamily(db, row.family_id);
  if (row.revoked_at) return { ok: false, reason: "revoked" };
  if (row.used_at) return { ok: false, reason: "reused" };
  return { ok: false, reason: "expired" };
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
