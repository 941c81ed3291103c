import { env, runInDurableObject } from "cloudflare:test";
import { getServerByName } from "partyserver";
import { describe, expect, it } from "vitest";
import type { ServerMessage } from "../../contracts/realtime/events.ts";
import { dataFrame } from "../../contracts/remote-actions/tunnel.ts";
import {
  DEFAULT_SESSION_POLICY,
  recordingPrefix,
  SESSION_TEXT,
  type SessionPolicy,
} from "../../contracts/sessions/schema.ts";
import type { Env } from "../../worker/env.ts";
import { consentFor } from "../../worker/services/sessions/policy.ts";
import { api, auditOf, db, makeDevice, makeLocation, makeWorkingTime, memberOf } from "../factories.ts";
import { fakeAgent } from "../fake-agent.ts";
import { join, until } from "../ws.ts";

type Socket = Awaited<ReturnType<typeof join>>;
const sendJson = (s: Socket, frame: object) => s.ws?.send(JSON.stringify(frame));
/** Waits for an async check (R2 lists, D1 reads). */
const eventually = async (check: () => Promise<boolean>, ms = 5000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 50));
  }
};
const bytes = (text: string) => new TextEncoder().encode(text);
const all = <T extends ServerMessage["type"]>(s: { messages: ServerMessage[] }, type: T) =>
  s.messages.filter((m): m is Extract<ServerMessage, { type: T }> => m.type === type);

/** A space with an online device at a location, an Admin, and a browser of `role` on the device's room. */
async function setup(role: "admin" | "content_manager" = "content_manager") {
  const admin = await memberOf("admin");
  const member = role === "admin" ? admin : await memberOf(role, admin.space);
  const location = await makeLocation(admin.space.space_uuid);
  const device = await makeDevice(admin.space.space_uuid, {
    connected_status: "connected",
    location_uuid: location.uuid,
  });
  const agent = await fakeAgent(device);
  agent.hello();
  const browser = await join(`/parties/device/${device.uuid}`, member.token);
  await until(() => browser.messages.some((m) => m.type === "presence" && m.online));
  const space = admin.space.space_uuid;
  return { admin, member, location, device, agent, browser, space };
}

const savePolicy = async (s: { admin: { token: string }; space: string }, policy: SessionPolicy) => {
  const res = await api(`/api/space/${s.space}/session-policy/`, { method: "PUT", token: s.admin.token, json: policy });
  expect(res.status).toBe(200);
};

describe("remote sessions under policy", () => {
  it("a Content Manager without the terminal right is refused with its text; the desktop stays open to them", async () => {
    const s = await setup("content_manager");
    // Only Admins set the policy.
    const denied = await api(`/api/space/${s.space}/session-policy/`, {
      method: "PUT",
      token: s.member.token,
      json: DEFAULT_SESSION_POLICY,
    });
    expect(denied.status).toBe(403);
    await savePolicy(s, {
      ...DEFAULT_SESSION_POLICY,
      rights: { ...DEFAULT_SESSION_POLICY.rights, content_manager: { view: true, control: false, terminal: false } },
    });
    const read: SessionPolicy = await (
      await api(`/api/space/${s.space}/session-policy/`, { token: s.member.token })
    ).json();
    expect(read.rights.content_manager).toEqual({ view: true, control: false, terminal: false });

    const terminal = crypto.randomUUID();
    sendJson(s.browser, { type: "tunnelOpen", session: terminal, kind: "terminal", cols: 80, rows: 24 });
    await until(() => all(s.browser, "tunnelClosed").length === 1);
    expect(all(s.browser, "tunnelClosed")[0]).toEqual({
      type: "tunnelClosed",
      session: terminal,
      reason: "Your role may not open a terminal on this device.",
    });
    expect(s.agent.messages.some((m) => m.type === "tunnelOpen")).toBe(false);

    // The desktop opens, view-only: the browser is told so with its tunnelOpened.
    const desktop = crypto.randomUUID();
    sendJson(s.browser, { type: "tunnelOpen", session: desktop, kind: "vnc" });
    await until(() => s.agent.messages.some((m) => m.type === "tunnelOpen" && m.session === desktop));
    s.agent.send({ type: "tunnelOpened", session: desktop });
    await until(() => all(s.browser, "tunnelOpened").length === 1);
    expect(all(s.browser, "tunnelOpened")[0]).toEqual({ type: "tunnelOpened", session: desktop, view_only: true });
    // And the room holds it to watching: a key press never reaches the device (credited back).
    const handshake = [...bytes("RFB 003.008\n"), 1, 1];
    const key = [4, 1, 0, 0, 0, 0, 0, 0x61];
    const update = [3, 1, 0, 0, 0, 0, 4, 0, 3, 0];
    s.browser.ws?.send(dataFrame(desktop, Uint8Array.from([...handshake, ...key, ...update])));
    await until(() => s.agent.binary.length === 1);
    expect([...s.agent.binary[0].subarray(16)]).toEqual([...handshake, ...update]);
    await until(() => all(s.browser, "tunnelCredit").length === 1);
    expect(all(s.browser, "tunnelCredit")[0]).toEqual({ type: "tunnelCredit", session: desktop, bytes: key.length });
  });

  it("a location with consent: the agent is asked with the timeout and default; the operator sees each step", async () => {
    const s = await setup("admin");
    const res = await api(`/api/space/${s.space}/location/${s.location.uuid}/session-consent/`, {
      method: "PUT",
      token: s.admin.token,
      json: { mode: "prompt", timeout_s: 30, default_action: "deny", banner: true },
    });
    expect(res.status).toBe(200);

    const session = crypto.randomUUID();
    // A browser cannot set the consent itself: the room replaces it with the location's.
    sendJson(s.browser, {
      type: "tunnelOpen",
      session,
      kind: "terminal",
      consent: { timeout_ms: 1000, default_action: "allow", operator: "me" },
    });
    await until(() => s.agent.messages.some((m) => m.type === "tunnelOpen" && m.session === session));
    const asked = s.agent.messages.find((m) => m.type === "tunnelOpen");
    expect(asked).toMatchObject({
      consent: { timeout_ms: 30_000, default_action: "deny" },
      banner: true,
      recorded: true,
    });

    s.agent.send({ type: "tunnelConsent", session, state: "waiting", timeout_ms: 30_000 });
    await until(() => all(s.browser, "tunnelConsent").length === 1);
    s.agent.send({ type: "tunnelConsent", session, state: "refused" });
    s.agent.send({ type: "tunnelClose", session, reason: SESSION_TEXT.refused });
    await until(() => all(s.browser, "tunnelClosed").length === 1);
    expect(all(s.browser, "tunnelConsent").map((m) => m.state)).toEqual(["waiting", "refused"]);
    expect(all(s.browser, "tunnelClosed")[0].reason).toBe("Refused at the device.");
    // On record: who asked, and that the device refused.
    await eventually(async () => (await auditOf(s.device.uuid, "device.remote_session.terminal")).length === 1);
    const [refused] = await auditOf(s.device.uuid, "device.remote_session.terminal");
    expect(refused.after).toMatchObject({ status: "refused", session, reason: "Refused at the device." });
    expect(refused.actor_user_uuid).toBe(s.admin.user.uuid);
    // The browser heard the session would be recorded before anything else.
    expect(all(s.browser, "tunnelRecorded")[0]).toMatchObject({ session, recording: "This session is recorded." });
  });

  it("prompt only during working hours: asked inside the location's hours, not outside (clock injected)", async () => {
    const admin = await memberOf("admin");
    const space = admin.space.space_uuid;
    const location = await makeLocation(space, {
      global_working_time_enabled: false,
      global_timezone_enabled: false,
      timezone: "UTC",
    });
    await makeWorkingTime(space, location.uuid, "monday", [{ start: "09:00:00", end: "17:00:00" }]);
    const consent = { mode: "working_hours" as const, timeout_s: 20, default_action: "allow" as const, banner: false };
    const ask = (now: string) =>
      consentFor(db(), {
        space_uuid: space,
        location_uuid: location.uuid,
        consent,
        operator: "Ada",
        now: new Date(now),
      });
    // 2026-11-30 is a Monday.
    expect((await ask("2026-11-30T10:00:00Z")).consent).toEqual({
      timeout_ms: 20_000,
      default_action: "allow",
      operator: "Ada",
    });
    expect((await ask("2026-11-30T18:00:00Z")).consent).toBeNull();
    expect((await ask("2026-12-01T10:00:00Z")).consent).toBeNull();
  });

  it("records a terminal as asciicast v2 in R2 while it runs; the Admin replays it; the audit entry links it", async () => {
    const s = await setup("admin");
    await savePolicy(s, { ...DEFAULT_SESSION_POLICY, recording: { required: true, input: true, retention_days: 30 } });
    const session = crypto.randomUUID();
    sendJson(s.browser, { type: "tunnelOpen", session, kind: "terminal", cols: 100, rows: 30 });
    await until(() => s.agent.messages.some((m) => m.type === "tunnelOpen" && m.session === session));
    s.agent.send({ type: "tunnelOpened", session });
    await until(() => all(s.browser, "tunnelOpened").length === 1);
    s.browser.ws?.send(dataFrame(session, bytes("echo hi\r")));
    await until(() => s.agent.binary.length === 1);
    s.agent.ws?.send(dataFrame(session, bytes("hi\r\n$ ")));
    await until(() => s.browser.binary.length === 1);

    // Streamed: the output is in R2 before the session ends (a chunk leaves within a second).
    const bucket = (env as unknown as Env).FILES;
    const prefix = recordingPrefix(s.space, session);
    await eventually(async () => (await bucket.list({ prefix })).objects.length >= 2);

    sendJson(s.browser, { type: "tunnelClose", session });
    await until(() => all(s.browser, "tunnelClosed").length === 1);
    let audit: Awaited<ReturnType<typeof auditOf>> = [];
    await eventually(async () => {
      audit = await auditOf(s.device.uuid, "device.remote_session.terminal");
      return audit.length === 2;
    });

    const replay = await api(`/api/space/${s.space}/recording/${session}/`, { token: s.admin.token });
    expect(replay.status).toBe(200);
    const lines = (await replay.text())
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ version: 2, width: 100, height: 30 });
    expect(lines.slice(1).map(([, code, text]) => [code, text])).toEqual([
      ["i", "echo hi\r"],
      ["o", "hi\r\n$ "],
    ]);
    const closed = audit.find((a) => (a.after as { status: string }).status === "closed") as Record<string, unknown>;
    expect(closed.recording_path).toBe(`/devices/device/view/${s.space}/${s.device.uuid}/recording/${session}`);
    expect(closed).toMatchObject({ bytes_in: 6, bytes_out: 8 });

    const list: { items: unknown[] } = await (
      await api(`/api/space/${s.space}/recording/items/`, { token: s.admin.token })
    ).json();
    expect(list.items).toEqual([expect.objectContaining({ session, kind: "terminal", device_uuid: s.device.uuid })]);
    // Deleting it is audited, and its chunks go.
    const del = await api(`/api/space/${s.space}/recording/${session}/`, { method: "DELETE", token: s.admin.token });
    expect(del.status).toBe(204);
    expect((await bucket.list({ prefix })).objects).toEqual([]);
    expect(await auditOf(session, "device.recording.delete")).toHaveLength(1);
  });

  it("a space requiring recording refuses a session whose recorder cannot write", async () => {
    const s = await setup("admin");
    await savePolicy(s, { ...DEFAULT_SESSION_POLICY, recording: { required: true, input: false, retention_days: 30 } });
    const room = await getServerByName((env as unknown as Env).Device, s.device.uuid);
    await runInDurableObject(room, (instance) => {
      const own = instance as unknown as { env: Env };
      const broken = {
        ...own.env.FILES,
        put: () => Promise.reject(new Error("R2 unavailable")),
      } as unknown as R2Bucket;
      own.env = { ...own.env, FILES: broken };
    });
    const session = crypto.randomUUID();
    sendJson(s.browser, { type: "tunnelOpen", session, kind: "terminal" });
    await until(() => all(s.browser, "tunnelClosed").length === 1);
    expect(all(s.browser, "tunnelClosed")[0].reason).toBe(SESSION_TEXT.recorderFailed);
    expect(s.agent.messages.some((m) => m.type === "tunnelOpen")).toBe(false);
  });
});
