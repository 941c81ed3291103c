import { env, evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { eq, inArray } from "drizzle-orm";
import { getServerByName } from "partyserver";
import { describe, expect, it } from "vitest";
import { OFFLINE_AFTER_MS, type PresenceState } from "../../contracts/devices/presence.ts";
import { deviceAvailabilityTable, deviceOutageTable, deviceTable } from "../../drizzle/schema/index.ts";
import type { Env } from "../../worker/env.ts";
import { RESTART_GRACE_MS } from "../../worker/rooms/device-room.ts";
import { kvSet } from "../../worker/rooms/device-storage.ts";
import { reconcileOffline, recordOffline } from "../../worker/services/devices/presence.ts";
import {
  ADMIT_WAIT_MS,
  admission,
  admit,
  MAX_WAITING,
  newAdmission,
  toldBackBy,
} from "../../worker/services/devices/presence-admission.ts";
import { gatheredSoFar } from "../../worker/services/devices/presence-batch.ts";
import { db, makeDevice, makeDeviceCredential, makeLocation, memberOf } from "../factories.ts";
import { join, until } from "../ws.ts";

/** The test Worker's env with a D1 binding that counts the statements it runs (a batch's each). */
function countingEnv() {
  const real = (env as unknown as Env).DB;
  let statements = 0;
  const DB = new Proxy(real, {
    get(target, key) {
      if (key === "batch")
        return (list: D1PreparedStatement[]) => {
          statements += list.length;
          return target.batch(list);
        };
      if (key === "prepare")
        return (query: string) => {
          const stmt = target.prepare(query);
          const counted = (s: D1PreparedStatement): D1PreparedStatement =>
            new Proxy(s, {
              get(t, k) {
                if (k === "bind") return (...v: unknown[]) => counted(t.bind(...v));
                if (k === "all" || k === "run" || k === "first" || k === "raw")
                  return (...a: unknown[]) => {
                    statements++;
                    return (t[k] as (...x: unknown[]) => unknown).apply(t, a);
                  };
                const value = Reflect.get(t, k, t);
                return typeof value === "function" ? value.bind(t) : value;
              },
            });
          return counted(stmt);
        };
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { env: { ...(env as unknown as Env), DB } as Env, statements: () => statements };
}

const outagesOf = (uuid: string) =>
  db()
    .select({ started_at: deviceOutageTable.started_at, cause: deviceOutageTable.cause })
    .from(deviceOutageTable)
    .where(eq(deviceOutageTable.device_uuid, uuid));
const deviceRow = (uuid: string) => db().select().from(deviceTable).where(eq(deviceTable.uuid, uuid)).get();

/** The room's fields this test sets, standing in for the time that passes. */
type RoomInside = { presence: { restartGraceUntil: number } };

/**
 * A device online in D1 whose room, as after a forced restart of the runtime, starts again with its
 * saved presence online, a last heartbeat 100 s old (heartbeats were kept on the lost socket) and no
 * agent socket; its saved alarm is due.
 */
async function restartedRoom() {
  const member = await memberOf("viewer");
  const since = Date.now() - 3600_000;
  const lastHeartbeat = Date.now() - 100_000;
  const device = await makeDevice(member.space.space_uuid, {
    connected_status: "connected",
    online: true,
    online_since: new Date(since).toISOString(),
    last_seen: new Date(lastHeartbeat).toISOString(),
  });
  const room = await getServerByName(env.Device, device.uuid);
  const saved: PresenceState = {
    online: true,
    online_since: since,
    last_seen: lastHeartbeat,
    last_heartbeat: lastHeartbeat,
  };
  await runInDurableObject(room, async (_instance, state) => {
    kvSet(state.storage.sql, "state", { presence: saved, written: null });
    await state.storage.setAlarm(Date.now());
  });
  // A new instance: nothing in memory, no socket, the storage and the alarm as they were.
  await evictDurableObject(room);
  return { member, device, room, lastHeartbeat };
}

describe("a DeviceRoom started again after a restart", () => {
  it("waits one grace window from its start before calling its device offline; offline after it if the agent never returns", async () => {
    const { device, room, lastHeartbeat } = await restartedRoom();
    const started = Date.now();
    expect(await runDurableObjectAlarm(room)).toBe(true);
    // The stored heartbeat is 100 s old (past the 90 s rule), but the room has only just started.
    expect(await deviceRow(device.uuid)).toMatchObject({ online: true });
    expect(await outagesOf(device.uuid)).toEqual([]);
    const alarm = await runInDurableObject(room, (_i, state) => state.storage.getAlarm());
    expect(alarm).toBeGreaterThanOrEqual(started + RESTART_GRACE_MS);
    expect(RESTART_GRACE_MS).toBeLessThanOrEqual(OFFLINE_AFTER_MS);

    // The grace window ends with no agent back: offline, the outage from when it was last heard.
    await runInDurableObject(room, (instance) => {
      (instance as unknown as RoomInside).presence.restartGraceUntil = Date.now() - 1;
    });
    expect(await runDurableObjectAlarm(room)).toBe(true);
    await expect.poll(async () => (await deviceRow(device.uuid))?.online).toBe(false);
    expect(await outagesOf(device.uuid)).toEqual([
      { started_at: new Date(lastHeartbeat).toISOString(), cause: "heartbeat_missed" },
    ]);
  });

  it("an agent the server told to come back later is waited for past the window, until its latest return", async () => {
    const { device, room } = await restartedRoom();
    // Its connect was turned away (4503) in this isolate: it may be back in up to 200 s.
    admission.toldBack.set(device.uuid, Date.now() + 200_000);
    expect(await runDurableObjectAlarm(room)).toBe(true);
    await runInDurableObject(room, (instance) => {
      (instance as unknown as RoomInside).presence.restartGraceUntil = Date.now() - 1;
    });
    expect(await runDurableObjectAlarm(room)).toBe(true);
    expect(await deviceRow(device.uuid)).toMatchObject({ online: true });
    const alarm = await runInDurableObject(room, (_i, state) => state.storage.getAlarm());
    expect(alarm).toBeGreaterThanOrEqual(Date.now() + 150_000);
    // Past that time, no agent: offline.
    admission.toldBack.set(device.uuid, Date.now() - 1);
    expect(await runDurableObjectAlarm(room)).toBe(true);
    await expect.poll(async () => (await deviceRow(device.uuid))?.online).toBe(false);
  });

  it("an agent back within the grace window keeps its device online, with no outage", async () => {
    const { device, room } = await restartedRoom();
    expect(await runDurableObjectAlarm(room)).toBe(true);
    const agent = await join(`/parties/device/${device.uuid}`, await makeDeviceCredential(device));
    agent.ws?.send(JSON.stringify({ type: "heartbeat" }));
    await until(() => agent.messages.some((m) => m.type === "pong"));
    // Past the window: the heartbeat heard since is what counts.
    await runInDurableObject(room, (instance) => {
      (instance as unknown as RoomInside).presence.restartGraceUntil = Date.now() - 1;
    });
    await runDurableObjectAlarm(room);
    expect(await deviceRow(device.uuid)).toMatchObject({ online: true });
    expect(await outagesOf(device.uuid)).toEqual([]);
    agent.ws?.close();
    // Its offline write done before the next test counts batches.
    await expect.poll(async () => (await deviceRow(device.uuid))?.online).toBe(false);
  });
});

describe("the admission gate remembers who it told to come back", () => {
  it("a turned-away device may be back by its retry-after with the agent's jitter and a wait for a place", async () => {
    const gate = newAdmission();
    gate.waiting = MAX_WAITING;
    const now = 1_000_000;
    const place = await admit(gate, 1, () => now, undefined, "dev-1");
    if (!("retryAfterS" in place)) throw new Error("expected to be turned away");
    const told = Math.ceil(place.retryAfterS);
    expect(toldBackBy(gate, "dev-1", now)).toBe(now + told * 1250 + 1000 + ADMIT_WAIT_MS);
    expect(toldBackBy(gate, "dev-2", now)).toBeNull();
    // Past that time it is forgotten.
    expect(toldBackBy(gate, "dev-1", now + told * 1250 + 1001 + ADMIT_WAIT_MS)).toBeNull();
  });
});

describe("offline transitions are gathered across rooms", () => {
  it("20 devices going offline at once: a few batches of six statements, each device written as alone", async () => {
    const member = await memberOf("viewer");
    const space = member.space.space_uuid;
    const location = await makeLocation(space);
    const since = Date.parse("2026-11-28T23:00:00Z");
    const devices: Awaited<ReturnType<typeof makeDevice>>[] = [];
    for (let i = 0; i < 20; i++)
      devices.push(
        await makeDevice(space, {
          location_uuid: location.uuid,
          connected_status: "connected",
          online: true,
          online_since: new Date(since).toISOString(),
        }),
      );
    const counting = countingEnv();
    // The gatherer is the isolate's: an earlier test's room may still have a write waiting, which
    // the drain started here would write too, or be about to push one (a room going offline first
    // writes its last report). Count from when nothing has waited or been pushed for half a second.
    let quiet = { since: Date.now(), pushed: -1 };
    await until(() => {
      const s = gatheredSoFar().offline;
      if (s.pushed !== s.items + s.abandoned || s.pushed !== quiet.pushed)
        quiet = { since: Date.now(), pushed: s.pushed };
      return Date.now() - quiet.since >= 500;
    }, 10_000);
    const before = gatheredSoFar().offline;
    const lastSeen = (i: number) => since + 2 * 3600_000 + i * 1000;
    await Promise.all(
      devices.map((d, i) =>
        recordOffline(counting.env, d.uuid, { since, lastSeen: lastSeen(i) }, i % 2 ? "connection_lost" : "silence"),
      ),
    );
    const after = gatheredSoFar().offline;
    const batches = after.batches - before.batches;
    // Another file's room may still go offline meanwhile (after writing its last report first, so
    // later than it asked): its item is counted too, and may have made one more batch.
    const foreign = after.items - before.items - 20;
    expect(foreign).toBeGreaterThanOrEqual(0);
    // The first goes out alone; the others gather while it is in flight.
    expect(batches).toBeLessThanOrEqual(3 + foreign);
    // Six per batch, plus alerting's first reads of the location (cached per isolate after).
    expect(counting.statements()).toBeGreaterThanOrEqual(6 * batches);
    expect(counting.statements() / 20).toBeLessThan(1.5);

    const uuids = devices.map((d) => d.uuid);
    const rows = await db().select().from(deviceTable).where(inArray(deviceTable.uuid, uuids));
    expect(rows.every((r) => !r.online && r.online_since === null)).toBe(true);
    const five = rows.find((r) => r.uuid === devices[5].uuid);
    expect(five?.last_seen).toBe(new Date(lastSeen(5)).toISOString());
    const outages = await db().select().from(deviceOutageTable).where(inArray(deviceOutageTable.device_uuid, uuids));
    expect(outages).toHaveLength(20);
    expect(outages.find((o) => o.device_uuid === devices[5].uuid)).toMatchObject({
      started_at: new Date(lastSeen(5)).toISOString(),
      ended_at: null,
      cause: "connection_lost",
    });
    // The streak's seconds on each UTC day it spanned: 1 h on the 28th, 1 h + i s on the 29th.
    const days = await db()
      .select()
      .from(deviceAvailabilityTable)
      .where(eq(deviceAvailabilityTable.device_uuid, devices[5].uuid))
      .orderBy(deviceAvailabilityTable.day);
    expect(days.map((d) => [d.day, d.online_seconds])).toEqual([
      ["2026-11-28", 3600],
      ["2026-11-29", 3605],
    ]);

    // Written again (a retried write, or a reconciliation): no second outage, no change.
    await Promise.all(uuids.map((u) => reconcileOffline(counting.env, u)));
    expect(
      await db().select().from(deviceOutageTable).where(inArray(deviceOutageTable.device_uuid, uuids)),
    ).toHaveLength(20);
    expect((await deviceRow(devices[5].uuid))?.last_seen).toBe(new Date(lastSeen(5)).toISOString());
  });
});
