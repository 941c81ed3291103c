import { env } from "cloudflare:test";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deviceOutageTable, devicePeripheralConditionTable, deviceTable } from "../../drizzle/schema/index.ts";
import type { Env } from "../../worker/env.ts";
import { recordOnline } from "../../worker/services/devices/presence.ts";
import { gatheredSoFar } from "../../worker/services/devices/presence-batch.ts";
import { recordInventory, recordTelemetry } from "../../worker/services/devices/records.ts";
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

async function fleet(n: number) {
  const member = await memberOf("content_manager");
  const space = member.space.space_uuid;
  const location = await makeLocation(space);
  const devices = [];
  for (let i = 0; i < n; i++) {
    devices.push(
      await makeDevice(space, {
        location_uuid: location.uuid,
        connected_status: i % 2 ? "connected" : "installation_pending",
      }),
    );
  }
  return { member, space, location, devices };
}

const rows = (uuids: string[]) => db().select().from(deviceTable).where(inArray(deviceTable.uuid, uuids));

describe("a connect wave's D1 writes are gathered across rooms", () => {
  it("20 devices going online at once: a few batches of six statements, each device written as alone", async () => {
    const { devices } = await fleet(20);
    // One of them had an open outage: the streak that starts ends it.
    await db().insert(deviceOutageTable).values({
      space_uuid: devices[1].space_uuid,
      device_uuid: devices[1].uuid,
      started_at: "2026-11-01T00:00:00.000Z",
      cause: "connection_lost",
    });
    const counting = countingEnv();
    const before = gatheredSoFar().online;
    const now = Date.parse("2026-11-29T10:00:00Z");
    await Promise.all(devices.map((d, i) => recordOnline(counting.env, d.uuid, { now: now + i, since: now + i })));
    const after = gatheredSoFar().online;
    const batches = after.batches - before.batches;
    expect(after.items - before.items).toBe(20);
    // The first goes out alone; the others gather while it is in flight.
    expect(batches).toBeLessThanOrEqual(3);
    // Six per batch, and the space's region read once for the pushes (cached per isolate after).
    expect(counting.statements()).toBeGreaterThanOrEqual(6 * batches);
    expect(counting.statements()).toBeLessThanOrEqual(6 * batches + 1);
    expect(counting.statements() / 20).toBeLessThan(1);
    const written = await rows(devices.map((d) => d.uuid));
    expect(written.every((d) => d.online && d.connected_status === "connected" && d.installed_at !== null)).toBe(true);
    const one = written.find((d) => d.uuid === devices[5].uuid);
    expect(one?.online_since).toBe(new Date(now + 5).toISOString());
    expect(one?.last_seen).toBe(new Date(now + 5).toISOString());
    const outage = await db()
      .select()
      .from(deviceOutageTable)
      .where(eq(deviceOutageTable.device_uuid, devices[1].uuid))
      .get();
    expect(outage?.ended_at).toBe(new Date(now + 1).toISOString());
  });

  it("hellos and first reports of 20 devices: one statement per hello batch, five per report batch", async () => {
    const { devices } = await fleet(20);
    await db().update(deviceTable).set({ connected_status: "archived" }).where(eq(deviceTable.uuid, devices[0].uuid));
    const counting = countingEnv();
    const hello = (i: number) => ({
      machine_id: `m-${i}`,
      inventory: { operating_system_name: `OS ${i}`, ram_size: 1024 * i, local_ip_addresses: [`10.0.0.${i}`] },
    });
    await Promise.all(devices.map((d, i) => recordInventory(counting.env, d.uuid, hello(i))));
    const helloStatements = counting.statements();
    expect(helloStatements).toBeLessThanOrEqual(3);
    const written = await rows(devices.map((d) => d.uuid));
    const seven = written.find((d) => d.uuid === devices[7].uuid);
    expect(seven).toMatchObject({
      machine_id: "m-7",
      operating_system_name: "OS 7",
      ram_size: 7168,
      local_ip_addresses: ["10.0.0.7"],
    });
    // A key the agent left out keeps its value; an archived device keeps what it had.
    expect(seven?.cpu_model).toBe(devices[7].cpu_model);
    expect(written.find((d) => d.uuid === devices[0].uuid)?.machine_id).toBe(devices[0].machine_id);

    const report = (i: number) => ({
      cpu: { status: i % 3 === 0 ? 3 : 0, cores: 4, threads: 8, load1: 1, load5: 1, load15: 1 },
      peripherals: {
        status: 0,
        devicesInfo: [{ name: "Bill acceptor", type: "bill_acceptor", combined_status: i % 2 ? 3 : 0 }],
      },
    });
    const now = Date.parse("2026-11-29T10:00:00Z");
    await Promise.all(devices.map((d, i) => recordTelemetry(counting.env, d.uuid, report(i) as never, now)));
    const reportStatements = counting.statements() - helloStatements;
    // Five per batch (at most three batches), and the space's region once for the news.
    expect(reportStatements).toBeLessThanOrEqual(16);
    const reported = await rows(devices.map((d) => d.uuid));
    const three = reported.find((d) => d.uuid === devices[3].uuid);
    expect(three?.cpu_condition).toBe(3);
    expect(three?.telemetry_updated_at).toBe(new Date(now).toISOString());
    expect(three?.latest_telemetry).toMatchObject({ cpu: { status: 3 } });
    const conditions = await db()
      .select()
      .from(devicePeripheralConditionTable)
      .where(inArray(devicePeripheralConditionTable.device_uuid, [devices[3].uuid, devices[4].uuid]));
    expect(conditions.map((c) => [c.device_uuid, c.type, c.condition]).sort()).toEqual(
      [
        [devices[3].uuid, "bill_acceptor", 3],
        [devices[4].uuid, "bill_acceptor", 0],
      ].sort(),
    );
    // The same report again changes no condition row; another one replaces the device's rows.
    await recordTelemetry(counting.env, devices[4].uuid, report(5) as never, now + 60_000);
    const replaced = await db()
      .select()
      .from(devicePeripheralConditionTable)
      .where(eq(devicePeripheralConditionTable.device_uuid, devices[4].uuid));
    expect(replaced.map((c) => c.condition)).toEqual([3]);
  });

  it("a room answers the hello (helloAck) and skips the D1 write of a hello it already wrote", async () => {
    const { devices } = await fleet(1);
    const device = devices[0];
    const agent = await join(`/parties/device/${device.uuid}`, await makeDeviceCredential(device));
    const hello = JSON.stringify({
      type: "hello",
      agent_version: "test",
      machine_id: "m-same",
      inventory: { operating_system_name: "Same OS" },
    });
    const acks = () => agent.messages.filter((m) => m.type === "helloAck").length;
    agent.ws?.send(hello);
    await until(() => acks() === 1);
    await expect.poll(async () => (await rows([device.uuid]))[0]?.machine_id).toBe("m-same");
    // The same hello again (a reconnect after an outage): answered, and no D1 write. The row's
    // machine id is set aside first, so a write would show. (The gatherer's counters are the
    // isolate's: other test files' rooms may add to them meanwhile.)
    await db().update(deviceTable).set({ machine_id: "m-set-aside" }).where(eq(deviceTable.uuid, device.uuid));
    agent.ws?.send(hello);
    await until(() => acks() === 2);
    await until(() => false, 300).catch(() => {});
    expect((await rows([device.uuid]))[0]?.machine_id).toBe("m-set-aside");
    agent.ws?.close();
  });
});
