import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { LifecycleReply, TokenCheck } from "../../contracts/accounts/lifecycle.ts";
import { ApiErrorBody } from "../../contracts/http/errors.ts";
import { ROLE_UUID } from "../../contracts/reference.ts";
import { CurrentUser } from "../../contracts/spaces/schema.ts";
import { refreshTokenTable, spaceAccountTable, userTable } from "../../drizzle/schema/index.ts";
import { app } from "../../worker/index.ts";
import {
  addMember,
  api,
  auditOf,
  db,
  errorsOf,
  makeUser,
  memberOf,
  ORIGIN,
  signIn,
  tokenRequest,
  uid,
} from "../factories.ts";
import { expireToken, makeUserWithoutPassword, onlyLinkFor, outboxFor, tokenRow } from "./account-helpers.ts";

const INVALID = "action expired or invalid token";
const accountOf = (accountUuid: string) =>
  db().select().from(spaceAccountTable).where(eq(spaceAccountTable.account_uuid, accountUuid)).get();
const userOf = (uuid: string) => db().select().from(userTable).where(eq(userTable.uuid, uuid)).get();

/** An Admin invites `email` through the API; returns the space and the mailed link. */
async function invite(email = `inv-${uid().slice(0, 8)}@outpost.test`, role: keyof typeof ROLE_UUID = "viewer") {
  const admin = await memberOf("admin");
  const res = await api(`/api/space/${admin.space.space_uuid}/account/add/`, {
    method: "POST",
    token: admin.token,
    json: { user_accounts: [{ email, role_uuid: ROLE_UUID[role] }] },
  });
  expect(res.status).toBe(201);
  return { admin, email, link: await onlyLinkFor(email) };
}

const check = (account: string, token: string) => api(`/api/space-account/${account}/token/${token}`);
const register = (account: string, json: unknown) =>
  api(`/api/space-account/${account}/account-registration/`, { method: "PATCH", json });
const joinSpace = (account: string, json: unknown) =>
  api(`/api/space-account/${account}/space-join/`, { method: "PATCH", json });
const mailRequest = (kind: "password-reset" | "password-update", email: unknown) =>
  api(`/api/account/${kind}/`, { method: "POST", json: { email } });
const setPassword = (kind: "update" | "reset", account: string, json: unknown) =>
  api(`/api/account/${account}/keycloak-password-${kind}/`, { method: "PATCH", json });

async function expectMessage(res: Response, status: number, message: string) {
  expect(res.status).toBe(status);
  expect(ApiErrorBody.parse(await res.json())).toMatchObject({ message });
}

/** The fields of /dev/mail.json read here (a developer page; its rows are the outbox table's). */
const DevMails = z.object({ mails: z.array(z.object({ to: z.string(), subject: z.string() })) });

describe("GET /api/space-account/{id}/token/{token}", () => {
  it("tells what a valid link is for", async () => {
    const { admin, email, link } = await invite();
    const res = await check(link.account, link.token);
    expect(res.status).toBe(200);
    expect(TokenCheck.parse(await res.json())).toEqual({
      email,
      display_name: email.split("@")[0],
      purpose: "registration",
      space_name: admin.space.space_name,
      account_status: "invited",
    });
  });

  it("answers 400 for a wrong, another account's or expired token and 404 for an unknown account", async () => {
    const { link } = await invite();
    const other = await invite();
    await expectMessage(await check(link.account, "not-the-token"), 400, INVALID);
    await expectMessage(await check(other.link.account, link.token), 400, INVALID);
    await expectMessage(await check(uid(), link.token), 404, "space-account not found");
    await expireToken(link.token);
    await expectMessage(await check(link.account, link.token), 400, INVALID);
  });
});

describe("PATCH /api/space-account/{id}/account-registration/", () => {
  it("sets the password and names, activates the membership and consumes the link (single use)", async () => {
    const { admin, email, link } = await invite();
    const body = { token: link.token, display_name: "new.person", full_name: "New Person", password: "s3cret-pass" };
    const res = await register(link.account, body);
    expect(res.status).toBe(200);
    expect(LifecycleReply.parse(await res.json()).email).toBe(email);

    const account = await accountOf(link.account);
    expect(account?.status).toBe("active");
    const user = await userOf(account?.user_uuid ?? "");
    expect(user).toMatchObject({ display_name: "new.person", full_name: "New Person" });
    expect(user?.password_hash).toMatch(/^pbkdf2-sha256\$/);
    expect((await tokenRow(link.token))?.used_at).not.toBeNull();
    const audit = await auditOf(link.account);
    expect(audit.map((a) => a.action)).toContain("account.register");

    // The new user signs in and sees the space.
    const tokens = await signIn(email, "s3cret-pass");
    const me = await api("/api/account/login/", { method: "POST", token: tokens.access_token, json: { email } });
    expect(CurrentUser.parse(await me.json())).toMatchObject({
      spaces: [{ space_uuid: admin.space.space_uuid }],
    });

    await expectMessage(await register(link.account, body), 400, INVALID);
    await expectMessage(await check(link.account, link.token), 400, INVALID);
  });

  it("answers field errors: short password, missing display name and token", async () => {
    const { link } = await invite();
    const res = await register(link.account, { password: "short", display_name: "  " });
    expect(res.status).toBe(400);
    expect(await errorsOf(res)).toEqual({
      token: ["Required"],
      display_name: ["Required"],
      password: ["Ensure this field has at least 8 characters."],
    });
    expect((await accountOf(link.account))?.status).toBe("invited");
    expect((await tokenRow(link.token))?.used_at).toBeNull();
  });

  it("refuses an expired link, a join link and a disabled invitation", async () => {
    const expired = await invite();
    await expireToken(expired.link.token);
    const body = (token: string) => ({ token, display_name: "x", password: "long-enough" });
    await expectMessage(await register(expired.link.account, body(expired.link.token)), 400, INVALID);
    expect((await accountOf(expired.link.account))?.status).toBe("invited");

    const existing = await makeUser();
    const joiner = await invite(existing.email);
    expect(joiner.link.page).toBe("/space-join");
    await expectMessage(await register(joiner.link.account, body(joiner.link.token)), 400, INVALID);

    const revoked = await invite();
    await db()
      .update(spaceAccountTable)
      .set({ status: "disabled" })
      .where(eq(spaceAccountTable.account_uuid, revoked.link.account));
    await expectMessage(await register(revoked.link.account, body(revoked.link.token)), 400, INVALID);
  });

  it("turns the user's other open registration links into join links", async () => {
    const email = `two-${uid().slice(0, 8)}@outpost.test`;
    const first = await invite(email);
    const second = await memberOf("admin");
    await api(`/api/space/${second.space.space_uuid}/account/add/`, {
      method: "POST",
      token: second.token,
      json: { user_accounts: [{ email, role_uuid: ROLE_UUID.viewer }] },
    });
    const [latest] = await outboxFor(email);
    const secondLink = new URL(/https?:\/\/\S+/.exec(latest.text)?.[0] ?? "");
    const res = await register(first.link.account, {
      token: first.link.token,
      display_name: "two",
      password: "long-enough",
    });
    expect(res.status).toBe(200);
    const account = secondLink.searchParams.get("account") ?? "";
    const token = secondLink.searchParams.get("token") ?? "";
    expect(TokenCheck.parse(await (await check(account, token)).json()).purpose).toBe("space_join");
    expect((await joinSpace(account, { token })).status).toBe(200);
    expect((await accountOf(account))?.status).toBe("active");
  });
});

describe("PATCH /api/space-account/{id}/space-join/", () => {
  it("activates an existing user's invitation once", async () => {
    const existing = await makeUser();
    const { link } = await invite(existing.email, "content_manager");
    expect(TokenCheck.parse(await (await check(link.account, link.token)).json()).purpose).toBe("space_join");
    const res = await joinSpace(link.account, { token: link.token });
    expect(res.status).toBe(200);
    expect(LifecycleReply.parse(await res.json()).message).toMatch(/^You joined /);
    expect((await accountOf(link.account))?.status).toBe("active");
    await expectMessage(await joinSpace(link.account, { token: link.token }), 400, INVALID);
  });

  it("refuses a registration link, an unknown account and a missing token", async () => {
    const { link } = await invite();
    await expectMessage(await joinSpace(link.account, { token: link.token }), 400, INVALID);
    await expectMessage(await joinSpace(uid(), { token: link.token }), 404, "space-account not found");
    expect(await errorsOf(await joinSpace(link.account, {}))).toEqual({ token: ["Required"] });
    expect((await accountOf(link.account))?.status).toBe("invited");
  });
});

describe("POST /api/account/password-reset/", () => {
  it("mails a single-use reset link to an active user", async () => {
    const { user, account } = await memberOf("viewer");
    const res = await mailRequest("password-reset", user.email.toUpperCase());
    expect(res.status).toBe(200);
    expect(LifecycleReply.parse(await res.json()).email).toBe(user.email);
    const link = await onlyLinkFor(user.email);
    expect(link).toMatchObject({ page: "/account-password-reset", account: account.account_uuid });
    expect(await tokenRow(link.token)).toMatchObject({
      purpose: "password_reset",
      user_uuid: user.uuid,
      used_at: null,
    });
  });

  it("answers a malformed address 400; every other address the same 200 (password-mail-enumeration.test.ts)", async () => {
    const bad = await mailRequest("password-reset", "nope");
    expect(bad.status).toBe(400);
    expect(await errorsOf(bad)).toEqual({ email: ["Enter a valid email address."] });

    const disabled = await makeUser();
    const space = (await memberOf("admin")).space;
    await addMember(space.space_uuid, disabled.uuid, "viewer", "disabled");
    expect((await mailRequest("password-reset", disabled.email)).status).toBe(200);
    expect(await outboxFor(disabled.email)).toHaveLength(0);

    const { user } = await memberOf("viewer");
    expect((await mailRequest("password-reset", user.email)).status).toBe(200);
    expect((await mailRequest("password-reset", user.email)).status).toBe(200);
    expect(await outboxFor(user.email)).toHaveLength(1);
  });

  it("mails a password-update link instead to an account not fully set up", async () => {
    const pending = await makeUserWithoutPassword();
    const space = (await memberOf("admin")).space;
    const account = await addMember(space.space_uuid, pending.uuid, "viewer", "invited");
    expect((await mailRequest("password-reset", pending.email)).status).toBe(200);
    const link = await onlyLinkFor(pending.email);
    expect(link).toMatchObject({ page: "/account-password-update", account: account.account_uuid });
    expect((await tokenRow(link.token))?.purpose).toBe("password_update");
    // Asking again does not send a second mail.
    expect((await mailRequest("password-reset", pending.email)).status).toBe(200);
    expect(await outboxFor(pending.email)).toHaveLength(1);
  });
});

describe("POST /api/account/password-update/", () => {
  it("mails an update link once; a second request while it is open mails nothing", async () => {
    const { user } = await memberOf("content_manager");
    expect((await mailRequest("password-update", user.email)).status).toBe(200);
    const link = await onlyLinkFor(user.email);
    expect(link.page).toBe("/account-password-update");
    expect((await mailRequest("password-update", user.email)).status).toBe(200);
    expect(await outboxFor(user.email)).toHaveLength(1);
    await expireToken(link.token);
    expect((await mailRequest("password-update", user.email)).status).toBe(200);
    expect(await outboxFor(user.email)).toHaveLength(2);
  });

  it("serves users who are not fully set up; unknown and non-active ones get the same reply, no mail", async () => {
    const pending = await makeUserWithoutPassword();
    const space = (await memberOf("admin")).space;
    await addMember(space.space_uuid, pending.uuid, "viewer", "invited");
    expect((await mailRequest("password-update", pending.email)).status).toBe(200);
    expect(await outboxFor(pending.email)).toHaveLength(1);
    const ghost = `ghost-${uid()}@outpost.test`;
    expect((await mailRequest("password-update", ghost)).status).toBe(200);
    expect(await outboxFor(ghost)).toHaveLength(0);
    const disabled = await makeUser();
    await addMember(space.space_uuid, disabled.uuid, "viewer", "disabled");
    expect((await mailRequest("password-update", disabled.email)).status).toBe(200);
    expect(await outboxFor(disabled.email)).toHaveLength(0);
    expect(await errorsOf(await mailRequest("password-update", ""))).toEqual({
      email: ["Enter a valid email address."],
    });
  });
});

describe("PATCH /api/account/{id}/keycloak-password-reset/ and -update/", () => {
  it("reset: sets the password, consumes the link and revokes every refresh token of the user", async () => {
    const { user, tokens } = await memberOf("viewer");
    const second = await signIn(user.email);
    await mailRequest("password-reset", user.email);
    const link = await onlyLinkFor(user.email);

    const res = await setPassword("reset", link.account, { token: link.token, password: "brand-new-pass" });
    expect(res.status).toBe(200);
    expect(LifecycleReply.parse(await res.json()).email).toBe(user.email);
    expect((await tokenRow(link.token))?.used_at).not.toBeNull();

    const families = await db()
      .select()
      .from(refreshTokenTable)
      .where(eq(refreshTokenTable.user_uuid, user.uuid))
      .all();
    expect(families.length).toBeGreaterThanOrEqual(2);
    expect(families.every((f) => f.revoked_at !== null)).toBe(true);
    for (const old of [tokens.refresh_token, second.refresh_token]) {
      const refresh = await tokenRequest({
        grant_type: "refresh_token",
        refresh_token: old,
        client_id: "outpost-console",
      });
      expect(refresh.status).toBe(400);
    }
    await expect(signIn(user.email)).rejects.toThrow();
    expect((await signIn(user.email, "brand-new-pass")).access_token).toBeTruthy();

    await expectMessage(
      await setPassword("reset", link.account, { token: link.token, password: "again-again" }),
      400,
      INVALID,
    );
  });

  it("refuses an expired link, a link of another purpose and a short password", async () => {
    const { user } = await memberOf("viewer");
    await mailRequest("password-reset", user.email);
    const link = await onlyLinkFor(user.email);
    const short = await setPassword("reset", link.account, { token: link.token, password: "1234567" });
    expect(await errorsOf(short)).toEqual({ password: ["Ensure this field has at least 8 characters."] });
    await expectMessage(
      await setPassword("update", link.account, { token: link.token, password: "long-enough" }),
      400,
      INVALID,
    );
    await expireToken(link.token);
    await expectMessage(
      await setPassword("reset", link.account, { token: link.token, password: "long-enough" }),
      400,
      INVALID,
    );
    expect((await tokenRow(link.token))?.used_at).toBeNull();
  });

  it("update: a user who was not fully set up sets a password and the invitation becomes active", async () => {
    const pending = await makeUserWithoutPassword();
    const space = (await memberOf("admin")).space;
    const account = await addMember(space.space_uuid, pending.uuid, "viewer", "invited");
    await mailRequest("password-update", pending.email);
    const link = await onlyLinkFor(pending.email);
    const res = await setPassword("update", link.account, { token: link.token, password: "finally-set" });
    expect(res.status).toBe(200);
    expect((await accountOf(account.account_uuid))?.status).toBe("active");
    expect((await signIn(pending.email, "finally-set")).access_token).toBeTruthy();
  });
});

describe("/dev/mail", () => {
  it("lists the outbox newest first with clickable links, as HTML and JSON", async () => {
    const { email, link } = await invite();
    const page = await api(`/dev/mail?to=${encodeURIComponent(email)}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("Content-Type")).toContain("text/html");
    const text = await page.text();
    expect(text).toContain(`<a href="${ORIGIN}/account-registration?account=${link.account}&amp;token=${link.token}">`);
    const json = DevMails.parse(await (await api(`/dev/mail.json?to=${encodeURIComponent(email)}`)).json());
    expect(json.mails).toHaveLength(1);
    expect(json.mails[0].to).toBe(email);
  });

  it("fails closed: without DEV_ROUTES it does not exist, even outside production", async () => {
    const status = async (path: string, vars: Record<string, string>) => {
      const ctx = createExecutionContext();
      // A fresh env object: getConfig caches the parsed config per env object.
      const res = await app.fetch(new Request(`${ORIGIN}${path}`), { ...env, ...vars }, ctx);
      await waitOnExecutionContext(ctx);
      return res.status;
    };
    for (const path of ["/dev/mail", "/dev/mail.json"]) {
      for (const ENVIRONMENT of ["development", "test", "production"]) {
        for (const DEV_ROUTES of ["", "0", "false", "yes"]) {
          // Production serves only with its issuer pinned (worker/config.ts productionConfigProblems).
          const vars = { ENVIRONMENT, DEV_ROUTES, ISSUER_URL: `${ORIGIN}/auth` };
          expect(await status(path, vars), `${path} ${ENVIRONMENT} ${DEV_ROUTES}`).toBe(404);
        }
      }
      for (const DEV_ROUTES of ["1", "true"]) {
        expect(await status(path, { ENVIRONMENT: "development", DEV_ROUTES }), `${path} ${DEV_ROUTES}`).toBe(200);
      }
    }
  });
});
