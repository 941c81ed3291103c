import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DeviceDetail } from "../../contracts/devices/detail.ts";
import { ApiErrorBody } from "../../contracts/http/errors.ts";
import {
  AgentEnrollment,
  AgentEnrollPending,
  AgentRegistration,
  INSTALLATION_CODE_ALPHABET,
  InstallationCode,
} from "../../contracts/installation/schema.ts";
import { DEVICE_TYPE_UUID } from "../../contracts/reference.ts";
import {
  deviceCredentialTable,
  deviceTable,
  installationCodeTable,
  mailOutboxTable,
  unclaimedDeviceTable,
} from "../../drizzle/schema/index.ts";
import { type Config, getConfig } from "../../worker/config.ts";
import type { Env } from "../../worker/env.ts";
import { sha256Hex } from "../../worker/lib/crypto.ts";
import { deliverMail, openOutboxMail, UNREADABLE_BODY } from "../../worker/services/kernel/mail.ts";
import { api, auditOf, db, errorsOf, makeDevice, makeDeviceCredential, memberOf, ORIGIN, uid } from "../factories.ts";
import { join, until } from "../ws.ts";

const stored = (uuid: string) => db().select().from(deviceTable).where(eq(deviceTable.uuid, uuid)).get();
const codesOf = (uuid: string) =>
  db().select().from(installationCodeTable).where(eq(installationCodeTable.device_uuid, uuid)).all();
const base = (s: string, uuid: string) => `/api/space/${s}/device/${uuid}`;

async function reset(s: string, uuid: string, token: string) {
  const res = await api(`${base(s, uuid)}/installation-code/reset/`, { method: "POST", token });
  return { res, body: res.status === 200 ? InstallationCode.parse(await res.json()) : null };
}

/** An agent's enrolment call, from its own client address. */
const enroll = (json: unknown, address = uid()) =>
  api("/api/agent/enroll/", { method: "POST", json, headers: { "CF-Connecting-IP": address } });

describe("POST …/installation-code/reset/", () => {
  it("issues a 16-character code valid 24 h, stores its hash and sealed text (never the code) and revokes earlier codes", async () => {
    const { space, token } = await memberOf("content_manager");
    const s = space.space_uuid;
    const device = await makeDevice(s);
    const first = await reset(s, device.uuid, token);
    const { res, body } = await reset(s, device.uuid, token);
    expect(res.status).toBe(200);
    const value = body?.installation_code_value ?? "";
    expect(value).toMatch(new RegExp(`^[${INSTALLATION_CODE_ALPHABET}]{16}$`));
    const hours = (Date.parse(body?.installation_code_expires_at ?? "") - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    const rows = await codesOf(device.uuid);
    expect(rows).toHaveLength(2);
    const current = rows.find((r) => r.revoked_at === null);
    expect(current?.code_hash).toBe(await sha256Hex(value));
    expect(rows.find((r) => r.revoked_at !== null)?.code_hash).toBe(
      await sha256Hex(first.body?.installation_code_value ?? ""),
    );
    for (const row of rows) {
      const text = JSON.stringify(row);
      expect(text).not.toContain(value);
      expect(text).not.toContain(value.toLowerCase());
      expect(text).not.toContain(value.slice(0, 8));
    }
    const audit = await auditOf(device.uuid);
    expect(JSON.stringify(audit)).not.toContain(value);

    const detail = DeviceDetail.parse(await (await api(base(s, device.uuid), { token })).json());
    expect(detail).toMatchObject({
      installation_code_value: null,
      installation_code_expires_at: body?.installation_code_expires_at,
    });
  });

  it("refuses archived and connected devices, and Viewers", async () => {
    const { space, token } = await memberOf("content_manager");
    const s = space.space_uuid;
    const archived = await makeDevice(s, { connected_status: "archived" });
    const a = await reset(s, archived.uuid, token);
    expect(a.res.status).toBe(400);
    expect(ApiErrorBody.parse(await a.res.json())).toMatchObject({
      message: "Device must be unarchived before an installation code is available.",
    });
    const connected = await makeDevice(s, { connected_status: "connected" });
    const c = await reset(s, connected.uuid, token);
    expect(ApiErrorBody.parse(await c.res.json())).toMatchObject({
      message: "Device is installed. Generate a replacement code instead.",
    });
    const viewer = await memberOf("viewer", space);
    const device = await makeDevice(s);
    expect((await reset(s, device.uuid, viewer.token)).res.status).toBe(403);
    expect(await codesOf(device.uuid)).toEqual([]);
    const other = await memberOf("admin");
    expect((await reset(other.space.space_uuid, device.uuid, other.token)).res.status).toBe(404);
    expect((await api(`${base(s, device.uuid)}/installation-code/reset/`, { method: "POST" })).status).toBe(401);
    expect(await codesOf(device.uuid)).toEqual([]);
  });
});

describe("POST …/installation-code/replacement/", () => {
  it("issues a code only for a connected device; enrolling with it replaces the agent", async () => {
    const { space, token } = await memberOf("content_manager");
    const s = space.space_uuid;
    const device = await makeDevice(s, { connected_status: "connected", installed_at: "2026-01-01T00:00:00.000Z" });
    const old = await makeDeviceCredential(device);
    const res = await api(`${base(s, device.uuid)}/installation-code/replacement/`, { method: "POST", token });
    expect(res.status).toBe(200);
    const code = InstallationCode.parse(await res.json());
    const enrolled = await enroll({ code: code.installation_code_value, machine_id: "new-machine" });
    expect(enrolled.status).toBe(200);
    const creds = await db()
      .select()
      .from(deviceCredentialTable)
      .where(eq(deviceCredentialTable.device_uuid, device.uuid));
    const oldHash = await sha256Hex(old);
    expect(creds.find((c) => c.token_hash === oldHash)?.revoked_at).not.toBeNull();
    expect(await stored(device.uuid)).toMatchObject({
      connected_status: "connected",
      machine_id: "new-machine",
      installed_at: "2026-01-01T00:00:00.000Z",
    });
    for (const status of ["non_connected", "disconnected", "installation_pending"] as const) {
      const other = await makeDevice(s, { connected_status: status });
      const refused = await api(`${base(s, other.uuid)}/installation-code/replacement/`, { method: "POST", token });
      expect(refused.status).toBe(400);
      expect(ApiErrorBody.parse(await refused.json())).toMatchObject({
        message: "A replacement code is available only for a connected device.",
      });
    }
  });
});

describe("POST …/installation-code/email/", () => {
  it("mails a fresh code and returns it", async () => {
    const { space, token } = await memberOf("content_manager");
    const s = space.space_uuid;
    const device = await makeDevice(s, { name: "Till 3" });
    const to = `installer-${uid().slice(0, 8)}@outpost.test`;
    const res = await api(`${base(s, device.uuid)}/installation-code/email/`, {
      method: "POST",
      token,
      json: { email_address: to, email_message: "Please install <today>" },
    });
    expect(res.status).toBe(200);
    const code = InstallationCode.parse(await res.json());
    const [row] = await db().select().from(mailOutboxTable).where(eq(mailOutboxTable.to, to));
    const mail = await openOutboxMail(env, row);
    expect(mail.subject).toBe("Installation code for Till 3");
    const grouped = code.installation_code_value.match(/.{4}/g)?.join("-") ?? "";
    expect(mail.text).toContain(grouped);
    expect(mail.text).toContain("Please install <today>");
    expect(mail.html).toContain("Please install &lt;today&gt;");
    expect((await codesOf(device.uuid))[0].code_hash).toBe(await sha256Hex(code.installation_code_value));
  });

  it("keeps the mail's bodies sealed at rest: the raw row holds no form of the code, and sending empties them", async () => {
    const { space, token } = await memberOf("content_manager");
    const s = space.space_uuid;
    const device = await makeDevice(s, { name: "Till 4" });
    const to = `sealed-${uid().slice(0, 8)}@outpost.test`;
    const res = await api(`${base(s, device.uuid)}/installation-code/email/`, {
      method: "POST",
      token,
      json: { email_address: to },
    });
    expect(res.status).toBe(200);
    const { installation_code_value: value } = InstallationCode.parse(await res.json());
    const raw = (await env.DB.prepare('select * from mail_outbox where "to" = ?').bind(to).all()).results;
    expect(raw).toHaveLength(1);
    const stored = JSON.stringify(raw);
    const forms = [value, value.toLowerCase(), ...[" ", "-", ""].map((sep) => value.match(/.{4}/g)?.join(sep) ?? "")];
    for (const form of [...forms, value.slice(0, 8), value.slice(8)]) expect(stored).not.toContain(form);
    const row = raw[0] as { uuid: string; text: string; html: string; subject: string; to: string };
    expect(row.text.startsWith("sealed:")).toBe(true);
    expect(row.html.startsWith("sealed:")).toBe(true);

    // Opened with the key it reads as written; a box moved to another row or part does not open.
    const opened = await openOutboxMail(env, row);
    expect(opened.text).toContain(value.match(/.{4}/g)?.join("-"));
    expect((await openOutboxMail(env, { ...row, uuid: uid() })).text).toBe(UNREADABLE_BODY);
    expect((await openOutboxMail(env, { ...row, html: row.text })).html).toBe(UNREADABLE_BODY);
    // Another key (a rotated secret) does not open it either.
    const rotated = { ENVIRONMENT: "development", INSTALLATION_CODE_KEY: "another-secret-of-at-least-32-characters!" };
    expect((await openOutboxMail(rotated, row)).text).toBe(UNREADABLE_BODY);

    // The dev outbox shows the opened mail.
    const dev = await SELF.fetch(`${ORIGIN}/dev/mail.json?to=${encodeURIComponent(to)}`);
    expect(dev.status).toBe(200);
    const { mails } = (await dev.json()) as { mails: { text: string }[] };
    expect(mails[0].text).toContain(value.match(/.{4}/g)?.join("-"));

    // Sent (production with the Email Service binding): the clear mail goes out, the row keeps no body.
    const sent: { text: string }[] = [];
    const deps = {
      db: db(),
      env: { ...env, SEND_EMAIL: { send: async (m: { text: string }) => void sent.push(m) } } as unknown as Env,
      config: { ...getConfig(env), environment: "production", mailFrom: "outpost@outpost.test" } as Config,
    };
    await deliverMail(deps, [{ ...opened, uuid: row.uuid }]);
    expect(sent).toHaveLength(1);
    expect(sent[0].text).toContain(value.match(/.{4}/g)?.join("-"));
    const after = await env.DB.prepare('select text, html, sent_at from mail_outbox where "to" = ?').bind(to).first();
    expect(after).toMatchObject({ text: "", html: "" });
    expect(after?.sent_at).toEqual(expect.any(String));
  });

  it("validates the address and refuses archived devices", async () => {
    const { space, token } = await memberOf("content_manager");
    const s = space.space_uuid;
    const device = await makeDevice(s);
    const bad = await api(`${base(s, device.uuid)}/installation-code/email/`, {
      method: "POST",
      token,
      json: { email_address: "nope", email_message: "x".repeat(1001) },
    });
    expect(await errorsOf(bad)).toEqual({
      email_address: ["Enter a valid email address."],
      email_message: ["Ensure this field has no more than 1000 characters."],
    });
    const missing = await api(`${base(s, device.uuid)}/installation-code/email/`, { method: "POST", token, json: {} });
    expect(await errorsOf(missing)).toEqual({ email_address: ["Required"] });
    const archived = await makeDevice(s, { connected_status: "archived" });
    const refused = await api(`${base(s, archived.uuid)}/installation-code/email/`, {
      method: "POST",
      token,
      json: { email_address: "a@b.co" },
    });
    expect(refused.status).toBe(400);
    expect(await codesOf(device.uuid)).toEqual([]);
  });
});

describe("POST /api/agent/enroll/ with a code", () => {
  it("trades the code for a credential once; the device is connected and announced", async () => {
    const { space, token } = await memberOf("content_manager");
    const s = space.space_uuid;
    const device = await makeDevice(s, { name: "Kiosk 9" });
    const { body } = await reset(s, device.uuid, token);
    const value = body?.installation_code_value ?? "";
    const dash = await join(`/parties/space/${s}`, token);
    await until(() => dash.messages.some((m) => m.type === "welcome"));

    // What a person types: lower case, in blocks with dashes and spaces.
    const typed = `${value.slice(0, 4).toLowerCase()}-${value.slice(4, 8)} ${value.slice(8)}`;
    const res = await enroll({
      code: typed,
      machine_id: "m-1",
      inventory: { device_type: "linux", operating_system_name: "Debian", mac_addresses: ["aa:bb"], ram_size: 1024 },
    });
    expect(res.status).toBe(200);
    const enrolment = AgentEnrollment.parse(await res.json());
    expect(enrolment).toMatchObject({ device_uuid: device.uuid, space_uuid: s });
    const [cred] = await db()
      .select()
      .from(deviceCredentialTable)
      .where(eq(deviceCredentialTable.device_uuid, device.uuid));
    expect(cred.token_hash).toBe(await sha256Hex(enrolment.credential));
    const row = await stored(device.uuid);
    expect(row).toMatchObject({
      connected_status: "connected",
      machine_id: "m-1",
      device_type_uuid: DEVICE_TYPE_UUID.linux,
      operating_system_name: "Debian",
      mac_addresses: ["aa:bb"],
      ram_size: 1024,
    });
    expect(row?.installed_at).toBe(row?.installation_date);
    expect((await codesOf(device.uuid))[0].used_at).not.toBeNull();
    await until(() => dash.messages.some((m) => m.type === "deviceDetailsUpdate" && m.event === "deviceInstalled"));

    // The credential opens the device's room; the code does not work twice.
    const agent = await join(`/parties/device/${device.uuid}`, enrolment.credential);
    expect(agent.status).toBe(101);
    agent.ws?.close();
    dash.ws?.close();
    const again = await enroll({ code: value });
    expect(again.status).toBe(400);
    expect(ApiErrorBody.parse(await again.json())).toMatchObject({ message: "Invalid or expired installation code." });
    const audit = await auditOf(device.uuid);
    expect(audit.filter((e) => e.action === "device.enrol")).toHaveLength(1);
    expect(audit.find((e) => e.action === "device.enrol")?.actor_device_uuid).toBe(device.uuid);
  });

  it("refuses expired and revoked codes", async () => {
    const { space, token } = await memberOf("content_manager");
    const s = space.space_uuid;
    const device = await makeDevice(s);
    const first = (await reset(s, device.uuid, token)).body?.installation_code_value ?? "";
    const second = (await reset(s, device.uuid, token)).body?.installation_code_value ?? "";
    expect((await enroll({ code: first })).status).toBe(400);
    await db()
      .update(installationCodeTable)
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where(eq(installationCodeTable.device_uuid, device.uuid));
    expect((await enroll({ code: second })).status).toBe(400);
    expect((await stored(device.uuid))?.connected_status).toBe("non_connected");
    expect(
      await db().select().from(deviceCredentialTable).where(eq(deviceCredentialTable.device_uuid, device.uuid)),
    ).toEqual([]);
  });

  it("locks an address out after 10 failures in 15 minutes, even with a valid code", async () => {
    const { space, token } = await memberOf("content_manager");
    const device = await makeDevice(space.space_uuid);
    const value = (await reset(space.space_uuid, device.uuid, token)).body?.installation_code_value ?? "";
    const address = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < 10; i++) expect((await enroll({ code: `WRONG${i}` }, address)).status).toBe(400);
    const locked = await enroll({ code: value }, address);
    expect(locked.status).toBe(429);
    expect(locked.headers.get("Retry-After")).toBeTruthy();
    expect((await enroll({ code: value })).status).toBe(200);
  });

  it("validates the body", async () => {
    const res = await enroll({});
    expect(res.status).toBe(400);
  });
});

describe("QR installation: POST /api/agent/unclaimed/ and …/device/{uuid}/installation/", () => {
  async function register() {
    const res = await api("/api/agent/unclaimed/", {
      method: "POST",
      json: { machine_id: "qr-machine", inventory: { device_type: "raspberry_pi" } },
      headers: { "CF-Connecting-IP": uid() },
    });
    expect(res.status).toBe(201);
    return AgentRegistration.parse(await res.json());
  }

  it("claims a registration for the device; the agent then collects its credential", async () => {
    const { space, token } = await memberOf("content_manager");
    const s = space.space_uuid;
    const device = await makeDevice(s);
    const reg = await register();
    const registration = await db()
      .select()
      .from(unclaimedDeviceTable)
      .where(eq(unclaimedDeviceTable.uuid, reg.unclaimed_device_uuid))
      .get();
    expect(JSON.stringify(registration)).not.toContain(reg.secret);

    const poll = { unclaimed_device_uuid: reg.unclaimed_device_uuid, secret: reg.secret };
    const waiting = await enroll(poll);
    expect(waiting.status).toBe(202);
    expect(AgentEnrollPending.parse(await waiting.json())).toEqual({ status: "unclaimed" });

    const res = await api(`${base(s, device.uuid)}/installation/`, {
      method: "POST",
      token,
      json: { unclaimed_device_uuid: reg.unclaimed_device_uuid },
    });
    expect(res.status).toBe(200);
    expect(DeviceDetail.parse(await res.json())).toMatchObject({
      connected_status: "installation_pending",
      unclaimed_device_uuid: reg.unclaimed_device_uuid,
      machine_id: "qr-machine",
    });
    const other = await makeDevice(s);
    const twice = await api(`${base(s, other.uuid)}/installation/`, {
      method: "POST",
      token,
      json: { unclaimed_device_uuid: reg.unclaimed_device_uuid },
    });
    expect(await errorsOf(twice)).toEqual({
      unclaimed_device_uuid: ["This QR code is unknown, expired or already used."],
    });

    expect((await enroll({ ...poll, secret: "wrong" })).status).toBe(400);
    const done = await enroll(poll);
    expect(done.status).toBe(200);
    expect(AgentEnrollment.parse(await done.json()).device_uuid).toBe(device.uuid);
    expect(await stored(device.uuid)).toMatchObject({
      connected_status: "connected",
      device_type_uuid: DEVICE_TYPE_UUID.raspberry_pi,
    });
    expect((await enroll(poll)).status).toBe(400);
  });

  it("terminating the pending installation releases the registration", async () => {
    const { space, token } = await memberOf("content_manager");
    const s = space.space_uuid;
    const device = await makeDevice(s);
    const reg = await register();
    await api(`${base(s, device.uuid)}/installation/`, {
      method: "POST",
      token,
      json: { unclaimed_device_uuid: reg.unclaimed_device_uuid },
    });
    await api(`${base(s, device.uuid)}/terminate-connection/`, { method: "PATCH", token, json: {} });
    expect(await stored(device.uuid)).toMatchObject({ connected_status: "non_connected", unclaimed_device_uuid: null });
    const poll = await enroll({ unclaimed_device_uuid: reg.unclaimed_device_uuid, secret: reg.secret });
    expect(poll.status).toBe(202);
  });

  it("refuses unknown or expired registrations, archived devices, and Viewers", async () => {
    const { space, token } = await memberOf("content_manager");
    const s = space.space_uuid;
    const device = await makeDevice(s);
    const claim = (uuid: string, t = token, target = device.uuid) =>
      api(`${base(s, target)}/installation/`, { method: "POST", token: t, json: { unclaimed_device_uuid: uuid } });
    expect((await claim(uid())).status).toBe(400);
    const bad = await claim("not-a-uuid");
    expect(await errorsOf(bad)).toEqual({ unclaimed_device_uuid: ["Must be a valid UUID."] });
    const reg = await register();
    await db()
      .update(unclaimedDeviceTable)
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where(eq(unclaimedDeviceTable.uuid, reg.unclaimed_device_uuid));
    expect((await claim(reg.unclaimed_device_uuid)).status).toBe(400);
    const fresh = await register();
    const archived = await makeDevice(s, { connected_status: "archived" });
    const refused = await claim(fresh.unclaimed_device_uuid, token, archived.uuid);
    expect(ApiErrorBody.parse(await refused.json())).toMatchObject({
      message: "Device must be unarchived before an installation code is available.",
    });
    const viewer = await memberOf("viewer", space);
    expect((await claim(fresh.unclaimed_device_uuid, viewer.token)).status).toBe(403);
    expect((await stored(device.uuid))?.connected_status).toBe("non_connected");
  });

  it("limits registrations per address", async () => {
    const address = uid();
    const post = () =>
      api(`${ORIGIN}/api/agent/unclaimed/`.replace(ORIGIN, ""), {
        method: "POST",
        json: {},
        headers: { "CF-Connecting-IP": address },
      });
    for (let i = 0; i < 10; i++) expect((await post()).status).toBe(201);
    expect((await post()).status).toBe(429);
  });
});
