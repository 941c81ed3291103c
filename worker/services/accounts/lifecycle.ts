import { and, eq, isNull } from "drizzle-orm";
import type { LifecycleReply, RegistrationInput, TokenCheck } from "../../../contracts/accounts/lifecycle.ts";
import { actionTokenTable } from "../../../drizzle/schema/action-token.ts";
import { spaceTable } from "../../../drizzle/schema/space.ts";
import { spaceAccountTable } from "../../../drizzle/schema/space-account.ts";
import { userTable } from "../../../drizzle/schema/user.ts";
import { hashPassword } from "../../auth/password.ts";
import { forgetCallers } from "../access/caller-cache.ts";
import { auditInsert } from "../kernel/audit.ts";
import type { MailDeps } from "../kernel/mail.ts";
import { accountNotFound } from "./accounts.ts";
import { claimActionToken, findUsableToken, invalidLink } from "./action-tokens.ts";

/** The lifecycle calls carry no session: they get the db, env and config, and the link's account. */
export type Deps = MailDeps;

/** The membership a link names, with its user and space; 404 with the spec's text when unknown. */
export async function linkedAccount(deps: Deps, accountUuid: string) {
  const row = await deps.db
    .select({ account: spaceAccountTable, user: userTable, space_name: spaceTable.space_name })
    .from(spaceAccountTable)
    .innerJoin(userTable, eq(userTable.uuid, spaceAccountTable.user_uuid))
    .innerJoin(spaceTable, eq(spaceTable.space_uuid, spaceAccountTable.space_uuid))
    .where(eq(spaceAccountTable.account_uuid, accountUuid))
    .get();
  if (!row) throw accountNotFound();
  return row;
}

/** The audit insert of a lifecycle step, by the link's own user. */
export const lifecycleAudit = (
  deps: Deps,
  linked: Awaited<ReturnType<typeof linkedAccount>>,
  action: string,
  after?: unknown,
) =>
  auditInsert(deps.db, {
    spaceUuid: linked.account.space_uuid,
    actorUserUuid: linked.user.uuid,
    action,
    entityType: "space_account",
    entityUuid: linked.account.account_uuid,
    after,
  });

/** GET /space-account/{id}/token/{token}: what a link is for, or 400 when it cannot be used. */
export async function checkActionToken({
  deps,
  input,
}: {
  deps: Deps;
  input: { account_uuid: string; token: string };
}): Promise<TokenCheck> {
  const linked = await linkedAccount(deps, input.account_uuid);
  const row = await findUsableToken(deps.db, input.account_uuid, input.token);
  if (!row) throw invalidLink();
  const invitation = row.purpose === "registration" || row.purpose === "space_join";
  if (invitation && linked.account.status !== "invited") throw invalidLink();
  return {
    email: linked.user.email,
    display_name: linked.user.display_name,
    purpose: row.purpose,
    space_name: linked.space_name,
    account_status: linked.account.status,
  };
}

/** The invitation a link names, while it is still open (else the link is invalid). */
async function openInvitation(deps: Deps, accountUuid: string) {
  const linked = await linkedAccount(deps, accountUuid);
  if (linked.account.status !== "invited") throw invalidLink();
  return linked;
}

/** The write that makes an accepted invitation an active membership. */
const activation = (deps: Deps, accountUuid: string) =>
  deps.db.update(spaceAccountTable).set({ status: "active" }).where(eq(spaceAccountTable.account_uuid, accountUuid));

/**
 * PATCH /space-account/{id}/account-registration/: a new user sets display name, full name and
 * password; the invitation becomes active. The user's other open registration links (other
 * spaces) turn into join links, since the user now has a password.
 */
export async function registerAccount({
  deps,
  input,
}: {
  deps: Deps;
  input: RegistrationInput & { account_uuid: string };
}): Promise<LifecycleReply> {
  const linked = await openInvitation(deps, input.account_uuid);
  const password_hash = await hashPassword(input.password);
  await claimActionToken(deps.db, { accountUuid: input.account_uuid, token: input.token, purposes: ["registration"] });
  const user = { password_hash, display_name: input.display_name, full_name: input.full_name ?? linked.user.full_name };
  await deps.db.batch([
    deps.db.update(userTable).set(user).where(eq(userTable.uuid, linked.user.uuid)),
    activation(deps, input.account_uuid),
    deps.db
      .update(actionTokenTable)
      .set({ purpose: "space_join" })
      .where(
        and(
          eq(actionTokenTable.user_uuid, linked.user.uuid),
          eq(actionTokenTable.purpose, "registration"),
          isNull(actionTokenTable.used_at),
        ),
      ),
    lifecycleAudit(deps, linked, "account.register", { display_name: user.display_name, full_name: user.full_name }),
  ]);
  forgetCallers({ user_uuid: linked.user.uuid });
  return { message: "Your account is ready. You can sign in now.", email: linked.user.email };
}

/** PATCH /space-account/{id}/space-join/: an existing user accepts the invitation. */
export async function joinSpace({
  deps,
  input,
}: {
  deps: Deps;
  input: { account_uuid: string; token: string };
}): Promise<LifecycleReply> {
  const linked = await openInvitation(deps, input.account_uuid);
  await claimActionToken(deps.db, { accountUuid: input.account_uuid, token: input.token, purposes: ["space_join"] });
  await deps.db.batch([activation(deps, input.account_uuid), lifecycleAudit(deps, linked, "account.join")]);
  forgetCallers({ account_uuid: input.account_uuid });
  return { message: `You joined ${linked.space_name}.`, email: linked.user.email };
}
