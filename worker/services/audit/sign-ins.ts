import { eq } from "drizzle-orm";
import { spaceAccountTable } from "../../../drizzle/schema/space-account.ts";
import type { Db } from "../../lib/db.ts";
import { batchAll } from "../../lib/db.ts";
import { auditInsert } from "../kernel/audit.ts";

/**
 * A password sign-in (or a failed one) in the audit log of every space the account belongs to,
 * so each space's Admins see their members' sign-ins. A failure for an e-mail no account has goes
 * to the global log (no space to put it in). Request id, address and user agent come from the
 * request's audit context.
 */
export async function auditSignIn(
  db: Db,
  input: { email: string; user: { uuid: string; display_name: string; email: string } | null; ok: boolean },
) {
  const action = input.ok ? "account.sign_in" : "account.sign_in_failed";
  const { user } = input;
  if (!user) {
    await auditInsert(db, {
      spaceUuid: null,
      actorKind: "account",
      actorName: input.email,
      action,
      entityType: "user",
      entityName: input.email,
    }).run();
    return;
  }
  const spaces = await db
    .select({ space_uuid: spaceAccountTable.space_uuid })
    .from(spaceAccountTable)
    .where(eq(spaceAccountTable.user_uuid, user.uuid))
    .all();
  const common = {
    actorUserUuid: user.uuid,
    actorKind: "account" as const,
    actorUuid: user.uuid,
    actorName: user.display_name || user.email,
    action,
    entityType: "user",
    entityUuid: user.uuid,
    entityName: user.email,
  };
  const inserts = spaces.length
    ? spaces.map(({ space_uuid }) => auditInsert(db, { ...common, spaceUuid: space_uuid }))
    : [auditInsert(db, { ...common, spaceUuid: null })];
  await batchAll(db, inserts);
}
