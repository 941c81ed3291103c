import { and, asc, eq, isNull } from "drizzle-orm";
import type { LifecycleReply, PasswordMailInput, PasswordSetInput } from "../../../contracts/accounts/lifecycle.ts";
import { ACCOUNT_MESSAGES } from "../../../contracts/accounts/schema.ts";
import { refreshTokenTable } from "../../../drizzle/schema/auth.ts";
import { spaceAccountTable } from "../../../drizzle/schema/space-account.ts";
import { userTable } from "../../../drizzle/schema/user.ts";
import { hashPassword } from "../../auth/password.ts";
import {
  clearSignInFailures,
  recordSignInFailure,
  signInKeys,
  signInLockedMinutes,
  tooManyAttempts,
} from "../../auth/throttle.ts";
import { ApiError } from "../../lib/errors.ts";
import { forgetCallers } from "../access/caller-cache.ts";
import { deliverMail, outboxInsert } from "../kernel/mail.ts";
import { claimActionToken, newActionToken, openTokenOf } from "./action-tokens.ts";
import { type Deps, lifecycleAudit, linkedAccount } from "./lifecycle.ts";
import { actionLink, passwordMail } from "./mails.ts";

const nowIso = () => new Date().toISOString();

/**
 * The sign-in throttle (auth/throttle.ts) guards the password links too: while the account, or
 * the account from this address, is locked the call is refused with 429 like a sign-in.
 */
async function passwordThrottle(deps: Deps, email: string, address: string) {
  const keys = await signInKeys(email, address);
  const minutes = await signInLockedMinutes(deps.db, keys);
  if (minutes > 0) {
    throw new ApiError("too_many_requests", tooManyAttempts(minutes), undefined, {
      "Retry-After": String(minutes * 60),
    });
  }
  return keys;
}

/**
 * PATCH /account/{id}/keycloak-password-reset/ and …-update/: sets the password from a link,
 * consumes it and revokes every refresh-token family of the user (all sessions end). An update
 * link of an invited account (not fully set up) also activates it: the e-mail is proven.
 * A wrong (or used, expired) token counts as a failed sign-in of the account from this address;
 * a password set clears the counters.
 */
export async function setPasswordFromLink({
  deps,
  input,
}: {
  deps: Deps;
  input: PasswordSetInput & { account_uuid: string; purpose: "password_reset" | "password_update"; address: string };
}): Promise<LifecycleReply> {
  const linked = await linkedAccount(deps, input.account_uuid);
  const keys = await passwordThrottle(deps, linked.user.email, input.address);
  const password_hash = await hashPassword(input.password);
  const claim = { accountUuid: input.account_uuid, token: input.token, purposes: [input.purpose] };
  await claimActionToken(deps.db, claim).catch(async (error: unknown) => {
    await recordSignInFailure(deps.db, keys);
    throw error;
  });
  const activate = input.purpose === "password_update" && linked.account.status === "invited";
  await deps.db.batch([
    deps.db.update(userTable).set({ password_hash }).where(eq(userTable.uuid, linked.user.uuid)),
    deps.db
      .update(refreshTokenTable)
      .set({ revoked_at: nowIso() })
      .where(and(eq(refreshTokenTable.user_uuid, linked.user.uuid), isNull(refreshTokenTable.revoked_at))),
    deps.db
      .update(spaceAccountTable)
      .set({ status: activate ? "active" : linked.account.status })
      .where(eq(spaceAccountTable.account_uuid, input.account_uuid)),
    lifecycleAudit(
      deps,
      linked,
      input.purpose === "password_reset" ? "account.password_reset" : "account.password_update",
      {
        activated: activate,
      },
    ),
  ]);
  forgetCallers({ user_uuid: linked.user.uuid });
  await clearSignInFailures(deps.db, keys);
  return { message: "Your password has been set. You can sign in now.", email: linked.user.email };
}

/** Creates the link, writes the mail to the outbox (one batch), then sends it. */
async function mailLink(
  deps: Deps,
  to: { user_uuid: string; email: string; account_uuid: string; space_uuid: string },
  purpose: "password_reset" | "password_update",
  origin: string,
) {
  const { token, query } = await newActionToken(deps.db, {
    purpose,
    userUuid: to.user_uuid,
    accountUuid: to.account_uuid,
    spaceUuid: to.space_uuid,
  });
  const mail = passwordMail({ to: to.email, purpose, link: actionLink(origin, purpose, to.account_uuid, token) });
  const outbox = await outboxInsert(deps.db, deps.env, mail);
  await deps.db.batch([query, outbox.query]);
  await deliverMail(deps, [{ uuid: outbox.uuid, ...mail }]);
}

/**
 * The one answer of a password-link request, whoever the address belongs to: its status and body
 * do not tell an active account from a non-active one, from an unknown address, or from one whose
 * link is still open.
 */
const linkRequested = (email: string): LifecycleReply => ({ message: ACCOUNT_MESSAGES.passwordLinkRequested, email });

/**
 * POST /account/password-reset/ and /account/password-update/ (console.md §7.7): always 200 with
 * the same reply (a malformed address is still 400). The link is mailed only to a user who may
 * set a password: an active member with no open link of the same purpose, or an invited one with
 * no password yet (an update link: the spec's "Account is not fully set up" flow). Unknown
 * addresses, non-active accounts and open links get no mail; the spec's 404/405/400 answers of
 * these calls told them apart, so they are no longer sent here.
 */
export async function requestPasswordMail({
  deps,
  input,
}: {
  deps: Deps;
  input: PasswordMailInput & { purpose: "password_reset" | "password_update"; origin: string };
}): Promise<LifecycleReply> {
  const reply = linkRequested(input.email);
  const user = await deps.db.select().from(userTable).where(eq(userTable.email, input.email)).get();
  if (!user) return reply;
  const memberships = await deps.db
    .select()
    .from(spaceAccountTable)
    .where(eq(spaceAccountTable.user_uuid, user.uuid))
    .orderBy(asc(spaceAccountTable.created_at), asc(spaceAccountTable.account_uuid));
  const recipient = (m: (typeof memberships)[number]) => ({
    user_uuid: user.uuid,
    email: user.email,
    account_uuid: m.account_uuid,
    space_uuid: m.space_uuid,
  });

  if (!user.password_hash) {
    const target = memberships.find((m) => m.status === "active") ?? memberships.find((m) => m.status === "invited");
    if (target && !(await openTokenOf(deps.db, user.uuid, "password_update"))) {
      await mailLink(deps, recipient(target), "password_update", input.origin);
    }
    return reply;
  }
  const active = memberships.find((m) => m.status === "active");
  if (active && !(await openTokenOf(deps.db, user.uuid, input.purpose))) {
    await mailLink(deps, recipient(active), input.purpose, input.origin);
  }
  return reply;
}
