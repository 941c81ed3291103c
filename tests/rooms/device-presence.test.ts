import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { getServerByName } from "partyserver";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { TIMEOUT_MESSAGE } from "../../contracts/commands/schema.ts";
import { AGENT_STOPPING_REASON, OFFLINE_AFTER_MS } from "../../contracts/devices/presence.ts";
import { AGENT_SILENCE_MS, ServerMessage } from "../../contracts/realtime/events.ts";
import { auditLogTable, deviceAvailabilityTable, deviceOutageTable, deviceTable } from "../../drizzle/schema/index.ts";
import { reconcileOffline, recordOffline, recordOnline } from "../../worker/services/devices/presence.ts";
import { db, makeDevice, makeDeviceCredential, makeLocation, memberOf, uid } from "../factories.ts";
import { join, until } from "../ws.ts";

const deviceRow = async (uuid: string) => db().select().from(deviceTable).where(eq(deviceTable.uuid, uuid)).get();
/** The device's outages, oldest first. */
const outages = (uuid: string) =>
  db()
    .select({
      started_at: deviceOutageTable.started_at,
      ended_at: deviceOutageTable.ended_at,
      cause: deviceOutageTable.cause,
    })
    .from(deviceOutageTable)
    .where(eq(deviceOutageTable.device_uuid, uuid))
    .orderBy(deviceOutageTable.id);

async function connectedDevice(status: "connected" | "installation_pending" = "connected") {
  const member = await memberOf("content_manager");
  const device = await makeDevice(member.space.space_uuid, { connected_status: status });
  const credential = await makeDeviceCredential(device);
  return { member, device, credential };
}

/** A row of the room's key-value table (its saved state is one JSON text). */
const KvRow = z.object({ value: z.string() });

/** A fake agent: acks every command and answers with `answer` (or never, when it returns null). */
function answerCommands(
  agent: Awaited<ReturnType<typeof join>>,
  answer: (m: Extract<ServerMessage, { type: "command" }>) => object | null,
) {
  agent.ws?.addEventListener("message", (e) => {
    const m = ServerMessage.parse(JSON.parse(String(e.data)));
    if (m.type !== "command") return;
    agent.ws?.send(JSON.stringify({ type: "commandAck", id: m.id }));
    const reply = answer(m);
    if (reply) agent.ws?.send(JSON.stringify({ type: "commandResult", id: m.id, ...reply }));
  });
}

describe("DeviceRoom presence", () => {
  it("agent joins → online in D1 and deviceOnline/deviceInstalled on the SpaceRoom; leaves → offline", async () => {
    const { member, device, credential } = await connectedDevice("installation_pending");
    const space = await join(`/parties/space/${member.space.space_uuid}`, member.token);
    const watcher = await join(`/parties/device/${device.uuid}`, member.token);
    await until(() => space.messages.some((m) => m.type === "welcome"));
    await until(() => watcher.messages.some((m) => m.type === "presence"));
    expect(watcher.messages.find((m) => m.type === "presence")).toMatchObject({ online: false });

    const agent = await join(`/parties/device/${device.uuid}`, credential);
    const about = (event: string) => (m: ServerMessage) =>
      m.type === "deviceDetailsUpdate" && m.event === event && m.device_uuid === device.uuid;
    await until(() => space.messages.some(about("deviceOnline")));
    await until(() => space.messages.some(about("deviceInstalled")));
    const online = await deviceRow(device.uuid);
    expect(online).toMatchObject({ online: true, connected_status: "connected" });
    expect(online?.online_since).toBeTruthy();
    expect(online?.installed_at).toBeTruthy();
    await until(() => watcher.messages.some((m) => m.type === "presence" && m.online));

    agent.ws?.send(JSON.stringify({ type: "heartbeat" }));
    agent.ws?.send(
      JSON.stringify({
        type: "telemetry",
        telemetry: { cpu: { status: 2, cores: 4, threads: 8, load1: 6, load5: 5, load15: 4 } },
      }),
    );
    await until(() => false, 300).catch(() => {});
    agent.ws?.close();
    await until(() => space.messages.some(about("deviceOffline")));
    const offline = await deviceRow(device.uuid);
    expect(offline).toMatchObject({ online: false, online_since: null, cpu_condition: 2, combined_status: 2 });
    expect(offline?.latest_telemetry?.cpu?.load1).toBe(6);
    // The outage opens when it was last heard; a close that is not the agent's own stop is a lost connection.
    expect(await outages(device.uuid)).toEqual([
      { started_at: offline?.last_seen, ended_at: null, cause: "connection_lost" },
    ]);
    // A sub-second streak adds no whole second to device_availability (per-day split: unit tests).
    const days = await db()
      .select()
      .from(deviceAvailabilityTable)
      .where(eq(deviceAvailabilityTable.device_uuid, device.uuid));
    expect(days.every((d) => d.online_seconds <= 1)).toBe(true);
    const room = await getServerByName(env.Device, device.uuid);
    expect((await room.telemetryHistory()).length).toBe(1);
    space.ws?.close();
    watcher.ws?.close();
  });

  it("an agent that says it is stopping leaves an outage caused by its stop", async () => {
    const { device, credential } = await connectedDevice();
    const agent = await join(`/parties/device/${device.uuid}`, credential);
    const room = await getServerByName(env.Device, device.uuid);
    await expect.poll(async () => (await room.presenceState()).online).toBe(true);
    agent.ws?.close(1000, AGENT_STOPPING_REASON);
    await expect.poll(async () => (await outages(device.uuid)).map((o) => o.cause)).toEqual(["agent_stopped"]);
  });

  it("missed heartbeats (alarm) → offline while the socket stays; the next heartbeat → online", async () => {
    const { member, device, credential } = await connectedDevice();
    const space = await join(`/parties/space/${member.space.space_uuid}`, member.token);
    const agent = await join(`/parties/device/${device.uuid}`, credential);
    const about = (event: string) => (m: ServerMessage) =>
      m.type === "deviceDetailsUpdate" && m.event === event && m.device_uuid === device.uuid;
    await until(() => space.messages.some(about("deviceOnline")));
    const room = await getServerByName(env.Device, device.uuid);
    // 100 s without a heartbeat (OFFLINE_AFTER_MS is 90 s).
    await runInDurableObject(room, (instance) => {
      const state = (instance as unknown as { presence: { state: { last_heartbeat: number } } }).presence.state;
      state.last_heartbeat = Date.now() - 100_000;
    });
    expect(await runDurableObjectAlarm(room)).toBe(true);
    await until(() => space.messages.some(about("deviceOffline")));
    const missed = await deviceRow(device.uuid);
    expect(missed).toMatchObject({ online: false });
    expect(await outages(device.uuid)).toEqual([
      { started_at: missed?.last_seen, ended_at: null, cause: "heartbeat_missed" },
    ]);
    agent.ws?.send(JSON.stringify({ type: "heartbeat" }));
    await until(() => space.messages.filter(about("deviceOnline")).length === 2);
    const back = await deviceRow(device.uuid);
    expect(back).toMatchObject({ online: true });
    // Back: the outage ends where the new streak begins.
    expect(await outages(device.uuid)).toEqual([
      { started_at: missed?.last_seen, ended_at: back?.online_since, cause: "heartbeat_missed" },
    ]);
    agent.ws?.close();
    space.ws?.close();
  });

  it("a new agent socket arms one alarm, for the 25 s silence check; it re-arms the 90 s presence check", async () => {
    const { device, credential } = await connectedDevice();
    const joinedAt = Date.now();
    const agent = await join(`/parties/device/${device.uuid}`, credential);
    const room = await getServerByName(env.Device, device.uuid);
    await expect.poll(async () => (await room.presenceState()).online).toBe(true);
    const alarm = () => runInDurableObject(room, (_instance, state) => state.storage.getAlarm());
    const first = await alarm();
    expect(first).toBeGreaterThanOrEqual(joinedAt + AGENT_SILENCE_MS);
    expect(first).toBeLessThan(Date.now() + AGENT_SILENCE_MS + 1);
    // A ping (the agent's keepalive) needs no alarm of its own now.
    agent.ws?.send(JSON.stringify({ type: "ping", at: Date.now() }));
    await until(() => agent.messages.some((m) => m.type === "pong"));
    expect(await alarm()).toBe(first);
    // The early alarm closes nothing (a frame came just now) and leaves the device online, with
    // the next check armed: the silence check again while the agent pings, within the 90 s window.
    expect(await runDurableObjectAlarm(room)).toBe(true);
    expect((await room.presenceState()).online).toBe(true);
    const next = await alarm();
    expect(next).not.toBeNull();
    expect(next).toBeLessThanOrEqual(Date.now() + OFFLINE_AFTER_MS);
    expect(agent.ws?.readyState).toBe(WebSocket.OPEN);
    agent.ws?.close();
  });

  it("a heartbeat is kept on the agent's socket, not written to the room's storage or D1", async () => {
    const { device, credential } = await connectedDevice();
    const watcher = await join(`/parties/device/${device.uuid}`, credential);
    await until(() => watcher.messages.some((m) => m.type === "welcome"));
    const room = await getServerByName(env.Device, device.uuid);
    await expect.poll(async () => (await room.presenceState()).online).toBe(true);
    const saved = () =>
      runInDurableObject(
        room,
        (_instance, state) =>
          KvRow.parse(state.storage.sql.exec("SELECT value FROM kv WHERE key = 'state'").one()).value,
      );
    const before = await saved();
    const row = await deviceRow(device.uuid);
    const firstSeen = (await room.presenceState()).last_seen;
    await new Promise((resolve) => setTimeout(resolve, 20));
    for (let i = 0; i < 3; i++) watcher.ws?.send(JSON.stringify({ type: "heartbeat" }));
    await expect.poll(async () => (await room.presenceState()).last_seen).not.toBe(firstSeen);
    // The room knows the newer heartbeat (its socket carries it across hibernation)…
    const heard = await runInDurableObject(room, (instance) =>
      [
        ...(
          instance as unknown as { getConnections: (tag: string) => Iterable<{ state: { heard?: number } }> }
        ).getConnections("agent"),
      ].map((c) => c.state.heard),
    );
    expect(heard[0]).toBe(Date.parse((await room.presenceState()).last_seen ?? ""));
    // …but neither its storage nor the device row changed.
    expect(await saved()).toBe(before);
    expect(await deviceRow(device.uuid)).toEqual(row);
    watcher.ws?.close();
  });

  it("stores the hello's inventory on the device", async () => {
    const { device, credential } = await connectedDevice();
    const agent = await join(`/parties/device/${device.uuid}`, credential);
    agent.ws?.send(
      JSON.stringify({
        type: "hello",
        agent_version: "1.0.0",
        machine_id: "m-1",
        inventory: { operating_system_name: "Debian", mac_addresses: ["aa:bb"] },
      }),
    );
    await until(() => false, 300).catch(() => {});
    const row = await deviceRow(device.uuid);
    expect(row).toMatchObject({ operating_system_name: "Debian", machine_id: "m-1", mac_addresses: ["aa:bb"] });
    agent.ws?.close();
  });
});

describe("location status pushes", () => {
  it("a location goes offline → partially online → online and back as its devices' agents come and go", async () => {
    const member = await memberOf("viewer");
    const space_uuid = member.space.space_uuid;
    const location = await makeLocation(space_uuid, { name: "Kiosk Hall" });
    const [a, b] = [
      await makeDevice(space_uuid, { connected_status: "connected", location_uuid: location.uuid }),
      await makeDevice(space_uuid, { connected_status: "connected", location_uuid: location.uuid }),
    ];
    // A device not installed yet does not count (console.md: status over installed devices).
    await makeDevice(space_uuid, { connected_status: "non_connected", location_uuid: location.uuid });
    const space = await join(`/parties/space/${space_uuid}`, member.token);
    await until(() => space.messages.some((m) => m.type === "welcome"));
    const events = () =>
      space.messages.flatMap((m) =>
        m.type === "locationDetailsUpdate" && m.location_uuid === location.uuid ? [m.event] : [],
      );
    const agentA = await join(`/parties/device/${a.uuid}`, await makeDeviceCredential(a));
    await until(() => events().length === 1);
    const agentB = await join(`/parties/device/${b.uuid}`, await makeDeviceCredential(b));
    await until(() => events().length === 2);
    agentA.ws?.close();
    await until(() => events().length === 3);
    agentB.ws?.close();
    await until(() => events().length === 4);
    expect(events()).toEqual([
      "locationPartiallyOnline",
      "locationOnline",
      "locationPartiallyOnline",
      "locationOffline",
    ]);
    const last = space.messages.findLast((m) => m.type === "locationDetailsUpdate");
    expect(last).toMatchObject({
      space_uuid,
      location_name: "Kiosk Hall",
      data: { online_status: "offline", total_online_number: 0, total_connected_number: 2 },
    });
    space.ws?.close();
  });
});

describe("presence writes (one D1 batch per change)", () => {
  const availability = (device_uuid: string) =>
    db()
      .select()
      .from(deviceAvailabilityTable)
      .where(eq(deviceAvailabilityTable.device_uuid, device_uuid))
      .orderBy(deviceAvailabilityTable.day);

  it("an offline streak adds its seconds per day in the device's space; a second streak on a day adds to it", async () => {
    const member = await memberOf("viewer");
    const device = await makeDevice(member.space.space_uuid, { connected_status: "connected", online: true });
    const since = Date.parse("2026-11-20T23:00:00Z");
    await recordOffline(env, device.uuid, { since, lastSeen: since + 2 * 3600_000 });
    expect(await availability(device.uuid)).toEqual([
      { space_uuid: member.space.space_uuid, device_uuid: device.uuid, day: "2026-11-20", online_seconds: 3600 },
      { space_uuid: member.space.space_uuid, device_uuid: device.uuid, day: "2026-11-21", online_seconds: 3600 },
    ]);
    await recordOffline(env, device.uuid, { since: since + 3 * 3600_000, lastSeen: since + 3 * 3600_000 + 90_000 });
    expect((await availability(device.uuid)).map((d) => d.online_seconds)).toEqual([3600, 3690]);
    expect(await deviceRow(device.uuid)).toMatchObject({
      online: false,
      online_since: null,
      last_seen: new Date(since + 3 * 3600_000 + 90_000).toISOString(),
    });
  });

  it("an outage opens with its cause when a streak ends and closes when the next begins; never two open", async () => {
    const member = await memberOf("viewer");
    const device = await makeDevice(member.space.space_uuid, { connected_status: "connected", online: true });
    const t = Date.parse("2026-11-20T23:00:00Z");
    const at = (ms: number) => new Date(ms).toISOString();
    await recordOffline(env, device.uuid, { since: t, lastSeen: t + 3600_000 }, "agent_stopped");
    // A second offline write (a retried one) opens nothing more.
    await recordOffline(env, device.uuid, { since: null, lastSeen: t + 3700_000 }, "silence");
    expect(await outages(device.uuid)).toEqual([
      { started_at: at(t + 3600_000), ended_at: null, cause: "agent_stopped" },
    ]);
    await recordOnline(env, device.uuid, { now: t + 7200_000, since: t + 7200_000 });
    expect(await outages(device.uuid)).toEqual([
      { started_at: at(t + 3600_000), ended_at: at(t + 7200_000), cause: "agent_stopped" },
    ]);
    // Disabled when it went offline: that is the cause, whatever the socket said.
    await db().update(deviceTable).set({ enabled: false }).where(eq(deviceTable.uuid, device.uuid));
    await recordOffline(env, device.uuid, { since: t + 7200_000, lastSeen: t + 9000_000 }, "connection_lost");
    expect((await outages(device.uuid)).at(-1)).toEqual({
      started_at: at(t + 9000_000),
      ended_at: null,
      cause: "disabled",
    });
  });

  it("a reconciled device's outage starts when it was last heard, and only once", async () => {
    const member = await memberOf("viewer");
    const lastSeen = "2026-11-20T10:00:00.000Z";
    const device = await makeDevice(member.space.space_uuid, {
      connected_status: "connected",
      online: true,
      online_since: "2026-11-20T09:00:00.000Z",
      last_seen: lastSeen,
    });
    expect(await reconcileOffline(env, device.uuid)).toBe(true);
    expect(await reconcileOffline(env, device.uuid)).toBe(false);
    expect(await outages(device.uuid)).toEqual([{ started_at: lastSeen, ended_at: null, cause: "unknown" }]);
  });

  it("a device that no longer exists: nothing is written and nothing fails", async () => {
    const gone = uid();
    await recordOnline(env, gone, { now: Date.now(), since: Date.now() });
    await recordOffline(env, gone, { since: Date.now() - 3600_000, lastSeen: Date.now() });
    expect(await reconcileOffline(env, gone)).toBe(false);
    expect(await availability(gone)).toEqual([]);
    expect(await outages(gone)).toEqual([]);
  });

  it("the first connection ends the installation once; a later one keeps installed_at", async () => {
    const member = await memberOf("viewer");
    const device = await makeDevice(member.space.space_uuid, { connected_status: "installation_pending" });
    const first = Date.parse("2026-11-20T10:00:00Z");
    await recordOnline(env, device.uuid, { now: first, since: first });
    expect(await deviceRow(device.uuid)).toMatchObject({
      online: true,
      connected_status: "connected",
      installed_at: new Date(first).toISOString(),
    });
    await recordOnline(env, device.uuid, { now: first + 60_000, since: first + 60_000 });
    expect(await deviceRow(device.uuid)).toMatchObject({
      connected_status: "connected",
      installed_at: new Date(first).toISOString(),
      last_seen: new Date(first + 60_000).toISOString(),
    });
    expect(await reconcileOffline(env, device.uuid)).toBe(true);
    expect(await reconcileOffline(env, device.uuid)).toBe(false);
    expect(await deviceRow(device.uuid)).toMatchObject({
      online: false,
      last_seen: new Date(first + 60_000).toISOString(),
    });
  });
});

describe("DeviceRoom reconciles a device the list shows online without an agent", () => {
  it("after the offline window without an agent, D1 and the space's dashboards learn it is offline", async () => {
    const member = await memberOf("viewer");
    const device = await makeDevice(member.space.space_uuid, {
      connected_status: "connected",
      online: true,
      online_since: new Date(Date.now() - 3600_000).toISOString(),
    });
    const space = await join(`/parties/space/${member.space.space_uuid}`, member.token);
    const watcher = await join(`/parties/device/${device.uuid}`, member.token);
    await until(() => watcher.messages.some((m) => m.type === "presence"));
    const room = await getServerByName(env.Device, device.uuid);
    const alarm = await runInDurableObject(room, (_instance, state) => state.storage.getAlarm());
    expect(alarm).toBeGreaterThan(Date.now() + 60_000); // the offline window, not at once
    expect(await runDurableObjectAlarm(room)).toBe(true);
    await until(() =>
      space.messages.some(
        (m) => m.type === "deviceDetailsUpdate" && m.event === "deviceOffline" && m.device_uuid === device.uuid,
      ),
    );
    expect(await deviceRow(device.uuid)).toMatchObject({ online: false, online_since: null });
    space.ws?.close();
    watcher.ws?.close();
  });

  it("leaves an online device alone when its agent connects within the window", async () => {
    const { member, device, credential } = await connectedDevice();
    const watcher = await join(`/parties/device/${device.uuid}`, member.token);
    await until(() => watcher.messages.some((m) => m.type === "presence"));
    const agent = await join(`/parties/device/${device.uuid}`, credential);
    await until(() => watcher.messages.some((m) => m.type === "presence" && m.online));
    const room = await getServerByName(env.Device, device.uuid);
    await runDurableObjectAlarm(room);
    expect(await deviceRow(device.uuid)).toMatchObject({ online: true });
    agent.ws?.close();
    watcher.ws?.close();
  });
});

describe("DeviceRoom command broker", () => {
  it("round-trips a command to the agent, once per id, with progress for dashboards and an audit entry", async () => {
    const { member, device, credential } = await connectedDevice();
    const watcher = await join(`/parties/device/${device.uuid}`, member.token);
    const agent = await join(`/parties/device/${device.uuid}`, credential);
    await until(() => watcher.messages.some((m) => m.type === "presence" && m.online));
    let executed = 0;
    answerCommands(agent, () => {
      executed++;
      return { ok: true, result: { port: 2222 } };
    });
    const room = await getServerByName(env.Device, device.uuid);
    const id = uid();
    const actor = { user_uuid: member.user.uuid, space_uuid: member.space.space_uuid };
    const [a, b] = await Promise.all([
      room.runCommand({ id, action: "reverse-ssh", actor }),
      room.runCommand({ id, action: "reverse-ssh", actor }),
    ]);
    expect(a).toEqual({ status: "succeeded", result: { port: 2222 }, received: true });
    expect(b).toEqual(a);
    expect(await room.runCommand({ id, action: "reverse-ssh", actor })).toEqual(a);
    expect(executed).toBe(1);
    await until(() => watcher.messages.some((m) => m.type === "commandUpdate" && m.status === "succeeded"));
    expect(watcher.messages.filter((m) => m.type === "commandUpdate").map((m) => "status" in m && m.status)).toEqual([
      "pending",
      "received",
      "succeeded",
    ]);
    const audit = await db().select().from(auditLogTable).where(eq(auditLogTable.entity_uuid, device.uuid));
    expect(audit.map((r) => r.action)).toContain("device.command.reverse-ssh");
    agent.ws?.close();
    watcher.ws?.close();
  });

  it("an acknowledged command whose agent disconnects is in_doubt; refuses while offline", async () => {
    const { member, device, credential } = await connectedDevice();
    const actor = { user_uuid: member.user.uuid, space_uuid: member.space.space_uuid };
    const room = await getServerByName(env.Device, device.uuid);
    expect(await room.runCommand({ id: uid(), action: "screenshot", actor })).toMatchObject({
      status: "unavailable",
    });
    const agent = await join(`/parties/device/${device.uuid}`, credential);
    await until(() => agent.messages.some((m) => m.type === "welcome"));
    await until(() => false, 200).catch(() => {});
    answerCommands(agent, () => {
      setTimeout(() => agent.ws?.close(), 10);
      return null;
    });
    const outcome = await room.runCommand({ id: uid(), action: "screenshot", actor });
    expect(outcome).toMatchObject({ status: "in_doubt", received: true });
    expect(TIMEOUT_MESSAGE).toMatch(/try again later/);
  });
});
