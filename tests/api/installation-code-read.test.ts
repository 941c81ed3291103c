import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { InstallationCode, InstallationCodeCurrent } from "../../contracts/installation/schema.ts";
import { deviceTable, installationCodeTable } from "../../drizzle/schema/index.ts";
import { sha256Hex } from "../../worker/lib/crypto.ts";
import { api, db, makeDevice, memberOf, signIn, uid } from "../factories.ts";

/** GET …/installation-code/ (#20 item 6): the card reads the code back for its whole 24 h. */
const base = (s: string, uuid: string) => `/api/space/${s}/device/${uuid}`;
const HOUR = 3600_000;

async function reset(s: string, uuid: string, token: string) {
  const res = await api(`${base(s, uuid)}/installation-code/reset/`, { method: "POST", token });
  expect(res.status).toBe(200);
  return InstallationCode.parse(await res.json());
}

async function read(s: string, uuid: string, token: string) {
  const res = await api(`${base(s, uuid)}/installation-code/`, { token });
  return { res, body: res.status === 200 ? InstallationCodeCurrent.parse(await res.json()) : null };
}

/** Every stored column of the device's codes, straight from D1 (not through drizzle). */
const rawRows = async (deviceUuid: string) =>
  (await env.DB.prepare("select * from installation_code where device_uuid = ?").bind(deviceUuid).all()).results;

/** The code in any form a person or a log would show it: whole, lower case, in blocks, halves. */
const formsOf = (code: string) => [
  code,
  code.toLowerCase(),
  code.match(/.{4}/g)?.join(" ") ?? "",
  code.match(/.{4}/g)?.join("-") ?? "",
  code.slice(0, 8),
  code.slice(8),
];

afterEach(() => {
  vi.useRealTimers();
});

describe("GET …/installation-code/", () => {
  it("reads the code back in blocks of 4 for its whole 24 h, then says it expired; D1 holds no clear code", async () => {
    const { space, user, token } = await memberOf("content_manager");
    const s = space.space_uuid;
    const device = await makeDevice(s);
    const issued = await reset(s, device.uuid, token);
    const value = issued.installation_code_value;

    const { res, body } = await read(s, device.uuid, token);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(body).toEqual({
      installation_code_status: "active",
      installation_code_value: value,
      installation_code_blocks: [value.slice(0, 4), value.slice(4, 8), value.slice(8, 12), value.slice(12)],
      installation_code_expires_at: issued.installation_code_expires_at,
    });

    // D1 keeps the hash (for the claim) and the sealed text; neither shows the code.
    const rows = await rawRows(device.uuid);
    expect(rows).toHaveLength(1);
    expect(rows[0].code_hash).toBe(await sha256Hex(value));
    expect(String(rows[0].code_sealed)).toMatch(/^v1\.[\w-]{16}\.[\w-]+$/);
    const stored = JSON.stringify(rows);
    for (const form of formsOf(value)) expect(stored).not.toContain(form);

    // 23 h 59 min later (a new sign-in: access tokens last minutes) the card still shows it.
    const issuedAt = Date.now();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(issuedAt + 24 * HOUR - 60_000);
    const later = (await signIn(user.email)).access_token;
    expect((await read(s, device.uuid, later)).body).toMatchObject({
      installation_code_status: "active",
      installation_code_value: value,
    });

    // Past its 24 h it is gone: the status says so, the expiry stays for the card's message.
    vi.setSystemTime(Date.parse(issued.installation_code_expires_at) + 1000);
    const expired = (await read(s, device.uuid, later)).body;
    expect(expired).toEqual({
      installation_code_status: "expired",
      installation_code_value: null,
      installation_code_blocks: [],
      installation_code_expires_at: issued.installation_code_expires_at,
    });
    for (const form of formsOf(value)) expect(JSON.stringify(expired)).not.toContain(form);
    // An expired code is never shown again, so its sealed text is dropped (the hash stays).
    const [after] = await rawRows(device.uuid);
    expect(after.code_sealed).toBeNull();
    expect(after.code_hash).toBe(await sha256Hex(value));
  });

  it("a new code in the space drops the sealed text of the space's expired codes, not of live ones", async () => {
    const { space, user, token } = await memberOf("content_manager");
    const s = space.space_uuid;
    const old = await makeDevice(s);
    const live = await makeDevice(s);
    const next = await makeDevice(s);
    const issued = await reset(s, old.uuid, token);
    const issuedAt = Date.now();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(issuedAt + 24 * HOUR - 60_000);
    const fresh = (await signIn(user.email)).access_token;
    await reset(s, live.uuid, fresh);
    vi.setSystemTime(Date.parse(issued.installation_code_expires_at) + 1000);
    await reset(s, next.uuid, (await signIn(user.email)).access_token);
    expect((await rawRows(old.uuid))[0].code_sealed).toBeNull();
    expect((await rawRows(live.uuid))[0].code_sealed).toMatch(/^v1\./);
    expect((await rawRows(next.uuid))[0].code_sealed).toMatch(/^v1\./);
  });

  it("is gone once an agent claimed the code; its sealed text is dropped", async () => {
    const { space, token } = await memberOf("admin");
    const s = space.space_uuid;
    const device = await makeDevice(s);
    const { installation_code_value: value } = await reset(s, device.uuid, token);
    const enrolled = await api("/api/agent/enroll/", {
      method: "POST",
      json: { code: value.toLowerCase() },
      headers: { "CF-Connecting-IP": uid() },
    });
    expect(enrolled.status).toBe(200);
    const { body } = await read(s, device.uuid, token);
    expect(body).toMatchObject({ installation_code_status: "used", installation_code_value: null });
    expect(body?.installation_code_blocks).toEqual([]);
    const [row] = await rawRows(device.uuid);
    expect(row.used_at).not.toBeNull();
    expect(row.code_sealed).toBeNull();
  });

  it("shows the newest code after a Reset; a revoked code's sealed text is dropped", async () => {
    const { space, token } = await memberOf("content_manager");
    const s = space.space_uuid;
    const device = await makeDevice(s);
    const first = await reset(s, device.uuid, token);
    const second = await reset(s, device.uuid, token);
    expect((await read(s, device.uuid, token)).body?.installation_code_value).toBe(second.installation_code_value);
    const rows = await db()
      .select()
      .from(installationCodeTable)
      .where(eq(installationCodeTable.device_uuid, device.uuid))
      .all();
    const old = rows.find((r) => r.revoked_at !== null);
    expect(old?.code_hash).toBe(await sha256Hex(first.installation_code_value));
    expect(old?.code_sealed).toBeNull();
    expect(rows.find((r) => r.revoked_at === null)?.code_sealed).toMatch(/^v1\./);
  });

  it("never invents a code: none yet, a hashed-only code from before, or a sealed text that does not open", async () => {
    const { space, token } = await memberOf("content_manager");
    const s = space.space_uuid;
    const device = await makeDevice(s);
    expect((await read(s, device.uuid, token)).body).toEqual({
      installation_code_status: "none",
      installation_code_value: null,
      installation_code_blocks: [],
      installation_code_expires_at: null,
    });

    // A code made before codes were kept encrypted (only its hash): "hidden", Reset shows a new one.
    const expires_at = new Date(Date.now() + 10 * HOUR).toISOString();
    const legacy = { space_uuid: s, device_uuid: device.uuid, code_hash: await sha256Hex(uid()), expires_at };
    const [row] = await db().insert(installationCodeTable).values(legacy).returning();
    expect((await read(s, device.uuid, token)).body).toEqual({
      installation_code_status: "hidden",
      installation_code_value: null,
      installation_code_blocks: [],
      installation_code_expires_at: expires_at,
    });

    // A sealed text moved from another row (or tampered with) does not open: hidden, not an error.
    const other = await makeDevice(s);
    await reset(s, other.uuid, token);
    const [moved] = await rawRows(other.uuid);
    await db()
      .update(installationCodeTable)
      .set({ code_sealed: String(moved.code_sealed) })
      .where(eq(installationCodeTable.uuid, row.uuid));
    const { res, body } = await read(s, device.uuid, token);
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ installation_code_status: "hidden", installation_code_value: null });
    await db()
      .update(installationCodeTable)
      .set({ code_sealed: "v1.not-base64!.x" })
      .where(eq(installationCodeTable.uuid, row.uuid));
    expect((await read(s, device.uuid, token)).body?.installation_code_status).toBe("hidden");
  });

  it("is for Content Managers and Admins of the device's space only (Viewers and other spaces refused)", async () => {
    const { space, token } = await memberOf("content_manager");
    const s = space.space_uuid;
    const device = await makeDevice(s);
    const { installation_code_value: value } = await reset(s, device.uuid, token);

    const viewer = await memberOf("viewer", space);
    const refused = await read(s, device.uuid, viewer.token);
    expect(refused.res.status).toBe(403);
    const admin = await memberOf("admin", space);
    expect((await read(s, device.uuid, admin.token)).body?.installation_code_value).toBe(value);

    // A Content Manager of another space: refused in this space, not found through their own.
    const stranger = await memberOf("content_manager");
    const outside = await read(s, device.uuid, stranger.token);
    expect(outside.res.status).toBe(403);
    const own = await read(stranger.space.space_uuid, device.uuid, stranger.token);
    expect(own.res.status).toBe(404);
    expect(await api(`${base(s, device.uuid)}/installation-code/`)).toHaveProperty("status", 401);
    for (const reply of [refused.res, outside.res, own.res]) expect(await reply.text()).not.toContain(value);

    // The device read every member gets keeps the value null (only the expiry for the countdown).
    const detail = await (await api(base(s, device.uuid), { token: viewer.token })).json();
    expect(detail).toMatchObject({ installation_code_value: null });
    expect(JSON.stringify(detail)).not.toContain(value);
  });

  it("answers an archived device with no code; a malformed device uuid is a clear 4xx", async () => {
    const { space, token } = await memberOf("content_manager");
    const s = space.space_uuid;
    const device = await makeDevice(s);
    await reset(s, device.uuid, token);
    await db().update(deviceTable).set({ connected_status: "archived" }).where(eq(deviceTable.uuid, device.uuid));
    expect((await read(s, device.uuid, token)).body?.installation_code_status).toBe("none");
    const bad = await api(`${base(s, "not-a-uuid")}/installation-code/`, { token });
    expect([400, 404]).toContain(bad.status);
  });
});
