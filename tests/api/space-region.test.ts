import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ApiErrorBody } from "../../contracts/http/errors.ts";
import { AdminSpace, AdminSpaceList, REGION_TEXTS } from "../../contracts/regions/schema.ts";
import { CurrentUser } from "../../contracts/spaces/schema.ts";
import { auditLogTable, spaceTable } from "../../drizzle/schema/index.ts";
import { spaceRegion } from "../../worker/services/kernel/placement.ts";
import { api, db, makeDevice, makeLocation, makeSpace, makeUser, memberOf, signIn } from "../factories.ts";

/* A super admin sets where a space's rooms are placed (space_datacenter). */

async function superAdmin() {
  const user = await makeUser({ super_admin: true });
  return { user, token: (await signIn(user.email)).access_token };
}

const setRegion = (space: string, token: string, json: unknown) =>
  api(`/api/admin/space/${space}/region/`, { method: "PATCH", token, json });

describe("PATCH /api/admin/space/{id}/region/", () => {
  it("a super admin (member or not) sets a region; it is audited, shown to members and used for new rooms", async () => {
    const { token } = await superAdmin();
    const member = await memberOf("admin");
    const space = member.space.space_uuid;
    await makeLocation(space);

    const res = await setRegion(space, token, { space_datacenter: "weur" });
    expect(res.status).toBe(200);
    expect(AdminSpace.parse(await res.json())).toMatchObject({
      space_uuid: space,
      space_datacenter: "weur",
      locations_count: 1,
      devices_count: 0,
    });
    const row = await db().select().from(spaceTable).where(eq(spaceTable.space_uuid, space)).get();
    expect(row?.space_datacenter).toBe("weur");
    const audit = await db().select().from(auditLogTable).where(eq(auditLogTable.entity_uuid, space)).all();
    expect(audit.find((a) => a.action === "space.region")).toMatchObject({
      space_uuid: space,
      before: { space_datacenter: "local" },
      after: { space_datacenter: "weur" },
    });
    // The region rooms are placed by (this isolate at once).
    expect(await spaceRegion(env, space)).toBe("weur");

    // Members see it in their space list (the switcher) and on the space.
    const me = await api("/api/account/login/", {
      method: "POST",
      token: member.token,
      json: { email: member.user.email },
    });
    expect(CurrentUser.parse(await me.json()).spaces[0]?.space_datacenter).toBe("weur");
    const got = (await (await api(`/api/space/${space}/`, { token: member.token })).json()) as {
      space_datacenter: string;
    };
    expect(got.space_datacenter).toBe("weur");

    // Moving between hints is allowed with rooms (only new rooms use it).
    expect((await setRegion(space, token, { space_datacenter: "apac" })).status).toBe(200);
    expect((await setRegion(space, token, { space_datacenter: "local" })).status).toBe(200);
  });

  it("refuses everyone but a super admin: space Admins, system developers, no token", async () => {
    const { space, token: adminToken } = await memberOf("admin");
    const dev = await makeUser({ sys_dev: true });
    const devToken = (await signIn(dev.email)).access_token;
    for (const token of [adminToken, devToken]) {
      const res = await setRegion(space.space_uuid, token, { space_datacenter: "weur" });
      expect(res.status).toBe(403);
      expect(ApiErrorBody.parse(await res.json()).message).toBe(REGION_TEXTS.forbidden);
      expect((await api("/api/admin/space/items/", { token })).status).toBe(403);
    }
    expect((await api(`/api/admin/space/${space.space_uuid}/region/`, { method: "PATCH" })).status).toBe(401);
    const row = await db().select().from(spaceTable).where(eq(spaceTable.space_uuid, space.space_uuid)).get();
    expect(row?.space_datacenter).toBe("local");
  });

  it("validates the region and the space", async () => {
    const { token } = await superAdmin();
    const space = await makeSpace();
    for (const bad of [{ space_datacenter: "mars" }, { space_datacenter: 3 }, {}, { space_datacenter: "weur", x: 1 }]) {
      const res = await setRegion(space.space_uuid, token, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    const unknown = await setRegion(space.space_uuid, token, { space_datacenter: "mars" });
    expect(ApiErrorBody.parse(await unknown.json()).errors?.space_datacenter?.[0]).toMatch(
      /^Choose one of: local, wnam/,
    );
    const missing = await setRegion(crypto.randomUUID(), token, { space_datacenter: "weur" });
    expect(missing.status).toBe(404);
    expect((await setRegion("not-a-uuid", token, { space_datacenter: "weur" })).status).toBe(400);
  });

  it("the EU jurisdiction is set or removed only while the space has no locations and no devices", async () => {
    const { token } = await superAdmin();
    const empty = await makeSpace();
    expect((await setRegion(empty.space_uuid, token, { space_datacenter: "eu" })).status).toBe(200);
    expect((await setRegion(empty.space_uuid, token, { space_datacenter: "weur" })).status).toBe(200);

    const withDevice = await makeSpace();
    await makeDevice(withDevice.space_uuid);
    const refused = await setRegion(withDevice.space_uuid, token, { space_datacenter: "eu" });
    expect(refused.status).toBe(409);
    expect(ApiErrorBody.parse(await refused.json()).message).toBe(REGION_TEXTS.jurisdictionLocked);

    const euWithLocation = await makeSpace({ space_datacenter: "eu" });
    await makeLocation(euWithLocation.space_uuid);
    expect((await setRegion(euWithLocation.space_uuid, token, { space_datacenter: "local" })).status).toBe(409);
    // Unchanged is fine.
    expect((await setRegion(euWithLocation.space_uuid, token, { space_datacenter: "eu" })).status).toBe(200);
  });
});

describe("GET /api/admin/space/items/", () => {
  it("lists every space with its region and counts, by name", async () => {
    const { token } = await superAdmin();
    const space = await makeSpace({ space_name: "Aaaa region list", space_datacenter: "enam" });
    await makeDevice(space.space_uuid);
    await makeDevice(space.space_uuid);
    await makeLocation(space.space_uuid);
    const res = await api("/api/admin/space/items/", { token });
    expect(res.status).toBe(200);
    const { spaces } = AdminSpaceList.parse(await res.json());
    expect(spaces.find((s) => s.space_uuid === space.space_uuid)).toEqual({
      space_uuid: space.space_uuid,
      space_name: "Aaaa region list",
      space_type: "organization",
      space_datacenter: "enam",
      locations_count: 1,
      devices_count: 2,
    });
    const names = spaces.map((s) => s.space_name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });
});
