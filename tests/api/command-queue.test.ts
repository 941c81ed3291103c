import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { and, eq, sql } from "drizzle-orm";
import { getServerByName } from "partyserver";
import { describe, expect, it } from "vitest";
import { CommandList, CommandRecord, NOT_CANCELLABLE_MESSAGE } from "../../contracts/commands/queue.ts";
import { auditLogTable, deviceTable } from "../../drizzle/schema/index.ts";
import { QUEUED_MESSAGE } from "../../worker/rooms/broker.ts";
import { api, db, errorsOf, makeDevice, memberOf } from "../factories.ts";
import { type Command, fakeAgent } from "../fake-agent.ts";
import { until } from "../ws.ts";

async function setup(role: "content_manager" | "viewer" = "content_manager") {
  const member = await memberOf(role);
  const device = await makeDevice(member.space.space_uuid, { connected_status: "connected", online: false });
  const base = `/api/space/${member.space.space_uuid}/device/${device.uuid}`;
  const room = await getServerByName(env.Device, device.uuid);
  const queue = (json: object, token = member.token) => api(`${base}/command/add/`, { method: "POST", token, json });
  const record = async (id: string) =>
    CommandRecord.parse(await (await api(`${base}/command/${id}/`, { token: member.token })).json());
  const list = async () =>
    CommandList.parse(await (await api(`${base}/command/items/`, { token: member.token })).json()).commands;
  return { member, device, base, room, queue, record, list };
}

/** A fake agent that says hello and answers each command (`answer` null: acks only). */
async function agentOf(device: { uuid: string; space_uuid: string }, answer: (m: Command) => object | null) {
  const agent = await fakeAgent(device, (m) => ({ answer: answer(m) }));
  agent.hello();
  return agent;
}

const settle = () => until(() => false, 250).catch(() => {});

describe("command queue", () => {
  it("queues for an offline device, lists newest first, delivers FIFO on hello, one at a time, exactly once", async () => {
    const { member, device, queue, list, record } = await setup();
    const ids = ["q-1", "q-2", "q-3"].map((id) => `${id}-${crypto.randomUUID()}`);
    const first = await queue({ action: "telemetry-refresh", request_id: ids[0] });
    expect(first.status).toBe(202);
    expect(CommandRecord.parse(await first.json())).toMatchObject({ id: ids[0], state: "queued", deadline: null });
    expect((await queue({ action: "set-debug", params: { debug_mode: true }, request_id: ids[1] })).status).toBe(202);
    expect((await queue({ action: "telemetry-refresh", request_id: ids[2] })).status).toBe(202);
    // The same request_id again: the existing command, 200.
    const again = await queue({ action: "telemetry-refresh", request_id: ids[0] });
    expect(again.status).toBe(200);
    expect(CommandRecord.parse(await again.json()).id).toBe(ids[0]);
    const queued = await list();
    expect(queued.map((c) => c.id)).toEqual([...ids].reverse());
    expect(queued[0]).toMatchObject({ state: "queued", supersede_key: null, late: false });
    // The issuer by the name the space shows (no full name: the display name).
    expect(queued[0].issued_by).toBe(member.user.display_name);
    expect((await record(ids[0])).issued_by).toBe(member.user.display_name);
    expect(Date.parse(queued[0].expires_at ?? "") - Date.parse(queued[0].created_at)).toBe(86_400_000);

    let inFlight = 0;
    let most = 0;
    const agent = await agentOf(device, () => {
      inFlight++;
      most = Math.max(most, inFlight);
      setTimeout(() => {
        inFlight--;
        agent.ws?.send(JSON.stringify({ type: "commandResult", id: agent.seen.at(-1)?.id, ok: true, result: {} }));
      }, 30);
      return null;
    });
    await until(() => agent.seen.length === 3);
    await settle();
    expect(agent.seen.map((m) => m.id)).toEqual(ids);
    expect(most).toBe(1);
    expect(agent.seen.every((m) => typeof m.deadline === "number")).toBe(true);
    for (const id of ids) expect(await record(id)).toMatchObject({ state: "succeeded" });
    // The queued setting is recorded in the catalogue like the PATCH would.
    await settle();
    const row = await db().select().from(deviceTable).where(eq(deviceTable.uuid, device.uuid)).get();
    expect(row?.debug_mode).toBe(true);
    const audit = await db()
      .select()
      .from(auditLogTable)
      .where(and(eq(auditLogTable.entity_uuid, device.uuid), eq(auditLogTable.action, "device.command.set-debug")));
    expect(audit.map((r) => (r.after as { status: string }).status)).toEqual(["queued", "succeeded"]);
    agent.ws?.close();
  });

  it("an agent with a queue window gets that many queued commands at once (ordered, deadlines stretched), the next as each ends", async () => {
    const { device, queue, record } = await setup();
    const ids = [1, 2, 3, 4, 5].map((i) => `w-${i}-${crypto.randomUUID()}`);
    for (const id of ids) expect((await queue({ action: "telemetry-refresh", request_id: id })).status).toBe(202);
    // Acks on arrival, answers only when told (the test plays the agent's ordered run).
    const agent = await fakeAgent(device, () => ({ answer: null }));
    agent.send({ type: "hello", agent_version: "test", queue_window: 3 });
    await until(() => agent.seen.length === 3);
    await settle();
    expect(agent.seen.map((m) => m.id)).toEqual(ids.slice(0, 3));
    expect(agent.seen.every((m) => m.ordered === true)).toBe(true);
    // Each one ahead in the window gives the next 30 s more before the room's verdict.
    const [a, b, c] = agent.seen.map((m) => m.deadline ?? 0);
    expect(Math.round((b - a) / 1000)).toBe(30);
    expect(Math.round((c - a) / 1000)).toBe(60);
    expect(await record(ids[2])).toMatchObject({ state: "acked" });
    agent.send({ type: "commandResult", id: ids[0], ok: true, result: {} });
    await until(() => agent.seen.length === 4);
    expect(agent.seen[3].id).toBe(ids[3]);
    for (const id of ids.slice(1, 4)) agent.send({ type: "commandResult", id, ok: true, result: {} });
    await until(() => agent.seen.length === 5);
    agent.send({ type: "commandResult", id: ids[4], ok: true, result: {} });
    await settle();
    for (const id of ids) expect(await record(id)).toMatchObject({ state: "succeeded" });
    expect(agent.seen.map((m) => m.id)).toEqual(ids);
    agent.ws?.close();
  });

  it("records a run of queued settings in the catalogue in the order the agent answered them", async () => {
    const { device, queue, record } = await setup();
    // on, off, on, off, on, off: answered back to back, each one's D1 write must not overtake the one before.
    const values = [true, false, true, false, true, false];
    const ids = values.map((_, i) => `debug-${i}-${crypto.randomUUID()}`);
    for (const [i, debug_mode] of values.entries()) {
      expect((await queue({ action: "set-debug", params: { debug_mode }, request_id: ids[i] })).status).toBe(202);
    }
    const agent = await agentOf(device, () => ({ ok: true, result: {} }));
    await until(() => agent.seen.length === values.length, 10_000);
    for (let i = 0; i < 40 && (await record(ids[ids.length - 1])).state !== "succeeded"; i++) await settle();
    await settle();
    const row = await db().select().from(deviceTable).where(eq(deviceTable.uuid, device.uuid)).get();
    expect(row?.debug_mode).toBe(false);
    const changes = await db()
      .select()
      .from(auditLogTable)
      .where(and(eq(auditLogTable.entity_uuid, device.uuid), eq(auditLogTable.action, "device.debug_mode")))
      .orderBy(sql`rowid`);
    expect(changes.map((r) => (r.after as { debug_mode: boolean }).debug_mode)).toEqual(values);
    const steps = await db()
      .select()
      .from(auditLogTable)
      .where(and(eq(auditLogTable.entity_uuid, device.uuid), eq(auditLogTable.action, "device.command.set-debug")));
    expect(steps.filter((r) => (r.after as { status: string }).status === "succeeded")).toHaveLength(values.length);
    agent.ws?.close();
  });

  it("a direct call reusing a queued command's request_id is 409 and sends nothing (documented reply)", async () => {
    const { member, base, queue, record } = await setup();
    const id = `queued-${crypto.randomUUID()}`;
    expect((await queue({ action: "screenshot", request_id: id })).status).toBe(202);
    const direct = await api(`${base}/screen-capture/`, {
      method: "POST",
      token: member.token,
      json: { action: "screenshot", request_id: id },
    });
    expect(direct.status).toBe(409);
    expect(await direct.json()).toMatchObject({ code: "conflict", message: QUEUED_MESSAGE });
    expect(await record(id)).toMatchObject({ state: "queued" });
  });

  it("expires a queued command when its TTL passes (the room's alarm)", async () => {
    const { room, queue, record } = await setup();
    const res = await queue({ action: "screenshot", ttl_seconds: 60, request_id: "ttl-0001" });
    const queued = CommandRecord.parse(await res.json());
    expect(Date.parse(queued.expires_at ?? "") - Date.parse(queued.created_at)).toBe(60_000);
    await runInDurableObject(room, (_instance, state) => {
      state.storage.sql.exec("UPDATE command_log SET expires_at = ? WHERE id = ?", Date.now() - 1, "ttl-0001");
    });
    await runDurableObjectAlarm(room);
    expect(await record("ttl-0001")).toMatchObject({ state: "expired", delivered_at: null });
    expect((await queue({ action: "screenshot", ttl_seconds: 59 })).status).toBe(400);
    expect((await queue({ action: "screenshot", ttl_seconds: 7 * 86_400 + 1 })).status).toBe(400);
  });

  it("cancels a queued command; one already delivered is 409; purge cancels what waits", async () => {
    const { device, base, member, queue, record, list } = await setup();
    const post = (path: string) => api(`${base}/command/${path}/`, { method: "POST", token: member.token });
    await queue({ action: "telemetry-refresh", request_id: "cancel-0001" });
    const cancelled = await post("cancel-0001/cancel");
    expect(cancelled.status).toBe(200);
    expect(CommandRecord.parse(await cancelled.json())).toMatchObject({ state: "cancelled" });
    expect((await post("cancel-0001/cancel")).status).toBe(200);
    expect((await post("nothing-0001/cancel")).status).toBe(404);

    // Delivered (acked, no answer yet): it cannot be recalled.
    const agent = await agentOf(device, () => null);
    await queue({ action: "telemetry-refresh", request_id: "cancel-0002" });
    await until(() => agent.seen.length === 1);
    await settle();
    const late = await post("cancel-0002/cancel");
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ code: "conflict", message: NOT_CANCELLABLE_MESSAGE });
    // The next ones wait behind it; purge cancels them.
    await queue({ action: "telemetry-refresh", request_id: "cancel-0003" });
    await queue({ action: "screenshot", request_id: "cancel-0004" });
    const purged = await post("purge");
    expect(await purged.json()).toEqual({ cancelled: 2 });
    expect(await record("cancel-0004")).toMatchObject({ state: "cancelled" });
    expect((await list()).find((c) => c.id === "cancel-0002")?.state).toBe("acked");
    agent.ws?.close();
  });

  it("a newer command with the same supersede_key replaces the waiting one", async () => {
    const { queue, record } = await setup();
    await queue({ action: "set-enabled", params: { enabled: false }, supersede_key: "power", request_id: "sup-0001" });
    await queue({ action: "set-enabled", params: { enabled: true }, supersede_key: "power", request_id: "sup-0002" });
    await queue({ action: "set-enabled", params: { enabled: true }, request_id: "sup-0003" });
    expect(await record("sup-0001")).toMatchObject({ state: "superseded", supersede_key: "power" });
    expect(await record("sup-0002")).toMatchObject({ state: "queued" });
    expect(await record("sup-0003")).toMatchObject({ state: "queued" });
  });

  it("Disable queued for an offline device: the newest decision wins, taken first on reconnect, recorded", async () => {
    const { device, queue, record } = await setup();
    const id = (name: string) => `${name}-${crypto.randomUUID()}`;
    const telemetry = id("tel");
    const disable = id("off");
    const enable = id("on");
    const disableAgain = id("off2");
    expect((await queue({ action: "telemetry-refresh", request_id: telemetry })).status).toBe(202);
    expect((await queue({ action: "set-enabled", params: { enabled: false }, request_id: disable })).status).toBe(202);
    await queue({ action: "set-enabled", params: { enabled: true }, request_id: enable, ttl_seconds: 3600 });
    await queue({ action: "set-enabled", params: { enabled: false }, request_id: disableAgain, ttl_seconds: 3600 });
    // Without a key of their own, Disable / Enable share one: only the newest waits.
    expect(await record(disable)).toMatchObject({ state: "superseded", supersede_key: "enabled" });
    expect(await record(enable)).toMatchObject({ state: "superseded" });
    const waiting = await record(disableAgain);
    expect(waiting).toMatchObject({ state: "queued", supersede_key: "enabled" });
    expect(Date.parse(waiting.expires_at ?? "") - Date.parse(waiting.created_at)).toBe(3_600_000);
    const agent = await agentOf(device, () => ({ ok: true, result: {} }));
    await until(() => agent.seen.length === 2);
    await settle();
    // Queued after the telemetry refresh, delivered before it.
    expect(agent.seen.map((m) => m.id)).toEqual([disableAgain, telemetry]);
    for (let i = 0; i < 40 && (await record(disableAgain)).state !== "succeeded"; i++) await settle();
    await settle();
    const row = await db().select().from(deviceTable).where(eq(deviceTable.uuid, device.uuid)).get();
    expect(row?.enabled).toBe(false);
    agent.ws?.close();
  });

  it("a display configuration saved offline is a queued command a newer one supersedes (no TTL)", async () => {
    const { member, room, list } = await setup();
    const actor = { user_uuid: member.user.uuid, space_uuid: member.space.space_uuid };
    await room.setPendingDisplayConfig({ displays: [{ name: "HDMI-1" }], actor });
    await room.setPendingDisplayConfig({ displays: [{ name: "HDMI-2" }], actor });
    const [newer, older] = await list();
    expect(newer).toMatchObject({ action: "apply-display-config", state: "queued", supersede_key: "display-config" });
    expect(newer.expires_at).toBeNull();
    expect(older).toMatchObject({ state: "superseded" });
    // Applied online: what still waits is superseded.
    await room.setPendingDisplayConfig(null);
    expect((await list()).map((c) => c.state)).toEqual(["superseded", "superseded"]);
  });

  it("checks params, rights and roles; members read, viewers cannot queue", async () => {
    const { member, base, queue } = await setup();
    const bad = await queue({ action: "set-debug", params: {} });
    expect(bad.status).toBe(400);
    expect(Object.keys((await errorsOf(bad)) ?? {})).toEqual(["params.debug_mode"]);
    expect((await queue({ action: "explode" })).status).toBe(400);
    expect((await queue({ action: "reverse-ssh" })).status).toBe(403);
    expect((await queue({ action: "headless-remote-desktop" })).status).toBe(403);
    expect((await queue({ action: "instant-reboot", request_id: "power-0001" })).status).toBe(202);
    const viewer = await memberOf("viewer", member.space);
    expect((await queue({ action: "instant-reboot" }, viewer.token)).status).toBe(403);
    expect((await api(`${base}/command/items/`, { token: viewer.token })).status).toBe(200);
    expect((await api(`${base}/command/power-0001/`, { token: viewer.token })).status).toBe(200);
    expect((await api(`${base}/command/purge/`, { method: "POST", token: viewer.token })).status).toBe(403);
    const stranger = await memberOf("admin");
    expect((await api(`${base}/command/items/`, { token: stranger.token })).status).toBe(403);
  });
});
