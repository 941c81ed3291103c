import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { ROLE_UUID } from "../../contracts/reference.ts";
import { spaceAccountTable, spaceTable } from "../../drizzle/schema/index.ts";
import { resetSigningKeyCache } from "../../worker/auth/keys.ts";
import { authRuns } from "../../worker/middleware/auth.ts";
import { callerReads, forgetAllCallers } from "../../worker/services/access/caller-cache.ts";
import { forgetSpaceRegion } from "../../worker/services/kernel/placement.ts";
import { api, db, makeDevice, memberOf } from "../factories.ts";
import { join } from "../ws.ts";

/** How many times the request was authenticated. */
async function authRunsOf(path: string, init: Parameters<typeof api>[1]) {
  authRuns.count = 0;
  const res = await api(path, init);
  return { status: res.status, runs: authRuns.count };
}

afterEach(() => forgetAllCallers());

describe("authentication runs once per request", () => {
  it("on the space itself (with and without the slash), its routes and the routes without a space", async () => {
    const { space, token, user } = await memberOf("viewer");
    const s = space.space_uuid;
    await makeDevice(s);
    for (const path of [`/api/space/${s}/`, `/api/space/${s}`, `/api/space/${s}/device/items/`]) {
      expect(await authRunsOf(path, { token }), path).toEqual({ status: 200, runs: 1 });
    }
    const login = { method: "POST", token, json: { email: user.email } };
    expect(await authRunsOf("/api/account/login/", login), "account login").toEqual({ status: 200, runs: 1 });
    expect(await authRunsOf(`/api/space/${s}/`, {}), "no token").toEqual({ status: 401, runs: 1 });
    expect(await authRunsOf("/api/space/not-a-uuid/", { token }), "bad space").toEqual({ status: 404, runs: 1 });
  });
});

describe("the caller cache (user + membership, a few seconds per isolate)", () => {
  const patchSpace = (s: string, token: string) => api(`/api/space/${s}/`, { method: "PATCH", token, json: {} });

  it("keeps a member's role for a few seconds when D1 changes behind the API's back", async () => {
    const { space, token, account } = await memberOf("viewer");
    const s = space.space_uuid;
    expect((await patchSpace(s, token)).status).toBe(403);
    await db()
      .update(spaceAccountTable)
      .set({ role_uuid: ROLE_UUID.admin })
      .where(eq(spaceAccountTable.account_uuid, account.account_uuid));
    // Not invalidated (a raw write): the cached Viewer role still answers.
    expect((await patchSpace(s, token)).status).toBe(403);
    forgetAllCallers();
    expect((await patchSpace(s, token)).status).toBe(200);
  });

  it("a role change through the API takes effect on the member's next request", async () => {
    const admin = await memberOf("admin");
    const s = admin.space.space_uuid;
    const member = await memberOf("viewer", admin.space);
    expect((await patchSpace(s, member.token)).status).toBe(403);
    const changed = await api(`/api/space/${s}/account/${member.account.account_uuid}/`, {
      method: "PATCH",
      token: admin.token,
      json: { role_uuid: ROLE_UUID.admin },
    });
    expect(changed.status).toBe(200);
    expect((await patchSpace(s, member.token)).status).toBe(200);
  });

  it("a disabled member is refused at once; enabled again, let in at once", async () => {
    const admin = await memberOf("admin");
    const s = admin.space.space_uuid;
    const member = await memberOf("content_manager", admin.space);
    expect((await api(`/api/space/${s}/`, { token: member.token })).status).toBe(200);
    const status = (value: "disabled" | "active") =>
      api(`/api/space/${s}/account/${member.account.account_uuid}/`, {
        method: "PATCH",
        token: admin.token,
        json: { status: value },
      });
    expect((await status("disabled")).status).toBe(200);
    expect((await api(`/api/space/${s}/`, { token: member.token })).status).toBe(403);
    expect((await api(`/api/space/${s}/device/items/`, { token: member.token })).status).toBe(403);
    expect((await status("active")).status).toBe(200);
    expect((await api(`/api/space/${s}/`, { token: member.token })).status).toBe(200);
  });

  it("a change of the space's settings is seen on the next request", async () => {
    const { space, token } = await memberOf("admin");
    const s = space.space_uuid;
    expect((await api(`/api/space/${s}/`, { token })).status).toBe(200);
    const patched = await api(`/api/space/${s}/`, {
      method: "PATCH",
      token,
      json: { location_custom_1_alias: "Region" },
    });
    expect(patched.status).toBe(200);
    const read = (await (await api(`/api/space/${s}/`, { token })).json()) as { location_custom_1_alias: string };
    expect(read.location_custom_1_alias).toBe("Region");
    const stored = await db().select().from(spaceTable).where(eq(spaceTable.space_uuid, s)).get();
    expect(stored?.location_custom_1_alias).toBe("Region");
  });

  it("a burst of one member's requests reads the member once (the others wait for that read)", async () => {
    const { space, token } = await memberOf("viewer");
    const s = space.space_uuid;
    forgetAllCallers();
    callerReads.count = 0;
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () => api(`/api/space/${s}/`, { token }).then((r) => r.status)),
    );
    expect(statuses).toEqual(Array(20).fill(200));
    expect(callerReads.count).toBe(1);
  });

  it("a burst of sockets of one member opens on one read, and a stranger in the burst is still refused", async () => {
    const { space, token } = await memberOf("viewer");
    const stranger = await memberOf("viewer");
    const s = space.space_uuid;
    // Nothing cached (a cold isolate): the upgrades share the signing key's load, the space's region
    // read and the member's caller read.
    resetSigningKeyCache();
    forgetSpaceRegion(s);
    forgetAllCallers();
    callerReads.count = 0;
    const open = (t: string) =>
      join(`/parties/space/${s}`, t).then(({ status, ws }) => {
        ws?.close(1000, "done");
        return status;
      });
    const statuses = await Promise.all([...Array.from({ length: 10 }, () => open(token)), open(stranger.token)]);
    expect(statuses).toEqual([...Array(10).fill(101), 403]);
    expect(callerReads.count).toBe(2);
  });
});
