import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ApiErrorBody } from "../../contracts/http/errors.ts";
import { CurrentUser, RoleList, Space } from "../../contracts/spaces/schema.ts";
import { spaceTable } from "../../drizzle/schema/index.ts";
import { addMember, api, auditOf, db, makeSpace, makeUser, memberOf, signIn } from "../factories.ts";

describe("POST /api/account/login/", () => {
  it("returns the user with the spaces they are an active member of", async () => {
    const { user, space, account, token } = await memberOf("viewer");
    const other = await makeSpace({ space_name: "Zeta" });
    await addMember(other.space_uuid, user.uuid, "admin", "disabled");
    const res = await api("/api/account/login/", { method: "POST", token, json: { email: user.email } });
    expect(res.status).toBe(200);
    const me = CurrentUser.parse(await res.json());
    expect(me.email).toBe(user.email);
    expect(me.spaces).toEqual([
      {
        space_uuid: space.space_uuid,
        space_name: space.space_name,
        space_type: space.space_type,
        space_datacenter: space.space_datacenter,
        account_uuid: account.account_uuid,
      },
    ]);
  });

  it("validates the e-mail and refuses someone else's", async () => {
    const { token } = await memberOf("viewer");
    const bad = await api("/api/account/login", { method: "POST", token, json: { email: "not-an-email" } });
    expect(bad.status).toBe(400);
    expect(ApiErrorBody.parse(await bad.json())).toMatchObject({ errors: { email: ["Enter a valid email address."] } });
    const missing = await api("/api/account/login/", { method: "POST", token, json: {} });
    expect(ApiErrorBody.parse(await missing.json())).toMatchObject({ errors: { email: ["Required"] } });
    const other = await api("/api/account/login/", { method: "POST", token, json: { email: "x@outpost.test" } });
    expect(other.status).toBe(403);
  });

  it("needs a token", async () => {
    const res = await api("/api/account/login/", { method: "POST", json: { email: "a@b.co" } });
    expect(res.status).toBe(401);
  });
});

describe("GET /api/space/{space}/", () => {
  it("returns timezone, custom-field settings and the caller's role, with or without the trailing slash", async () => {
    const { space, token } = await memberOf("content_manager");
    for (const path of [`/api/space/${space.space_uuid}/`, `/api/space/${space.space_uuid}`]) {
      const res = await api(path, { token });
      expect(res.status).toBe(200);
      const body = Space.parse(await res.json());
      expect(body.timezone).toBe("Europe/Zagreb");
      expect(body.location_custom_8_enabled).toBe(false);
      expect(body.role).toMatchObject({ name: "Content Manager", code: "content_manager" });
    }
  });

  it("refuses members of another space, invited and disabled members, and bad ids", async () => {
    const a = await memberOf("admin");
    const b = await memberOf("admin");
    expect((await api(`/api/space/${b.space.space_uuid}/`, { token: a.token })).status).toBe(403);
    expect((await api(`/api/space/${b.space.space_uuid}/role/items/`, { token: a.token })).status).toBe(403);
    for (const status of ["invited", "disabled"] as const) {
      const user = await makeUser();
      await addMember(a.space.space_uuid, user.uuid, "admin", status);
      const { access_token } = await signIn(user.email);
      expect((await api(`/api/space/${a.space.space_uuid}/`, { token: access_token })).status).toBe(403);
    }
    expect((await api("/api/space/not-a-uuid/", { token: a.token })).status).toBe(404);
  });
});

describe("GET /api/space/{space}/role/items/", () => {
  it("lists Admin, Content Manager and Viewer", async () => {
    const { space, token } = await memberOf("viewer");
    const res = await api(`/api/space/${space.space_uuid}/role/items/`, { token });
    const { roles } = RoleList.parse(await res.json());
    expect(roles.map((r) => r.name)).toEqual(["Admin", "Content Manager", "Viewer"]);
  });
});

describe("PATCH /api/space/{space}/ (custom-field settings)", () => {
  const body = {
    location_custom_1_alias: "Store code (req unq)",
    location_custom_1_enabled: true,
    location_custom_1_required: true,
    location_custom_1_unique: true,
  };

  it("lets an Admin change settings, stores them and audits the change", async () => {
    const { space, token, user } = await memberOf("admin");
    const res = await api(`/api/space/${space.space_uuid}/`, { method: "PATCH", token, json: body });
    expect(res.status).toBe(200);
    expect(Space.parse(await res.json())).toMatchObject(body);
    const stored = await db().select().from(spaceTable).where(eq(spaceTable.space_uuid, space.space_uuid)).get();
    expect(stored?.location_custom_1_alias).toBe("Store code (req unq)");
    const audit = await auditOf(space.space_uuid);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "space.update", actor_user_uuid: user.uuid });
  });

  it("refuses Viewers and Content Managers (403) and changes nothing", async () => {
    for (const role of ["viewer", "content_manager"] as const) {
      const { space, token } = await memberOf(role);
      const res = await api(`/api/space/${space.space_uuid}/`, { method: "PATCH", token, json: body });
      expect(res.status).toBe(403);
      const stored = await db().select().from(spaceTable).where(eq(spaceTable.space_uuid, space.space_uuid)).get();
      expect(stored?.location_custom_1_enabled).toBe(false);
    }
  });

  it("answers field errors: too long alias, unique without required, unknown keys", async () => {
    const { space, token } = await memberOf("admin");
    const path = `/api/space/${space.space_uuid}/`;
    const long = await api(path, { method: "PATCH", token, json: { location_custom_2_alias: "x".repeat(257) } });
    expect(long.status).toBe(400);
    expect(ApiErrorBody.parse(await long.json())).toMatchObject({
      errors: { location_custom_2_alias: ["Ensure this field has no more than 256 characters."] },
    });
    const unique = await api(path, {
      method: "PATCH",
      token,
      json: { location_custom_3_alias: "A", location_custom_3_unique: true },
    });
    expect(ApiErrorBody.parse(await unique.json())).toMatchObject({
      errors: { location_custom_3_unique: ["A unique field must also be required."] },
    });
    const unknown = await api(path, { method: "PATCH", token, json: { space_name: "hijack" } });
    expect(unknown.status).toBe(400);
  });
});
