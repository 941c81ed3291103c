import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  ApiTokenList,
  CREDENTIAL_ENDED,
  CredentialSelf,
  DisplayLinkList,
  IssuedCredential,
} from "../../contracts/access/schema.ts";
import { ApiErrorBody } from "../../contracts/http/errors.ts";
import { ROLE_UUID } from "../../contracts/reference.ts";
import { spaceCredentialTable } from "../../drizzle/schema/index.ts";
import { app } from "../../worker/index.ts";
import { sha256Hex } from "../../worker/lib/crypto.ts";
import {
  api,
  auditOf,
  db,
  errorsOf,
  makeDevice,
  makeGroup,
  makeLocation,
  makeSpace,
  memberOf,
  uid,
} from "../factories.ts";

type Admin = Awaited<ReturnType<typeof memberOf>>;

async function addDisplayLink(admin: Admin, body: Record<string, unknown> = {}) {
  const res = await api(`/api/space/${admin.space.space_uuid}/display-link/add/`, {
    method: "POST",
    token: admin.token,
    json: { name: "Lobby wall", ...body },
  });
  expect(res.status).toBe(201);
  return IssuedCredential.parse(await res.json());
}

async function addApiToken(admin: Admin, scope: "read" | "operator", body: Record<string, unknown> = {}) {
  const res = await api(`/api/space/${admin.space.space_uuid}/api-token/add/`, {
    method: "POST",
    token: admin.token,
    json: { name: `CI ${scope}`, scope, ...body },
  });
  expect(res.status).toBe(201);
  return IssuedCredential.parse(await res.json());
}

const rowOf = (uuid: string) =>
  db().select().from(spaceCredentialTable).where(eq(spaceCredentialTable.uuid, uuid)).get();

/** Fills a Hono route path: the space, any other parameter a fresh uuid (a file name for the .jpg ones). */
const fill = (path: string, space: string) =>
  path
    .replace(":space", space)
    .replace(/:(\w+)\{[^/]*\.jpg\}/g, "shot.jpg")
    .replace(/:(\w+)(\{[^/]*\})?/g, () => uid());

/** Every mounted change under /api/space/:space (method, Hono path), from the app's route table. */
const spaceWriteRoutes = () => [
  ...new Map(
    app.routes
      .filter((r) => r.path.startsWith("/api/space/:space") && !["GET", "HEAD", "OPTIONS", "ALL"].includes(r.method))
      .map((r) => [`${r.method} ${r.path}`, r] as const),
  ).values(),
];

describe("a display link is read-only, everywhere, centrally", () => {
  it("is refused (403) by every write route of the route table; only its space room's ticket is a POST it may send", async () => {
    const admin = await memberOf("admin");
    const link = await addDisplayLink(admin);
    const space = admin.space.space_uuid;
    const routes = spaceWriteRoutes();
    expect(routes.length).toBeGreaterThan(40);
    const answered: string[] = [];
    for (const route of routes) {
      const path = fill(route.path, space);
      const ticket = /\/room-ticket$/.test(route.path.replace(/\/$/, ""));
      const res = await api(path, {
        method: route.method,
        token: link.secret,
        json: ticket ? { room: `space/${space}` } : {},
      });
      answered.push(`${route.method} ${route.path} ${res.status}`);
      if (ticket) expect(res.status, route.path).toBe(201);
      else expect(res.status, `${route.method} ${route.path}`).toBe(403);
    }
    expect(answered.filter((a) => a.includes("room-ticket"))).toHaveLength(1);
    // Nothing was written in its name.
    expect(await auditOf(link.uuid)).toHaveLength(1);
  });

  it("reads its own space, and is refused (403) by another space, by routes outside a space and by the Admin's routes", async () => {
    const admin = await memberOf("admin");
    const link = await addDisplayLink(admin);
    const s = admin.space.space_uuid;
    const location = await makeLocation(s);
    await makeDevice(s, { location_uuid: location.uuid });
    for (const path of [
      `/api/space/${s}/`,
      `/api/space/${s}/tag/items/`,
      `/api/space/${s}/location/items/`,
      `/api/space/${s}/location/${location.uuid}/`,
      `/api/space/${s}/device/items/`,
      `/api/space/${s}/monitoring/counts/`,
      `/api/space/${s}/location-group/items/`,
    ]) {
      expect((await api(path, { token: link.secret })).status, path).toBe(200);
    }
    const other = await memberOf("viewer");
    expect((await api(`/api/space/${other.space.space_uuid}/tag/items/`, { token: link.secret })).status).toBe(403);
    expect((await api(`/api/space/${uid()}/tag/items/`, { token: link.secret })).status).toBe(403);
    // The space's members are people's data, not a wall's.
    expect((await api(`/api/space/${s}/account/items/`, { token: link.secret })).status).toBe(403);
    expect((await api(`/api/space/${s}/account/items/export/`, { token: link.secret })).status).toBe(403);
    // The Admin's own routes (Admin only: a display link has a Viewer's role).
    expect((await api(`/api/space/${s}/display-link/items/`, { token: link.secret })).status).toBe(403);
    // Routes for people only.
    const login = await api("/api/account/login/", { method: "POST", token: link.secret, json: {} });
    expect(login.status).toBe(403);
    expect((await api("/api/application/items/", { token: link.secret })).status).toBe(403);
  });

  it("tells the wall who it is: GET /credential/self/", async () => {
    const admin = await memberOf("admin");
    const group = await makeGroup(admin.space.space_uuid);
    const link = await addDisplayLink(admin, { location_group_uuid: group.uuid });
    const res = await api("/api/credential/self/", { token: link.secret });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(CredentialSelf.parse(await res.json())).toMatchObject({
      uuid: link.uuid,
      kind: "display_link",
      scope: "read",
      space_uuid: admin.space.space_uuid,
      space_name: admin.space.space_name,
      location_group_uuid: group.uuid,
      location_uuid: null,
    });
    expect((await api("/api/credential/self/", { token: admin.token })).status).toBe(401);
    expect((await api("/api/credential/self/")).status).toBe(401);
  });

  it("narrowed to a group: reads naming a location, group or device outside it are refused", async () => {
    const admin = await memberOf("admin");
    const s = admin.space.space_uuid;
    const inside = await makeLocation(s);
    const outside = await makeLocation(s);
    const group = await makeGroup(s, {}, [inside]);
    const otherGroup = await makeGroup(s, {}, [outside]);
    const deviceInside = await makeDevice(s, { location_uuid: inside.uuid });
    const deviceOutside = await makeDevice(s, { location_uuid: outside.uuid });
    const link = await addDisplayLink(admin, { location_group_uuid: group.uuid });
    const status = async (path: string) => (await api(path, { token: link.secret })).status;
    expect(await status(`/api/space/${s}/location/${inside.uuid}/`)).toBe(200);
    expect(await status(`/api/space/${s}/location/${outside.uuid}/`)).toBe(403);
    expect(await status(`/api/space/${s}/location-group/${group.uuid}/`)).toBe(200);
    expect(await status(`/api/space/${s}/location-group/${otherGroup.uuid}/`)).toBe(403);
    expect(await status(`/api/space/${s}/device/${deviceInside.uuid}/`)).toBe(200);
    expect(await status(`/api/space/${s}/device/${deviceOutside.uuid}/`)).toBe(403);
    expect(await status(`/api/space/${s}/monitoring/device/items/?location_uuid=${inside.uuid}`)).toBe(200);
    expect(await status(`/api/space/${s}/monitoring/device/items/?location_uuid=${outside.uuid}`)).toBe(403);

    const atLocation = await addDisplayLink(admin, { location_uuid: inside.uuid });
    const at = async (path: string) => (await api(path, { token: atLocation.secret })).status;
    expect(await at(`/api/space/${s}/location/${inside.uuid}/`)).toBe(200);
    expect(await at(`/api/space/${s}/location/${outside.uuid}/`)).toBe(403);
    expect(await at(`/api/space/${s}/location-group/${group.uuid}/`)).toBe(403);
  });
});

describe("space API tokens: read vs operator", () => {
  it("a read token reads and changes nothing; an operator token adds a tag (audited under its Admin) but cannot invite or manage tokens", async () => {
    const admin = await memberOf("admin");
    const s = admin.space.space_uuid;
    const read = await addApiToken(admin, "read");
    const operator = await addApiToken(admin, "operator");

    expect((await api(`/api/space/${s}/tag/items/`, { token: read.secret })).status).toBe(200);
    const refused = await api(`/api/space/${s}/tag/add/`, { method: "POST", token: read.secret, json: { name: "x" } });
    expect(refused.status).toBe(403);
    expect(ApiErrorBody.parse(await refused.json()).message).toMatch(/read scope/);

    const added = await api(`/api/space/${s}/tag/add/`, {
      method: "POST",
      token: operator.secret,
      json: { name: "by-robot" },
    });
    expect(added.status).toBe(201);
    const tag = (await added.json()) as { uuid: string };
    expect(await auditOf(tag.uuid, "tag.create")).toEqual([
      expect.objectContaining({ actor_user_uuid: admin.user.uuid }),
    ]);

    const invite = await api(`/api/space/${s}/account/add/`, {
      method: "POST",
      token: operator.secret,
      json: { user_accounts: [{ email: "robot-friend@outpost.test", role_uuid: ROLE_UUID.viewer }] },
    });
    expect(invite.status).toBe(403);
    expect((await api(`/api/space/${s}/api-token/items/`, { token: operator.secret })).status).toBe(403);
    const disable = await api(`/api/space/${s}/account/${admin.account.account_uuid}/`, {
      method: "PATCH",
      token: operator.secret,
      json: { status: "disabled" },
    });
    expect(disable.status).toBe(403);
  });

  it("stops working when the Admin who created it is no longer an active member, and never exceeds their role", async () => {
    const owner = await memberOf("admin");
    const s = owner.space.space_uuid;
    const other = await memberOf("admin", owner.space);
    const operator = await addApiToken(owner, "operator");
    const tagAdd = () =>
      api(`/api/space/${s}/tag/add/`, {
        method: "POST",
        token: operator.secret,
        json: { name: `t-${uid().slice(0, 6)}` },
      });
    expect((await tagAdd()).status).toBe(201);

    // Demoted to Viewer: the operator token is a Viewer too.
    await api(`/api/space/${s}/account/${owner.account.account_uuid}/`, {
      method: "PATCH",
      token: other.token,
      json: { role_uuid: ROLE_UUID.viewer },
    });
    expect((await tagAdd()).status).toBe(403);
    expect((await api(`/api/space/${s}/tag/items/`, { token: operator.secret })).status).toBe(200);

    await api(`/api/space/${s}/account/${owner.account.account_uuid}/`, {
      method: "PATCH",
      token: other.token,
      json: { status: "disabled" },
    });
    expect((await api(`/api/space/${s}/tag/items/`, { token: operator.secret })).status).toBe(403);
  });
});

describe("expiry, revocation and last use", () => {
  it("an expired or revoked credential is refused (401) with the reason; revoking is Admin only and idempotent", async () => {
    const admin = await memberOf("admin");
    const s = admin.space.space_uuid;
    const link = await addDisplayLink(admin, { expires_at: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await api(`/api/space/${s}/tag/items/`, { token: link.secret })).status).toBe(200);
    await db()
      .update(spaceCredentialTable)
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where(eq(spaceCredentialTable.uuid, link.uuid));
    const expired = await api(`/api/space/${s}/tag/items/`, { token: link.secret });
    expect(expired.status).toBe(401);
    expect(ApiErrorBody.parse(await expired.json()).message).toBe(CREDENTIAL_ENDED.display_link.expired);

    const token = await addApiToken(admin, "read");
    const viewer = await memberOf("viewer", admin.space);
    const path = `/api/space/${s}/api-token/${token.uuid}/`;
    expect((await api(path, { method: "DELETE", token: viewer.token })).status).toBe(403);
    expect((await api(path, { method: "DELETE", token: admin.token })).status).toBe(204);
    expect((await api(path, { method: "DELETE", token: admin.token })).status).toBe(204);
    const revoked = await api(`/api/space/${s}/tag/items/`, { token: token.secret });
    expect(revoked.status).toBe(401);
    expect(ApiErrorBody.parse(await revoked.json()).message).toBe(CREDENTIAL_ENDED.api_token.revoked);
    expect(await auditOf(token.uuid, "api_token.revoke")).toHaveLength(1);
    // A display link's uuid is not an API token's.
    expect(
      (await api(`/api/space/${s}/api-token/${link.uuid}/`, { method: "DELETE", token: admin.token })).status,
    ).toBe(404);

    const list = ApiTokenList.parse(
      await (await api(`/api/space/${s}/api-token/items/`, { token: admin.token })).json(),
    );
    expect(list.api_tokens).toEqual([expect.objectContaining({ uuid: token.uuid, revoked_at: expect.any(String) })]);
  });

  it("records the last use (time and address) at most once a minute", async () => {
    const admin = await memberOf("admin");
    const s = admin.space.space_uuid;
    const link = await addDisplayLink(admin);
    expect((await rowOf(link.uuid))?.last_used_at).toBeNull();
    const read = (address: string) =>
      api(`/api/space/${s}/tag/items/`, { token: link.secret, headers: { "CF-Connecting-IP": address } });
    await read("203.0.113.7");
    const first = await rowOf(link.uuid);
    expect(first).toMatchObject({ last_used_ip: "203.0.113.7", last_used_at: expect.any(String) });
    await read("203.0.113.8");
    expect(await rowOf(link.uuid)).toMatchObject({ last_used_ip: "203.0.113.7", last_used_at: first?.last_used_at });

    // A minute later the next use is written.
    await db()
      .update(spaceCredentialTable)
      .set({ last_used_at: new Date(Date.now() - 61_000).toISOString() })
      .where(eq(spaceCredentialTable.uuid, link.uuid));
    await read("203.0.113.8");
    expect((await rowOf(link.uuid))?.last_used_ip).toBe("203.0.113.8");

    const listed = DisplayLinkList.parse(
      await (await api(`/api/space/${s}/display-link/items/`, { token: admin.token })).json(),
    );
    expect(listed.display_links[0]).toMatchObject({ uuid: link.uuid, last_used_ip: "203.0.113.8" });
  });
});

describe("the Admin's routes", () => {
  it("show the secret once, store only its SHA-256, and list the credentials without it", async () => {
    const admin = await memberOf("admin");
    const s = admin.space.space_uuid;
    const location = await makeLocation(s);
    const link = await addDisplayLink(admin, { location_uuid: location.uuid });
    const token = await addApiToken(admin, "operator");
    expect(link.secret).toMatch(/^owd_[A-Za-z0-9_-]{43}$/);
    expect(token.secret).toMatch(/^ost_[A-Za-z0-9_-]{43}$/);
    expect(link).toMatchObject({
      kind: "display_link",
      scope: "read",
      location_uuid: location.uuid,
      location_name: location.name,
      created_by: { user_uuid: admin.user.uuid, name: admin.user.display_name },
      revoked_at: null,
    });

    const rows = await db().select().from(spaceCredentialTable).where(eq(spaceCredentialTable.space_uuid, s));
    expect(rows).toHaveLength(2);
    for (const [row, secret] of [
      [rows.find((r) => r.uuid === link.uuid), link.secret],
      [rows.find((r) => r.uuid === token.uuid), token.secret],
    ] as const) {
      expect(row?.secret_hash).toBe(await sha256Hex(secret));
      expect(JSON.stringify(row)).not.toContain(secret.slice(4));
    }

    const links = await api(`/api/space/${s}/display-link/items/`, { token: admin.token });
    const text = await links.text();
    expect(text).not.toContain(link.secret.slice(4));
    expect(DisplayLinkList.parse(JSON.parse(text)).display_links.map((l) => l.uuid)).toEqual([link.uuid]);
    const tokens = ApiTokenList.parse(
      await (await api(`/api/space/${s}/api-token/items/`, { token: admin.token })).json(),
    );
    expect(tokens.api_tokens).toEqual([expect.objectContaining({ uuid: token.uuid, scope: "operator" })]);
    expect(await auditOf(link.uuid, "display_link.create")).toHaveLength(1);
  });

  it("are Admin only and validate the scope and the expiry", async () => {
    const admin = await memberOf("admin");
    const s = admin.space.space_uuid;
    const cm = await memberOf("content_manager", admin.space);
    expect((await api(`/api/space/${s}/display-link/items/`, { token: cm.token })).status).toBe(403);
    const byCm = await api(`/api/space/${s}/api-token/add/`, { method: "POST", token: cm.token, json: { name: "x" } });
    expect(byCm.status).toBe(403);

    const add = (json: Record<string, unknown>) =>
      api(`/api/space/${s}/display-link/add/`, { method: "POST", token: admin.token, json: { name: "Wall", ...json } });
    const foreign = await makeLocation((await makeSpace()).space_uuid);
    const location = await makeLocation(s);
    const group = await makeGroup(s);
    expect(await errorsOf(await add({ location_uuid: foreign.uuid }))).toHaveProperty("location_uuid");
    expect(await errorsOf(await add({ location_group_uuid: uid() }))).toHaveProperty("location_group_uuid");
    expect(await errorsOf(await add({ location_uuid: location.uuid, location_group_uuid: group.uuid }))).toHaveProperty(
      "location_uuid",
    );
    expect(await errorsOf(await add({ expires_at: new Date(Date.now() - 60_000).toISOString() }))).toHaveProperty(
      "expires_at",
    );
    expect(await errorsOf(await add({ name: "" }))).toEqual({ name: ["Required"] });
    const badScope = await api(`/api/space/${s}/api-token/add/`, {
      method: "POST",
      token: admin.token,
      json: { name: "x", scope: "admin" },
    });
    expect(badScope.status).toBe(400);
  });
});
