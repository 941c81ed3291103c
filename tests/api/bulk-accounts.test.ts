import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { AccountBulkReply } from "../../contracts/bulk/schema.ts";
import { ROLE_UUID } from "../../contracts/reference.ts";
import { auditLogTable, spaceAccountTable } from "../../drizzle/schema/index.ts";
import { api, db, memberOf, uid } from "../factories.ts";

const bulk = (space: string, token: string, json: object) =>
  api(`/api/space/${space}/accounts/bulk/`, { method: "POST", token, json });

const accountOf = (space: string, account: string) =>
  db()
    .select()
    .from(spaceAccountTable)
    .where(and(eq(spaceAccountTable.space_uuid, space), eq(spaceAccountTable.account_uuid, account)))
    .get();

const auditsOf = (account: string) =>
  db().select().from(auditLogTable).where(eq(auditLogTable.entity_uuid, account)).all();

describe("POST /space/{space}/accounts/bulk/", () => {
  it("changes the role of the selected accounts, one audit entry each; the Admin's own row fails alone", async () => {
    const admin = await memberOf("admin");
    const space = admin.space.space_uuid;
    const a = await memberOf("viewer", admin.space);
    const b = await memberOf("viewer", admin.space);
    const res = await bulk(space, admin.token, {
      action: "set_role",
      role_uuid: ROLE_UUID.content_manager,
      account_uuids: [a.account.account_uuid, b.account.account_uuid, admin.account.account_uuid],
    });
    expect(res.status).toBe(200);
    const reply = AccountBulkReply.parse(await res.json());
    expect(reply.results).toEqual([
      { account_uuid: a.account.account_uuid, outcome: "succeeded" },
      { account_uuid: b.account.account_uuid, outcome: "succeeded" },
      {
        account_uuid: admin.account.account_uuid,
        outcome: "failed",
        code: "validation_error",
        message: "You cannot change your own role.",
      },
    ]);
    for (const m of [a, b]) {
      expect((await accountOf(space, m.account.account_uuid))?.role_uuid).toBe(ROLE_UUID.content_manager);
      expect((await auditsOf(m.account.account_uuid)).map((e) => e.action)).toEqual(["account.update"]);
    }
    expect((await accountOf(space, admin.account.account_uuid))?.role_uuid).toBe(ROLE_UUID.admin);
  });

  it("disables the selected accounts (not the caller's own); other spaces' accounts are not found", async () => {
    const admin = await memberOf("admin");
    const space = admin.space.space_uuid;
    const a = await memberOf("content_manager", admin.space);
    const stranger = await memberOf("viewer");
    const missing = uid();
    const res = await bulk(space, admin.token, {
      action: "disable",
      account_uuids: [a.account.account_uuid, admin.account.account_uuid, stranger.account.account_uuid, missing],
    });
    const reply = AccountBulkReply.parse(await res.json());
    const outcome = new Map(reply.results.map((r) => [r.account_uuid, r]));
    expect(outcome.get(a.account.account_uuid)?.outcome).toBe("succeeded");
    expect(outcome.get(admin.account.account_uuid)).toMatchObject({
      outcome: "failed",
      message: "You cannot disable your own account.",
    });
    expect(outcome.get(stranger.account.account_uuid)).toMatchObject({ outcome: "failed", code: "not_found" });
    expect(outcome.get(missing)).toMatchObject({ outcome: "failed", code: "not_found" });
    expect((await accountOf(space, a.account.account_uuid))?.status).toBe("disabled");
    expect((await accountOf(stranger.space.space_uuid, stranger.account.account_uuid))?.status).toBe("active");
    // The disabled member loses access at once.
    expect((await api(`/api/space/${space}/`, { token: a.token })).status).toBe(403);
  });

  it("is for Admins only, and validates the body", async () => {
    const admin = await memberOf("admin");
    const space = admin.space.space_uuid;
    const manager = await memberOf("content_manager", admin.space);
    const viewer = await memberOf("viewer", admin.space);
    const json = { action: "disable", account_uuids: [viewer.account.account_uuid] };
    expect((await bulk(space, manager.token, json)).status).toBe(403);
    expect((await bulk(space, viewer.token, json)).status).toBe(403);
    expect((await bulk(space, (await memberOf("admin")).token, json)).status).toBe(403);
    expect((await accountOf(space, viewer.account.account_uuid))?.status).toBe("active");
    const bad: [object, string][] = [
      [{ action: "set_role", account_uuids: [viewer.account.account_uuid] }, "role_uuid"],
      [{ action: "promote", account_uuids: [viewer.account.account_uuid] }, "action"],
      [{ action: "disable", account_uuids: [] }, "account_uuids"],
    ];
    for (const [body, field] of bad) {
      const res = await bulk(space, admin.token, body);
      expect(res.status).toBe(400);
      expect(Object.keys(((await res.json()) as { errors: object }).errors)).toContain(field);
    }
    const badRole = await bulk(space, admin.token, {
      action: "set_role",
      role_uuid: "nope",
      account_uuids: [viewer.account.account_uuid],
    });
    expect(AccountBulkReply.parse(await badRole.json()).results[0]).toMatchObject({
      outcome: "failed",
      message: "Select a valid role.",
    });
  });
});
