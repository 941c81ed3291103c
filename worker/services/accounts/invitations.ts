import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { ACCOUNT_MESSAGES, type AccountRow, type InviteInput } from "../../../contracts/accounts/schema.ts";
import { roleTable } from "../../../drizzle/schema/role.ts";
import { spaceAccountTable } from "../../../drizzle/schema/space-account.ts";
import { userTable } from "../../../drizzle/schema/user.ts";
import { getConfig } from "../../config.ts";
import { batchAll } from "../../lib/db.ts";
import { ApiError } from "../../lib/errors.ts";
import { forgetCallers } from "../access/caller-cache.ts";
import type { WriteArgs } from "../kernel/args.ts";
import { deliverMail, type Mail, outboxInsert } from "../kernel/mail.ts";
import { auditChange, inList, inSpace } from "../kernel/scope.ts";
import { dropOpenTokens, newActionToken } from "./action-tokens.ts";
import { actionLink, invitationMail } from "./mails.ts";
import { accountRowsByUuid } from "./queries.ts";

type Entry = InviteInput["user_accounts"][number] & { index: number };

/** The same e-mail twice in one request is one invitation (the first row's role wins). */
function uniqueEntries(entries: InviteInput["user_accounts"]): Entry[] {
  const seen = new Set<string>();
  return entries.flatMap((e, index) => {
    if (seen.has(e.email)) return [];
    seen.add(e.email);
    return [{ ...e, index }];
  });
}

/**
 * POST /space/{space}/account/add/ (Admin). Every e-mail becomes an invited membership with its
 * row's role: unknown people get a user without a password (display name = the e-mail's local
 * part) and a registration link; people who already have a password get a space_join link. An
 * invited membership is re-invited (new role, new link; older links die). Anyone already active
 * or disabled in the space is a field error, and then nothing is stored.
 */
export async function inviteAccounts({
  ctx,
  input,
  defer,
}: WriteArgs<InviteInput & { origin: string }>): Promise<AccountRow[]> {
  const entries = uniqueEntries(input.user_accounts);
  const emails = entries.map((e) => e.email);
  const [roles, users] = await ctx.db.batch([
    ctx.db.select({ uuid: roleTable.uuid }).from(roleTable),
    ctx.db.select().from(userTable).where(inList(userTable.email, emails)),
  ]);
  const members = await ctx.db
    .select()
    .from(spaceAccountTable)
    .where(
      inSpace(
        ctx,
        spaceAccountTable,
        inList(
          spaceAccountTable.user_uuid,
          users.map((u) => u.uuid),
        ),
      ),
    );
  const roleUuids = new Set(roles.map((r) => r.uuid));
  const userByEmail = new Map(users.map((u) => [u.email, u]));
  const memberByUser = new Map(members.map((m) => [m.user_uuid, m]));

  // Like the validator's entry errors: a list aligned with user_accounts ({} = a valid entry).
  const entryErrors: Record<string, string[]>[] = input.user_accounts.map(() => ({}));
  for (const e of entries) {
    if (!roleUuids.has(e.role_uuid)) entryErrors[e.index].role_uuid = ["Select a valid role."];
    const user = userByEmail.get(e.email);
    const member = user && memberByUser.get(user.uuid);
    if (member && member.status !== "invited") entryErrors[e.index].email = [ACCOUNT_MESSAGES.alreadyMember];
  }
  if (entryErrors.some((entry) => Object.keys(entry).length > 0)) {
    throw new ApiError("validation_error", "There are validation errors.", { user_accounts: entryErrors });
  }

  const now = new Date().toISOString();
  const inviter = ctx.user.display_name || ctx.user.email;
  const writes: BatchItem<"sqlite">[] = [];
  const mails: (Mail & { uuid: string })[] = [];
  const accountUuids: string[] = [];
  for (const e of entries) {
    const existing = userByEmail.get(e.email);
    const userUuid = existing?.uuid ?? crypto.randomUUID();
    if (!existing) {
      const [local] = e.email.split("@");
      writes.push(
        ctx.db.insert(userTable).values({ uuid: userUuid, email: e.email, username: e.email, display_name: local }),
      );
    }
    const member = memberByUser.get(userUuid);
    const account_uuid = member?.account_uuid ?? crypto.randomUUID();
    if (member) {
      writes.push(
        ctx.db
          .update(spaceAccountTable)
          .set({ role_uuid: e.role_uuid, invited_on: now })
          .where(inSpace(ctx, spaceAccountTable, eq(spaceAccountTable.account_uuid, account_uuid))),
        dropOpenTokens(ctx.db, account_uuid, ["registration", "space_join"]),
      );
    } else {
      writes.push(
        ctx.db.insert(spaceAccountTable).values({
          account_uuid,
          space_uuid: ctx.space.space_uuid,
          user_uuid: userUuid,
          role_uuid: e.role_uuid,
          status: "invited",
          invited_on: now,
          created_at: now,
        }),
      );
    }
    // Only people who can already sign in skip registration.
    const purpose = existing?.password_hash ? "space_join" : "registration";
    const { token, query } = await newActionToken(ctx.db, {
      purpose,
      userUuid,
      accountUuid: account_uuid,
      spaceUuid: ctx.space.space_uuid,
    });
    const mail = invitationMail({
      to: e.email,
      spaceName: ctx.space.space_name,
      inviter,
      link: actionLink(input.origin, purpose, account_uuid, token),
      purpose,
    });
    const outbox = await outboxInsert(ctx.db, ctx.env, mail);
    mails.push({ uuid: outbox.uuid, ...mail });
    writes.push(
      query,
      outbox.query,
      auditChange(ctx, {
        action: member ? "account.reinvite" : "account.invite",
        entityType: "space_account",
        entityUuid: account_uuid,
        after: { email: e.email, role_uuid: e.role_uuid, purpose },
      }),
    );
    accountUuids.push(account_uuid);
  }
  await batchAll(ctx.db, writes);
  // A re-invitation may change a member's role.
  for (const account_uuid of accountUuids) forgetCallers({ account_uuid });
  defer(deliverMail({ db: ctx.db, env: ctx.env, config: getConfig(ctx.env) }, mails));
  return accountRowsByUuid(ctx, accountUuids);
}
