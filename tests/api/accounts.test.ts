import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { AccountList, AccountRow, InviteReply, PresenceReply } from "../../contracts/accounts/schema.ts";
import { ApiErrorBody } from "../../contracts/http/errors.ts";
import { ROLE_UUID } from "../../contracts/reference.ts";
import { actionTokenTable, auditLogTable, spaceAccountTable, userTable } from "../../drizzle/schema/index.ts";
import { sha256Hex } from "../../worker/lib/crypto.ts";
import { addMember, api, db, errorsOf, makeSpace, makeUser, memberOf, outsiderStatuses, uid } from "../factories.ts";
import { join, until } from "../ws.ts";
import { linkIn, onlyLinkFor, outboxFor, tokenRow } from "./account-helpers.ts";

const items = (space: string, query = "") => `/api/space/${space}/account/items/${query}`;
const accountOf = (accountUuid: string) =>
  db().select().from(spaceAccountTable).where(eq(spaceAccountTable.account_uuid, accountUuid)).get();
const userByEmail = (email: string) => db().select().from(userTable).where(eq(userTable.email, email)).get();

/** A space with an Admin and a mix of members: 2 admins (1 disabled), 1 online viewer, 1 invited. */
async function populatedSpace() {
  const admin = await memberOf("admin");
  const s = admin.space.space_uuid;
  const ada = await makeUser();
  await db().update(userTable).set({ display_name: "ada.lovelace" }).where(eq(userTable.uuid, ada.uuid));
  const viewer = await addMember(s, ada.uuid, "viewer");
  await db()
    .update(spaceAccountTable)
    .set({ online: true, last_seen: new Date().toISOString() })
    .where(eq(spaceAccountTable.account_uuid, viewer.account_uuid));
  const disabledAdmin = await addMember(s, (await makeUser()).uuid, "admin", "disabled");
  const invited = await addMember(s, (await makeUser()).uuid, "content_manager", "invited");
  return { admin, s, ada, viewer, disabledAdmin, invited };
}

describe("GET /api/space/{space}/account/items/", () => {
  it("lists the space's accounts with paging and a space-wide summary", async () => {
    const { admin, s, viewer } = await populatedSpace();
    await memberOf("admin"); // another space: never listed, never counted
    const res = await api(items(s), { token: admin.token });
    expect(res.status).toBe(200);
    const body = AccountList.parse(await res.json());
    expect(body.objects_count).toBe(4);
    expect(body.pages_count).toBe(1);
    expect(body.summary).toEqual({ total: 4, admins: 1, online: 1, disabled: 1 });
    const row = body.accounts.find((a) => a.account_uuid === viewer.account_uuid);
    expect(row).toMatchObject({
      display_name: "ada.lovelace",
      status: "active",
      online: true,
      roles: [{ uuid: ROLE_UUID.viewer, name: "Viewer" }],
    });
    expect(row?.last_seen).not.toBeNull();

    const paged = AccountList.parse(await (await api(items(s, "?page_size=3&page=2"), { token: admin.token })).json());
    expect(paged.accounts).toHaveLength(1);
    expect(paged).toMatchObject({ objects_count: 4, pages_count: 2 });
    expect(paged.summary.total).toBe(4);
    expect(paged.links.previous).toContain("page=1");
  });

  it("filters by search (e-mail or display name), status, online and role; the summary stays space-wide", async () => {
    const { admin, s, ada, viewer, disabledAdmin, invited } = await populatedSpace();
    const uuids = async (query: string) => {
      const res = await api(items(s, query), { token: admin.token });
      expect(res.status).toBe(200);
      const body = AccountList.parse(await res.json());
      expect(body.summary.total).toBe(4);
      return body.accounts.map((a) => a.account_uuid).sort();
    };
    expect(await uuids("?search=LOVELACE")).toEqual([viewer.account_uuid]);
    expect(await uuids(`?search=${ada.email.slice(0, 12)}`)).toEqual([viewer.account_uuid]);
    expect(await uuids("?status=disabled")).toEqual([disabledAdmin.account_uuid]);
    expect(await uuids("?status=invited")).toEqual([invited.account_uuid]);
    expect(await uuids("?online=true")).toEqual([viewer.account_uuid]);
    expect(await uuids("?online=false")).toHaveLength(3);
    expect(await uuids(`?role_uuid=${ROLE_UUID.admin}`)).toEqual(
      [admin.account.account_uuid, disabledAdmin.account_uuid].sort(),
    );
    expect(await uuids(`?role_uuid=${ROLE_UUID.admin}&status=active&tags=`)).toEqual([admin.account.account_uuid]);
    expect(await uuids("?search=nobody-at-all")).toEqual([]);
  });

  it("defaults to 10 per page", async () => {
    const { space, token } = await memberOf("viewer");
    for (let i = 0; i < 11; i++) await addMember(space.space_uuid, (await makeUser()).uuid, "viewer");
    const body = AccountList.parse(await (await api(items(space.space_uuid), { token })).json());
    expect(body.accounts).toHaveLength(10);
    expect(body).toMatchObject({ objects_count: 12, pages_count: 2 });
  });

  it("answers field errors for bad filters", async () => {
    const { space, token } = await memberOf("viewer");
    const res = await api(items(space.space_uuid, "?status=gone&online=maybe&page_size=x"), { token });
    expect(res.status).toBe(400);
    const errors = await errorsOf(res);
    expect(Object.keys(errors ?? {}).sort()).toEqual(["online", "page_size", "status"]);
    expect(errors?.status?.[0]).toMatch(/invited.*active.*disabled/);
    expect(errors?.page_size).toEqual(["A valid integer is required."]);
  });

  it("accepts the tags filter (console.md §3.10): accounts carry no tags, so a tag matches none", async () => {
    const { space, token } = await memberOf("admin");
    const all = await api(items(space.space_uuid, "?tags="), { token });
    expect(all.status).toBe(200);
    expect(AccountList.parse(await all.json()).objects_count).toBeGreaterThan(0);
    const tagged = await api(items(space.space_uuid, "?tags=vip,night-shift"), { token });
    expect(tagged.status).toBe(200);
    expect(AccountList.parse(await tagged.json())).toMatchObject({ objects_count: 0, accounts: [] });
    const exported = await api(`/api/space/${space.space_uuid}/account/items/export/?tags=vip`, { token });
    expect(exported.status).toBe(200);
  });

  it("needs a token (401) and membership of that space (403)", async () => {
    expect(await outsiderStatuses(items)).toEqual([401, 403]);
  });
});

describe("GET /api/space/{space}/account/items/export/", () => {
  it("exports all matching rows as CSV, or one page", async () => {
    const { admin, s, ada } = await populatedSpace();
    const res = await api(`/api/space/${s}/account/items/export/?export_format=csv&scope=all`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("text/csv");
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="accounts_export.csv"');
    const lines = (await res.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("#,Email,Display Name,Added on (UTC),Status,Role,Online,Last seen (UTC)");
    expect(lines).toHaveLength(5);
    expect(lines.some((l) => l.includes(ada.email) && l.includes("Viewer,Yes"))).toBe(true);

    const page = await api(`/api/space/${s}/account/items/export/?scope=page&page=2&page_size=3`, {
      token: admin.token,
    });
    const pageLines = (await page.text()).trim().split("\r\n");
    expect(pageLines).toHaveLength(2);
    expect(pageLines[1]).toMatch(/^4,/);

    const filtered = await api(`/api/space/${s}/account/items/export/?status=disabled`, { token: admin.token });
    expect((await filtered.text()).trim().split("\r\n")).toHaveLength(2);
  });

  it("exports an HTML table with every value escaped", async () => {
    const { space, token } = await memberOf("viewer");
    const evil = await makeUser();
    await db()
      .update(userTable)
      .set({ display_name: `<script>alert("x")</script>&co` })
      .where(eq(userTable.uuid, evil.uuid));
    await addMember(space.space_uuid, evil.uuid, "viewer");
    const res = await api(`/api/space/${space.space_uuid}/account/items/export/?export_format=html`, { token });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("text/html");
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="accounts_export.html"');
    const text = await res.text();
    expect(text).not.toContain("<script>");
    expect(text).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;co");
    expect(text).toContain("<th>Display Name</th>");
  });

  it("refuses bad formats and other spaces", async () => {
    const a = await memberOf("admin");
    const b = await memberOf("admin");
    const path = `/api/space/${a.space.space_uuid}/account/items/export/`;
    const bad = await api(`${path}?export_format=pdf`, { token: a.token });
    expect(bad.status).toBe(400);
    expect(Object.keys((await errorsOf(bad)) ?? {})).toEqual(["export_format"]);
    expect((await api(path, { token: b.token })).status).toBe(403);
    expect((await api(path)).status).toBe(401);
  });
});

describe("POST /api/space/{space}/account/add/", () => {
  const add = (space: string, token: string | undefined, user_accounts: unknown) =>
    api(`/api/space/${space}/account/add/`, { method: "POST", token, json: { user_accounts } });

  it("invites a new e-mail (registration link) and an existing user (space-join link), and audits", async () => {
    const { space, token, user: admin } = await memberOf("admin");
    const fresh = `Fresh.${uid().slice(0, 8)}@Outpost.test`;
    const existing = await makeUser();
    const res = await add(space.space_uuid, token, [
      { email: ` ${fresh} `, role_uuid: ROLE_UUID.viewer },
      { email: existing.email, role_uuid: ROLE_UUID.content_manager },
    ]);
    expect(res.status).toBe(201);
    const { accounts } = InviteReply.parse(await res.json());
    const email = fresh.toLowerCase();
    expect(accounts.map((a) => [a.email, a.status, a.roles[0].name])).toEqual([
      [email, "invited", "Viewer"],
      [existing.email, "invited", "Content Manager"],
    ]);

    // The new user has no password and a display name from the e-mail's local part.
    const created = await userByEmail(email);
    expect(created).toMatchObject({ password_hash: "", display_name: email.split("@")[0] });

    // One mail each; only the token's SHA-256 is stored, single-use and valid for 24 h.
    const reg = await onlyLinkFor(email);
    expect(reg.page).toBe("/account-registration");
    expect(reg.account).toBe(accounts[0].account_uuid);
    const regRow = await tokenRow(reg.token);
    expect(regRow).toMatchObject({ purpose: "registration", account_uuid: reg.account, used_at: null });
    expect(regRow?.token_hash).toBe(await sha256Hex(reg.token));
    const hours = (Date.parse(regRow?.expires_at ?? "") - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    const joinLink = await onlyLinkFor(existing.email);
    expect(joinLink.page).toBe("/space-join");
    expect((await tokenRow(joinLink.token))?.purpose).toBe("space_join");
    const [mail] = await outboxFor(existing.email);
    expect(mail.subject).toBe(`You are invited to ${space.space_name} on Outpost`);

    const audit = await db()
      .select()
      .from(auditLogTable)
      .where(and(eq(auditLogTable.space_uuid, space.space_uuid), eq(auditLogTable.action, "account.invite")))
      .all();
    expect(audit).toHaveLength(2);
    expect(audit[0].actor_user_uuid).toBe(admin.uuid);
  });

  it("re-invites an invited account: new role, new link, the old link dies", async () => {
    const { space, token } = await memberOf("admin");
    const email = `again-${uid().slice(0, 8)}@outpost.test`;
    await add(space.space_uuid, token, [{ email, role_uuid: ROLE_UUID.viewer }]);
    const first = await onlyLinkFor(email);
    const res = await add(space.space_uuid, token, [{ email, role_uuid: ROLE_UUID.admin }]);
    expect(res.status).toBe(201);
    const { accounts } = InviteReply.parse(await res.json());
    expect(accounts[0]).toMatchObject({ account_uuid: first.account, roles: [{ name: "Admin" }] });
    expect(await tokenRow(first.token)).toBeUndefined();
    const mails = await outboxFor(email);
    expect(mails).toHaveLength(2);
    const second = linkIn(mails[0]);
    expect(second.token).not.toBe(first.token);
    expect(await tokenRow(second.token)).toBeDefined();
    const memberships = await db()
      .select()
      .from(spaceAccountTable)
      .where(eq(spaceAccountTable.space_uuid, space.space_uuid))
      .all();
    expect(memberships).toHaveLength(2);
  });

  it("treats the same e-mail twice in one request as one invitation", async () => {
    const { space, token } = await memberOf("admin");
    const email = `twice-${uid().slice(0, 8)}@outpost.test`;
    const res = await add(space.space_uuid, token, [
      { email, role_uuid: ROLE_UUID.viewer },
      { email: email.toUpperCase(), role_uuid: ROLE_UUID.admin },
    ]);
    expect(res.status).toBe(201);
    expect(InviteReply.parse(await res.json()).accounts).toHaveLength(1);
    expect(await outboxFor(email)).toHaveLength(1);
  });

  it("answers per-entry field errors and stores nothing", async () => {
    const { space, token } = await memberOf("admin");
    const valid = `valid-${uid().slice(0, 8)}@outpost.test`;
    const bad = await add(space.space_uuid, token, [
      { email: valid, role_uuid: ROLE_UUID.viewer },
      { email: "not-an-email", role_uuid: ROLE_UUID.viewer },
      { role_uuid: ROLE_UUID.viewer },
    ]);
    expect(bad.status).toBe(400);
    // Errors of a list field come as a list aligned with its entries ({} = a valid entry).
    expect(await errorsOf(bad)).toEqual({
      user_accounts: [{}, { email: ["Enter a valid email address."] }, { email: ["Required"] }],
    });

    const member = await memberOf("viewer", space);
    const semantic = await add(space.space_uuid, token, [
      { email: valid, role_uuid: ROLE_UUID.viewer },
      { email: member.user.email, role_uuid: ROLE_UUID.viewer },
      { email: `other-${uid().slice(0, 8)}@outpost.test`, role_uuid: uid() },
    ]);
    expect(semantic.status).toBe(400);
    expect(await errorsOf(semantic)).toEqual({
      user_accounts: [
        {},
        { email: ["User is already a member of this space."] },
        { role_uuid: ["Select a valid role."] },
      ],
    });
    expect(await userByEmail(valid)).toBeUndefined();
    expect(await outboxFor(valid)).toHaveLength(0);

    const empty = await add(space.space_uuid, token, []);
    expect(await errorsOf(empty)).toEqual({ user_accounts: ["No users to invite"] });
  });

  it("refuses Viewers and Content Managers (403) and stores nothing", async () => {
    for (const role of ["viewer", "content_manager"] as const) {
      const { space, token } = await memberOf(role);
      const email = `nope-${uid().slice(0, 8)}@outpost.test`;
      const res = await add(space.space_uuid, token, [{ email, role_uuid: ROLE_UUID.viewer }]);
      expect(res.status).toBe(403);
      expect(await userByEmail(email)).toBeUndefined();
      expect(await outboxFor(email)).toHaveLength(0);
    }
  });

  it("needs a token (401) and an Admin of that space (403)", async () => {
    const a = await memberOf("admin");
    const b = await memberOf("admin");
    const entry = [{ email: `x-${uid().slice(0, 8)}@outpost.test`, role_uuid: ROLE_UUID.viewer }];
    expect((await add(a.space.space_uuid, undefined, entry)).status).toBe(401);
    expect((await add(a.space.space_uuid, b.token, entry)).status).toBe(403);
  });
});

describe("PATCH /api/space/{space}/account/{account_uuid}/", () => {
  const patch = (space: string, account: string, token: string, json: unknown) =>
    api(`/api/space/${space}/account/${account}/`, { method: "PATCH", token, json });

  it("lets an Admin change a role, disable and enable an account, and audits", async () => {
    const { space, token } = await memberOf("admin");
    const other = await memberOf("viewer", space);
    const id = other.account.account_uuid;
    const role = await patch(space.space_uuid, id, token, { role_uuid: ROLE_UUID.content_manager });
    expect(role.status).toBe(200);
    expect(AccountRow.parse(await role.json()).roles).toEqual([
      { uuid: ROLE_UUID.content_manager, name: "Content Manager" },
    ]);

    await db().update(spaceAccountTable).set({ online: true }).where(eq(spaceAccountTable.account_uuid, id));
    const disabled = await patch(space.space_uuid, id, token, { status: "disabled" });
    expect(AccountRow.parse(await disabled.json())).toMatchObject({ status: "disabled", online: false });
    // A disabled member loses access at once.
    expect((await api(`/api/space/${space.space_uuid}/`, { token: other.token })).status).toBe(403);

    const enabled = await patch(space.space_uuid, id, token, { status: "active" });
    expect(AccountRow.parse(await enabled.json()).status).toBe("active");
    const audit = await db().select().from(auditLogTable).where(eq(auditLogTable.entity_uuid, id)).all();
    expect(audit.map((a) => a.action)).toEqual(["account.update", "account.update", "account.update"]);
  });

  it("keeps an Admin from disabling or demoting themselves, and invitations from being activated", async () => {
    const { space, token, account } = await memberOf("admin");
    const self = await patch(space.space_uuid, account.account_uuid, token, {
      status: "disabled",
      role_uuid: ROLE_UUID.viewer,
    });
    expect(self.status).toBe(400);
    expect(await errorsOf(self)).toEqual({
      status: ["You cannot disable your own account."],
      role_uuid: ["You cannot change your own role."],
    });
    expect((await accountOf(account.account_uuid))?.status).toBe("active");

    const invited = await addMember(space.space_uuid, (await makeUser()).uuid, "viewer", "invited");
    const activate = await patch(space.space_uuid, invited.account_uuid, token, { status: "active" });
    expect(await errorsOf(activate)).toEqual({
      status: ["An invited account becomes active when the invitation is accepted."],
    });
    const badRole = await patch(space.space_uuid, invited.account_uuid, token, { role_uuid: uid() });
    expect(await errorsOf(badRole)).toEqual({ role_uuid: ["Select a valid role."] });
    const badStatus = await patch(space.space_uuid, invited.account_uuid, token, { status: "invited" });
    expect(Object.keys((await errorsOf(badStatus)) ?? {})).toEqual(["status"]);
    const empty = await patch(space.space_uuid, invited.account_uuid, token, {});
    expect(empty.status).toBe(400);
  });

  it("refuses Viewers and Content Managers (403); another space's account is not found (404)", async () => {
    const { space, token } = await memberOf("admin");
    const target = await memberOf("viewer", space);
    for (const role of ["viewer", "content_manager"] as const) {
      const caller = await memberOf(role, space);
      const res = await patch(space.space_uuid, target.account.account_uuid, caller.token, { status: "disabled" });
      expect(res.status).toBe(403);
    }
    expect((await accountOf(target.account.account_uuid))?.status).toBe("active");
    const foreign = await memberOf("viewer");
    const res = await patch(space.space_uuid, foreign.account.account_uuid, token, { status: "disabled" });
    expect(res.status).toBe(404);
    expect(ApiErrorBody.parse(await res.json())).toMatchObject({ message: "space-account not found" });
    expect((await accountOf(foreign.account.account_uuid))?.status).toBe("active");
  });
});

describe("POST /api/space/{space}/account/login/ and /logout/ (presence)", () => {
  it("sets the caller's online flag and last_seen and tells the space's dashboards", async () => {
    const watcher = await memberOf("admin");
    const s = watcher.space.space_uuid;
    const me = await memberOf("viewer", watcher.space);
    const dash = await join(`/parties/space/${s}`, watcher.token);
    await until(() => dash.messages.some((m) => m.type === "welcome"));

    const login = await api(`/api/space/${s}/account/login/`, {
      method: "POST",
      token: me.token,
      json: { account_uuid: me.account.account_uuid },
    });
    expect(login.status).toBe(200);
    expect(PresenceReply.parse(await login.json())).toMatchObject({
      account_uuid: me.account.account_uuid,
      online: true,
    });
    expect(await accountOf(me.account.account_uuid)).toMatchObject({ online: true });
    const isAbout = (type: string) => (m: { type: string }) =>
      m.type === type && "account_uuid" in m && m.account_uuid === me.account.account_uuid;
    await until(() => dash.messages.some(isAbout("accountOnline")));
    const list = AccountList.parse(await (await api(items(s, "?online=true"), { token: watcher.token })).json());
    expect(list.accounts.map((a) => a.account_uuid)).toContain(me.account.account_uuid);

    const logout = await api(`/api/space/${s}/account/logout/`, {
      method: "POST",
      token: me.token,
      json: { account_uuid: me.account.account_uuid },
    });
    expect(PresenceReply.parse(await logout.json()).online).toBe(false);
    expect((await accountOf(me.account.account_uuid))?.last_seen).not.toBeNull();
    await until(() => dash.messages.some(isAbout("accountOffline")));
    dash.ws?.close();
  });

  it("refuses someone else's account_uuid (403), a missing one (400) and no token (401)", async () => {
    const a = await memberOf("admin");
    const other = await memberOf("viewer", a.space);
    const path = `/api/space/${a.space.space_uuid}/account/login/`;
    const res = await api(path, { method: "POST", token: a.token, json: { account_uuid: other.account.account_uuid } });
    expect(res.status).toBe(403);
    expect((await accountOf(other.account.account_uuid))?.online).toBe(false);
    expect(await errorsOf(await api(path, { method: "POST", token: a.token, json: {} }))).toEqual({
      account_uuid: ["Required"],
    });
    expect((await api(path, { method: "POST", json: { account_uuid: a.account.account_uuid } })).status).toBe(401);
  });

  it("the space room writes a dashboard's presence through to D1", async () => {
    const a = await memberOf("viewer");
    const dash = await join(`/parties/space/${a.space.space_uuid}`, a.token);
    await until(() => dash.messages.some((m) => m.type === "welcome"));
    const stored = async () => accountOf(a.account.account_uuid);
    const deadline = Date.now() + 3000;
    while (!(await stored())?.online && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(await stored()).toMatchObject({ online: true });
    dash.ws?.close();
    const closeDeadline = Date.now() + 3000;
    while ((await stored())?.online && Date.now() < closeDeadline) await new Promise((r) => setTimeout(r, 20));
    expect((await stored())?.online).toBe(false);
  });
});

describe("invitations across spaces", () => {
  it("a user invited to two spaces keeps one user row", async () => {
    const a = await memberOf("admin");
    const b = await memberOf("admin");
    const email = `multi-${uid().slice(0, 8)}@outpost.test`;
    for (const who of [a, b]) {
      const res = await api(`/api/space/${who.space.space_uuid}/account/add/`, {
        method: "POST",
        token: who.token,
        json: { user_accounts: [{ email, role_uuid: ROLE_UUID.viewer }] },
      });
      expect(res.status).toBe(201);
    }
    const users = await db().select().from(userTable).where(eq(userTable.email, email)).all();
    expect(users).toHaveLength(1);
    const tokens = await db()
      .select()
      .from(actionTokenTable)
      .where(eq(actionTokenTable.user_uuid, users[0].uuid))
      .all();
    expect(tokens.map((t) => t.purpose)).toEqual(["registration", "registration"]);
    await makeSpace(); // unrelated spaces do not matter
  });
});
