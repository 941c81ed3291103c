import { and, eq, gt, inArray, isNull } from "drizzle-orm";
import { ACTION_TOKEN_TTL_HOURS, type ActionTokenPurpose } from "../../../contracts/accounts/lifecycle.ts";
import { ACCOUNT_MESSAGES } from "../../../contracts/accounts/schema.ts";
import { actionTokenTable } from "../../../drizzle/schema/action-token.ts";
import { randomToken, sha256Hex } from "../../lib/crypto.ts";
import type { Db } from "../../lib/db.ts";
import { ApiError } from "../../lib/errors.ts";

const nowIso = () => new Date().toISOString();
export const invalidLink = () => new ApiError("bad_request", ACCOUNT_MESSAGES.invalidToken);

/**
 * A new single-use link token. Only its SHA-256 is stored; the value goes into the e-mail once.
 * Returns the value and the insert (put it in the batch that sends the mail).
 */
export async function newActionToken(
  db: Db,
  t: { purpose: ActionTokenPurpose; userUuid: string; accountUuid: string; spaceUuid: string },
) {
  const token = randomToken();
  const expires = new Date(Date.now() + ACTION_TOKEN_TTL_HOURS * 3600_000).toISOString();
  const query = db.insert(actionTokenTable).values({
    token_hash: await sha256Hex(token),
    purpose: t.purpose,
    user_uuid: t.userUuid,
    account_uuid: t.accountUuid,
    space_uuid: t.spaceUuid,
    expires_at: expires,
  });
  return { token, query };
}

/** Deletes the still-open links of an account for these purposes (a re-invite replaces them). */
export const dropOpenTokens = (db: Db, accountUuid: string, purposes: readonly ActionTokenPurpose[]) =>
  db
    .delete(actionTokenTable)
    .where(
      and(
        eq(actionTokenTable.account_uuid, accountUuid),
        inArray(actionTokenTable.purpose, [...purposes]),
        isNull(actionTokenTable.used_at),
      ),
    );

/** A link of the user for `purpose` that is still usable (not used, not expired), or undefined. */
export const openTokenOf = (db: Db, userUuid: string, purpose: ActionTokenPurpose) =>
  db
    .select({ token_hash: actionTokenTable.token_hash })
    .from(actionTokenTable)
    .where(
      and(
        eq(actionTokenTable.user_uuid, userUuid),
        eq(actionTokenTable.purpose, purpose),
        isNull(actionTokenTable.used_at),
        gt(actionTokenTable.expires_at, nowIso()),
      ),
    )
    .get();

/** The stored link for this account and token value when it is still usable, else null. */
export async function findUsableToken(db: Db, accountUuid: string, token: string) {
  const row = await db
    .select()
    .from(actionTokenTable)
    .where(eq(actionTokenTable.token_hash, await sha256Hex(token)))
    .get();
  if (!row || row.account_uuid !== accountUuid || row.used_at || row.expires_at <= nowIso()) return null;
  return row;
}

/**
 * Consumes a link: one conditional UPDATE, so of two concurrent uses only one wins. 400 with the
 * spec's text when the token is unknown, of another account or purpose, used or expired.
 */
export async function claimActionToken(
  db: Db,
  c: { accountUuid: string; token: string; purposes: readonly ActionTokenPurpose[] },
) {
  const [claimed] = await db
    .update(actionTokenTable)
    .set({ used_at: nowIso() })
    .where(
      and(
        eq(actionTokenTable.token_hash, await sha256Hex(c.token)),
        eq(actionTokenTable.account_uuid, c.accountUuid),
        inArray(actionTokenTable.purpose, [...c.purposes]),
        isNull(actionTokenTable.used_at),
        gt(actionTokenTable.expires_at, nowIso()),
      ),
    )
    .returning();
  if (!claimed) throw invalidLink();
  return claimed;
}
