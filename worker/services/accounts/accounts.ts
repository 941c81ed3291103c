import { and, eq } from "drizzle-orm";
import {
  ACCOUNT_MESSAGES,
  type AccountPatch,
  type AccountRow,
  type PresenceReply,
} from "../../../contracts/accounts/schema.ts";
import { ROLE_UUID } from "../../../contracts/reference.ts";
import { roleTable } from "../../../drizzle/schema/role.ts";
import { spaceAccountTable } from "../../../drizzle/schema/space-account.ts";
import type { SpaceCtx } from "../../env.ts";
import type { Db } from "../../lib/db.ts";
import { ApiError } from "../../lib/errors.ts";
import { forgetCallers } from "../access/caller-cache.ts";
import { closeCreatedCredentialSockets } from "../access/credentials.ts";
import type { ServiceArgs, WriteArgs } from "../kernel/args.ts";
import { closeAccountSockets, publishToSpace } from "../kernel/realtime.ts";
import { auditChange, inSpace, requireInSpace } from "../kernel/scope.ts";
import { accountRowsByUuid } from "./queries.ts";

/** Runs work after the reply (ExecutionContext.waitUntil). */

export const accountNotFound = () => new ApiError("not_found", ACCOUNT_MESSAGES.accountNotFound);

/** A membership of the caller's space, or 404. */
export const findSpaceAccount = (ctx: SpaceCtx, accountUuid: string) =>
  requireInSpace(ctx, spaceAccountTable, eq(spaceAccountTable.account_uuid, accountUuid), accountNotFound);

/** Whether a role uuid names one of the reference roles. */
export async function roleExists(ctx: Pick<SpaceCtx, "db">, roleUuid: string) {
  return Boolean(
    await ctx.db.select({ uuid: roleTable.uuid }).from(roleTable).where(eq(roleTable.uuid, roleUuid)).get(),
  );
}

/**
 * PATCH /space/{space}/account/{account_uuid}/ (Admin): change the role, disable or enable.
 * An Admin cannot disable or demote themselves (so a space always keeps an Admin), and an
 * invitation becomes active only by being accepted.
 */
export async function updateAccount({
  ctx,
  input,
}: ServiceArgs<AccountPatch & { account_uuid: string }>): Promise<AccountRow> {
  const target = await findSpaceAccount(ctx, input.account_uuid);
  const self = target.account_uuid === ctx.account.account_uuid;
  const errors: Record<string, string[]> = {};
  if (input.role_uuid !== undefined) {
    if (!(await roleExists(ctx, input.role_uuid))) errors.role_uuid = ["Select a valid role."];
    else if (self && input.role_uuid !== ROLE_UUID.admin) errors.role_uuid = ["You cannot change your own role."];
  }
  if (input.status === "disabled" && self) errors.status = ["You cannot disable your own account."];
  if (input.status === "active" && target.status === "invited") {
    errors.status = ["An invited account becomes active when the invitation is accepted."];
  }
  if (Object.keys(errors).length) throw new ApiError("validation_error", "There are validation errors.", errors);

  const change: Partial<typeof spaceAccountTable.$inferInsert> = {};
  if (input.role_uuid !== undefined) change.role_uuid = input.role_uuid;
  if (input.status !== undefined) change.status = input.status;
  if (input.status === "disabled") change.online = false;
  await ctx.db.batch([
    ctx.db
      .update(spaceAccountTable)
      .set(change)
      .where(inSpace(ctx, spaceAccountTable, eq(spaceAccountTable.account_uuid, target.account_uuid))),
    auditChange(ctx, {
      action: "account.update",
      entityType: "space_account",
      entityUuid: target.account_uuid,
      before: { role_uuid: target.role_uuid, status: target.status },
      after: change,
    }),
  ]);
  // The member's next request reads the new role or status (requireSpaceMember's cache).
  forgetCallers({ account_uuid: target.account_uuid });
  const roleChanged = change.role_uuid !== undefined && change.role_uuid !== target.role_uuid;
  const lostAccess = change.status !== undefined && change.status !== "active" && target.status === "active";
  if (roleChanged || lostAccess) {
    const reason = lostAccess ? "Your account in this space was disabled." : "Your role in this space changed.";
    await closeAccountSockets(ctx.env, ctx.space.space_uuid, target.account_uuid, reason).catch((error: unknown) =>
      console.error("closing the account's sockets failed", error),
    );
  }
  // The display links and API tokens this member created stop with their membership (their
  // upgrades are refused from now on): their open sockets go too.
  if (lostAccess) {
    await closeCreatedCredentialSockets(ctx.env, ctx.db, ctx.space.space_uuid, target.user_uuid).catch(
      (error: unknown) => console.error("closing the sockets of the account's credentials failed", error),
    );
  }
  const [row] = await accountRowsByUuid(ctx, [target.account_uuid]);
  return row;
}

/**
 * The one writer of an account's presence in a space (space_account.online/last_seen): the REST
 * login/logout below and the SpaceRoom when an account's first dashboard joins or its last leaves.
 */
export async function writeAccountPresence(db: Db, spaceUuid: string, accountUuid: string, online: boolean) {
  const [row] = await db
    .update(spaceAccountTable)
    .set({ online, last_seen: new Date().toISOString() })
    .where(and(eq(spaceAccountTable.space_uuid, spaceUuid), eq(spaceAccountTable.account_uuid, accountUuid)))
    .returning({
      account_uuid: spaceAccountTable.account_uuid,
      online: spaceAccountTable.online,
      last_seen: spaceAccountTable.last_seen,
    });
  return row;
}

/**
 * POST /space/{space}/account/login/ and /logout/: the caller reports their own presence in the
 * space (403 for anyone else's account). Stores online + last_seen and tells the space's
 * dashboards (accountOnline/accountOffline) after the reply.
 */
export async function setPresence({
  ctx,
  input,
  defer,
}: WriteArgs<{ account_uuid: string; online: boolean }>): Promise<PresenceReply> {
  if (input.account_uuid !== ctx.account.account_uuid) {
    throw new ApiError("forbidden", "You can only report the presence of your own account.");
  }
  const row = await writeAccountPresence(ctx.db, ctx.space.space_uuid, input.account_uuid, input.online);
  const space_uuid = ctx.space.space_uuid;
  defer(
    publishToSpace(ctx.env, space_uuid, {
      type: input.online ? "accountOnline" : "accountOffline",
      space_uuid,
      account_uuid: input.account_uuid,
    }).catch((error) => console.error("account presence publish failed", error)),
  );
  return row;
}
