// How a display link's or API token's secret is made, looked up, judged (active, revoked, expired, creator gone) and its use recorded.
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { CREDENTIAL_ENDED, CREDENTIAL_PREFIX, type CredentialKind } from "../../../contracts/access/schema.ts";
import { spaceAccountTable, spaceCredentialTable } from "../../../drizzle/schema/index.ts";
import type { SpaceCredentialRow } from "../../env.ts";
import { randomToken, sha256Hex } from "../../lib/crypto.ts";
import type { Db } from "../../lib/db.ts";
import { ApiError } from "../../lib/errors.ts";

/** last_used_at / last_used_ip are written at most this often per credential (a wall polls every few seconds). */
export const LAST_USED_EVERY_MS = 60_000;

/** A new secret of `kind`: its prefix and 256 random bits as 43 base64url characters. */
export const newSecret = (kind: CredentialKind) => `${CREDENTIAL_PREFIX[kind]}${randomToken(32)}`;

/** The credential a secret belongs to (revoked and expired ones too), looked up by its SHA-256. */
export async function credentialBySecret(db: Db, secret: string): Promise<SpaceCredentialRow | null> {
  const row = await db
    .select()
    .from(spaceCredentialTable)
    .where(eq(spaceCredentialTable.secret_hash, await sha256Hex(secret)))
    .get();
  return row ?? null;
}

/** Whether a credential still works at `now`, and if not why (the 401's message names it). */
export function credentialState(row: SpaceCredentialRow, now = Date.now()): "active" | "revoked" | "expired" {
  if (row.revoked_at) return "revoked";
  if (row.expires_at && Date.parse(row.expires_at) <= now) return "expired";
  return "active";
}

/**
 * The credential behind `secret` if it still works; otherwise 401 with the reason (unknown,
 * revoked, expired) so a wall can say "This display link was revoked".
 */
export async function activeCredential(db: Db, secret: string): Promise<SpaceCredentialRow> {
  const row = await credentialBySecret(db, secret);
  if (!row) throw new ApiError("unauthorized", "Given token not valid for any token type");
  const state = credentialState(row);
  if (state !== "active") throw new ApiError("unauthorized", CREDENTIAL_ENDED[row.kind][state]);
  return row;
}

/** Why a credential whose creator left (disabled, removed) is refused and its sockets closed. */
export const CREATOR_GONE =
  "The account that created this display link or API token is no longer an active member of the space.";

/**
 * Whether the account that created a credential is still an active member of its space. A
 * display link or API token lasts only as long as its creator's right to the space: the API, a
 * ticket's use and a room upgrade all ask (a creator since deleted is gone too).
 */
export async function creatorIsActive(db: Db, row: SpaceCredentialRow): Promise<boolean> {
  if (!row.created_by_user_uuid) return false;
  const member = await db
    .select({ status: spaceAccountTable.status })
    .from(spaceAccountTable)
    .where(
      and(
        eq(spaceAccountTable.space_uuid, row.space_uuid),
        eq(spaceAccountTable.user_uuid, row.created_by_user_uuid),
        eq(spaceAccountTable.status, "active"),
      ),
    )
    .get();
  return Boolean(member);
}

/**
 * Records the credential's last use (time and address), at most once every LAST_USED_EVERY_MS:
 * one conditional UPDATE, only issued when the stored time is older, so concurrent requests
 * write it once.
 */
export async function touchCredential(db: Db, row: SpaceCredentialRow, address: string, now = Date.now()) {
  if (row.last_used_at && Date.parse(row.last_used_at) > now - LAST_USED_EVERY_MS) return;
  const cutoff = new Date(now - LAST_USED_EVERY_MS).toISOString();
  await db
    .update(spaceCredentialTable)
    .set({ last_used_at: new Date(now).toISOString(), last_used_ip: address.slice(0, 64) })
    .where(
      and(
        eq(spaceCredentialTable.uuid, row.uuid),
        or(isNull(spaceCredentialTable.last_used_at), lt(spaceCredentialTable.last_used_at, cutoff)),
      ),
    );
}
