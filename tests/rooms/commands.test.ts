import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { getServerByName } from "partyserver";
import { describe, expect, it } from "vitest";
import { AGENT_ATTEMPT_HEADER } from "../../contracts/access/principal.ts";
import { CommandRecord, OUTCOME_UNKNOWN_MESSAGE } from "../../contracts/commands/queue.ts";
import { COMMAND_TIMEOUT_MS, TIMEOUT_MESSAGE, UNAVAILABLE_MESSAGE } from "../../contracts/commands/schema.ts";
import { ApiErrorBody } from "../../contracts/http/errors.ts";
import { CloseCode } from "../../contracts/realtime/events.ts";
import { auditLogTable, deviceTable } from "../../drizzle/schema/index.ts";
import { ACK_GRACE_MS, DIRECT_DEADLINE_MS } from "../../worker/rooms/broker.ts";
import type { ConnState } from "../../worker/rooms/room.ts";
import { api, db, makeDevice, makeDeviceCredential, memberOf } from "../factories.ts";
import { fakeAgent } from "../fake-agent.ts";
import { join, until } from "../ws.ts";

/** 1×1 JPEG. */
const JPEG =
  "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAAA//EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AN//Z";

async function setup() {
  const member = await memberOf("content_manager");
  const device = await makeDevice(member.space.space_uuid, { connected_status: "connected" });
  const base = `/api/space/${member.space.space_uuid}/device/${device.uuid}`;
  const room = await getServerByName(env.Device, device.uuid);
  const shot = (request_id: string) =>
    api(`${base}/screen-capture/`, { method: "POST", token: member.token, json: { action: "screenshot", request_id } });
  const record = async (id: string) => {
    const res = await api(`${base}/command/${id}/`, { token: member.token });
    return { status: res.status, body: res.status === 200 ? CommandRecord.parse(await res.json()) : null };
  };
  return { member, device, base, room, shot, record };
}

const settle = () => until(() => false, 250).catch(() => {});

/** Moves a command's deadline into the past and runs the room's alarm (its verdict, as 32 s later). */
async function passDeadline(room: Awaited<ReturnType<typeof setup>>["room"], id: string) {
  await runInDurableObject(room, (_instance, state) => {
    state.storage.sql.exec("UPDATE command_log SET deadline = ? WHERE id = ?", Date.now() - 60_000, id);
  });
  await runDurableObjectAlarm(room);
}

const auditStatuses = async (device: string, id: string) =>
  (
    await db()
      .select()
      .from(auditLogTable)
      .where(and(eq(auditLogTable.entity_uuid, device), eq(auditLogTable.action, "device.command.screenshot")))
  )
    .map((r) => r.after as { id: string; status: string })
    .filter((a) => a.id === id)
    .map((a) => a.status);

describe("truthful command outcomes", () => {
  it("unavailable: never written to an agent (offline): 503 device_offline, nothing stored", async () => {
    const { shot, record } = await setup();
    const res = await shot("offline-0001");
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ code: "device_offline", message: UNAVAILABLE_MESSAGE });
    expect((await record("offline-0001")).status).toBe(404);
  });

  it("expired: written with a 30 s deadline, not acked by it: 503 device_timeout (it did not run)", async () => {
    const { device, room, shot, record } = await setup();
    const agent = await fakeAgent(device, () => ({ ack: false, answer: null }));
    const before = Date.now();
    const call = shot("silent-0001");
    await until(() => agent.seen.length === 1);
    const deadline = agent.seen[0].deadline ?? 0;
    // The room answers by 28 s (deadline 26 s + ack grace), inside the browser's 30 s.
    expect(deadline).toBeGreaterThanOrEqual(before + DIRECT_DEADLINE_MS);
    expect(deadline).toBeLessThanOrEqual(Date.now() + DIRECT_DEADLINE_MS);
    expect(deadline + ACK_GRACE_MS).toBeLessThan(before + COMMAND_TIMEOUT_MS);
    expect(agent.seen[0].ttl_ms).toBeGreaterThan(DIRECT_DEADLINE_MS - 5_000);
    expect(agent.seen[0].ttl_ms).toBeLessThanOrEqual(DIRECT_DEADLINE_MS);
    expect((await record("silent-0001")).body).toMatchObject({ state: "delivered", late: false });
    await passDeadline(room, "silent-0001");
    const res = await call;
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ code: "device_timeout", message: TIMEOUT_MESSAGE });
    expect((await record("silent-0001")).body).toMatchObject({ state: "expired", acked_at: null });
    // The agent refuses it after its deadline: nothing changes.
    agent.send({ type: "commandResult", id: "silent-0001", ok: false, error: "expired", expired: true });
    await settle();
    expect((await record("silent-0001")).body?.state).toBe("expired");
    expect(await auditStatuses(device.uuid, "silent-0001")).toEqual(["timed_out"]);
    agent.ws?.close();
  });

  it("in_doubt: acked then the agent leaves → 504 outcome_unknown; the late answer on a new socket settles it (late), audited; a retry while offline answers it", async () => {
    const { member, device, base, shot, record } = await setup();
    const watcher = await join(`/parties/device/${device.uuid}`, member.token);
    const first = await fakeAgent(device, () => {
      setTimeout(() => first.ws?.close(), 10);
      return { ack: true, answer: null };
    });
    const res = await shot("doubt-0001");
    expect(res.status).toBe(504);
    const body = ApiErrorBody.parse(await res.json());
    expect(body).toMatchObject({
      code: "outcome_unknown",
      message: OUTCOME_UNKNOWN_MESSAGE,
      command_id: "doubt-0001",
      status_url: `${base}/command/doubt-0001/`,
    });
    expect(body.request_id).toBeTruthy();
    expect((await record("doubt-0001")).body).toMatchObject({ state: "in_doubt", late: false });

    // The agent comes back: its hello brings the in-doubt command again; its journal answers it.
    const second = await fakeAgent(device, () => ({ ack: true, answer: { ok: true, result: { image_base64: JPEG } } }));
    second.hello();
    await until(() => second.seen.length === 1);
    expect(second.seen[0]).toMatchObject({ id: "doubt-0001", action: "screenshot" });
    await until(() => watcher.messages.some((m) => m.type === "commandUpdate" && m.record?.late === true));
    const late = await api(body.status_url ?? "", { token: member.token });
    expect(CommandRecord.parse(await late.json())).toMatchObject({
      id: "doubt-0001",
      state: "succeeded",
      late: true,
      result: {},
    });
    await settle();
    expect(await auditStatuses(device.uuid, "doubt-0001")).toEqual(["in_doubt", "succeeded late"]);

    // Offline now: a retry of the same request_id answers the stored outcome (the late image is in R2).
    second.ws?.close();
    await settle();
    const retry = await shot("doubt-0001");
    expect(retry.status).toBe(200);
    const { screenshot_url } = (await retry.json()) as { screenshot_url: string };
    expect((await api(screenshot_url, { token: member.token })).status).toBe(200);
    watcher.ws?.close();
  });

  it("in_doubt: acked but no answer by the deadline → 504; a late answer of a setting is recorded in the catalogue", async () => {
    const { member, device, base, room, record } = await setup();
    const agent = await fakeAgent(device, () => ({ ack: true, answer: null }));
    const call = api(`${base}/enabled-status/`, {
      method: "PATCH",
      token: member.token,
      json: { enabled: false, request_id: "enable-0001" },
    });
    await until(() => agent.seen.length === 1);
    await settle();
    await passDeadline(room, "enable-0001");
    const res = await call;
    expect(res.status).toBe(504);
    expect(await res.json()).toMatchObject({ code: "outcome_unknown", command_id: "enable-0001" });
    const unchanged = await db().select().from(deviceTable).where(eq(deviceTable.uuid, device.uuid)).get();
    expect(unchanged?.enabled).toBe(true);
    agent.send({ type: "commandResult", id: "enable-0001", ok: true, result: { enabled: false } });
    await settle();
    expect((await record("enable-0001")).body).toMatchObject({ state: "succeeded", late: true });
    const recorded = await db().select().from(deviceTable).where(eq(deviceTable.uuid, device.uuid)).get();
    expect(recorded?.enabled).toBe(false);
    // The retry answers the stored outcome and records nothing twice.
    const retry = await api(`${base}/enabled-status/`, {
      method: "PATCH",
      token: member.token,
      json: { enabled: false, request_id: "enable-0001" },
    });
    expect(retry.status).toBe(200);
    expect(agent.seen).toHaveLength(1);
    const audits = await db()
      .select()
      .from(auditLogTable)
      .where(and(eq(auditLogTable.entity_uuid, device.uuid), eq(auditLogTable.action, "device.enabled")));
    expect(audits).toHaveLength(1);
    agent.ws?.close();
  });

  it("a second agent socket closes the first (4409) and gets the un-acked command again on hello", async () => {
    const { device, shot } = await setup();
    const first = await fakeAgent(device, () => ({ ack: false, answer: null }));
    const call = shot("takeover-0001");
    await until(() => first.seen.length === 1);
    const second = await fakeAgent(device, () => ({ answer: { ok: true, result: { image_base64: JPEG } } }));
    await until(() => first.closed.length === 1);
    expect(first.closed[0]).toMatchObject({ code: CloseCode.replaced });
    second.hello();
    const res = await call;
    expect(res.status).toBe(200);
    expect(second.seen.map((m) => m.id)).toEqual(["takeover-0001"]);
    second.ws?.close();
  });

  it("the newest connection *attempt* wins: an older attempt's upgrade completing late is closed, the live socket stays", async () => {
    const { device } = await setup();
    const credential = await makeDeviceCredential(device);
    const path = `/parties/device/${device.uuid}`;
    const live = await join(path, undefined, { bearer: credential, headers: { [AGENT_ATTEMPT_HEADER]: "2000" } });
    await until(() => live.messages.some((m) => m.type === "welcome"));
    // The agent's abandoned earlier attempt (1000) completes after the live one: it is the one closed.
    const stale = await join(path, undefined, { bearer: credential, headers: { [AGENT_ATTEMPT_HEADER]: "1000" } });
    await until(() => stale.closed.length === 1);
    expect(stale.closed[0]).toMatchObject({ code: CloseCode.replaced });
    await settle();
    expect(live.closed).toEqual([]);
    // A newer attempt still takes over, as does one without a number (older agents).
    const newer = await join(path, undefined, { bearer: credential, headers: { [AGENT_ATTEMPT_HEADER]: "3000" } });
    await until(() => live.closed.length === 1);
    expect(live.closed[0]).toMatchObject({ code: CloseCode.replaced });
    const unnumbered = await join(path, undefined, { bearer: credential });
    await until(() => newer.closed.length === 1);
    expect(unnumbered.closed).toEqual([]);
    unnumbered.ws?.close();
  });

  it("a watching dashboard never hears 'offline' while one agent socket replaces another", async () => {
    const { member, device } = await setup();
    const credential = await makeDeviceCredential(device);
    const path = `/parties/device/${device.uuid}`;
    const watcher = await join(path, member.token);
    await until(() => watcher.messages.some((m) => m.type === "presence"));
    const presences = () => watcher.messages.filter((m) => m.type === "presence") as { online: boolean }[];
    const agent = (attempt: string) =>
      join(path, undefined, { bearer: credential, headers: { [AGENT_ATTEMPT_HEADER]: attempt } });
    const first = await agent("1000");
    await until(() => presences().at(-1)?.online === true);
    const heardOnline = presences().length;
    // A newer attempt takes over; an abandoned older one completes late and is refused.
    const second = await agent("2000");
    await until(() => first.closed.length === 1);
    const stale = await agent("1500");
    await until(() => stale.closed.length === 1);
    await settle();
    expect(
      presences()
        .slice(heardOnline - 1)
        .map((p) => p.online),
    ).not.toContain(false);
    expect((await db().select().from(deviceTable).where(eq(deviceTable.uuid, device.uuid)).get())?.online).toBe(true);
    // A dashboard joining now hears online too.
    const late = await join(path, member.token);
    await until(() => late.messages.some((m) => m.type === "presence"));
    expect(late.messages.find((m) => m.type === "presence")).toMatchObject({ online: true });
    for (const s of [watcher, second, late]) s.ws?.close();
  });

  it("an agent that pings and then falls silent for 25 s is closed; its acked command becomes in_doubt", async () => {
    const { device, room, shot, record } = await setup();
    const agent = await fakeAgent(device, () => ({ ack: true, answer: null }));
    // The silence rule counts once the room has answered the hello.
    agent.hello();
    await until(() => agent.messages.some((m) => m.type === "helloAck"));
    agent.send({ type: "ping", at: Date.now() });
    await until(() => agent.messages.some((m) => m.type === "pong"));
    const call = shot("silence-0001");
    await until(() => agent.seen.length === 1);
    await settle();
    expect((await record("silence-0001")).body?.state).toBe("acked");
    // 25 s of silence, as the socket's last frame time.
    await runInDurableObject(room, (instance) => {
      for (const c of instance.getConnections<ConnState>("agent")) {
        if (c.state) c.setState({ ...c.state, frameAt: Date.now() - 26_000 });
      }
    });
    await runDurableObjectAlarm(room);
    const res = await call;
    expect(res.status).toBe(504);
    await until(() => agent.closed.length === 1);
    expect(agent.closed[0].code).toBe(CloseCode.silent);
    expect((await record("silence-0001")).body?.state).toBe("in_doubt");
  });

  it("an agent that never pings is not held to the 25 s rule (older agents)", async () => {
    const { device, room } = await setup();
    const agent = await fakeAgent(device);
    await runInDurableObject(room, (instance) => {
      for (const c of instance.getConnections<ConnState>("agent")) {
        if (c.state) c.setState({ ...c.state, frameAt: Date.now() - 26_000 });
      }
    });
    await runDurableObjectAlarm(room);
    await settle();
    expect(agent.closed).toEqual([]);
    agent.ws?.close();
  });
});
