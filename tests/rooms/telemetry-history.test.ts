import { env, listDurableObjectIds, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { getServerByName } from "partyserver";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DeviceDetail } from "../../contracts/devices/detail.ts";
import type { Telemetry } from "../../contracts/realtime/events.ts";
import { deviceTable } from "../../drizzle/schema/index.ts";
import type { Written } from "../../worker/rooms/telemetry-flush.ts";
import { BUCKET_MS, RAW_MS, ROLLUP_MS, TelemetryHistory } from "../../worker/rooms/telemetry-history.ts";
import { api, db, makeDevice, makeDeviceCredential, memberOf, uid } from "../factories.ts";
import { join, until } from "../ws.ts";

const MIN = 60_000;
const HOUR = 3_600_000;
/** A fixed clock: the history takes time as an argument. Aligned to a rollup bucket. */
const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);

type Parts = { load1?: number; temp?: number; free?: number; disks?: [string, number][]; rx?: number; tx?: number };
/** A report with known values: 8 threads, 1000 bytes of memory, partitions of 100 bytes. */
const report = (p: Parts, status = 0): Telemetry => ({
  cpu: { status, cores: 4, threads: 8, load1: p.load1 ?? 0, load5: 0, load15: 0 },
  ram: { status: 0, total: 1000, free: p.free ?? 500, swap_total: 0, swap_free: 0 },
  storage: { status: 0, partitions: (p.disks ?? []).map(([name, free]) => ({ name, size: 100, free })) },
  ...(p.temp === undefined ? {} : { thermal: { status: 0, cpu_temperature: p.temp } }),
  ...(p.rx === undefined
    ? {}
    : { network: { status: 0, devices: [{ name: "eth0", rx_bytes: p.rx, tx_bytes: p.tx ?? 0 }] } }),
});

/** Runs `fn` with a TelemetryHistory on the SQLite of a fresh Durable Object. */
async function withHistory<T>(fn: (h: TelemetryHistory, sql: SqlStorage) => T): Promise<T> {
  const stub = await getServerByName(env.Device, uid());
  return runInDurableObject(stub, (_instance, state) => fn(new TelemetryHistory(state.storage.sql), state.storage.sql));
}

/** Rows read from the room's SQLite: a count, a point's time. */
const CountRow = z.object({ n: z.number() });
const AtRow = z.object({ at: z.number() });

const count = (sql: SqlStorage, table: string, where = "1") =>
  CountRow.parse(sql.exec(`SELECT count(*) AS n FROM ${table} WHERE ${where}`).one()).n;

/** Polls an async check (D1 reads) until it holds, or fails after `ms`. */
async function eventually(check: () => Promise<boolean>, ms = 3000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
}
const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("TelemetryHistory", () => {
  it("rolls one-minute values up into 15-minute min/avg/max as samples arrive", async () => {
    const { raw, rolled } = await withHistory((h) => {
      // Bucket 1: load 2, 4, 6 of 8 threads → 25, 50, 75 %; memory 10 %, 30 %, 50 %.
      h.record(
        NOW - 2 * BUCKET_MS,
        report({
          load1: 2,
          free: 900,
          temp: 40,
          disks: [
            ["/", 50],
            ["/data", 10],
          ],
        }),
      );
      h.record(
        NOW - 2 * BUCKET_MS + MIN,
        report({
          load1: 4,
          free: 700,
          temp: 60,
          disks: [
            ["/", 40],
            ["/data", 10],
          ],
        }),
      );
      h.record(
        NOW - 2 * BUCKET_MS + 14 * MIN,
        report({
          load1: 6,
          free: 500,
          temp: 50,
          disks: [
            ["/", 30],
            ["/data", 10],
          ],
        }),
      );
      // Bucket 2: one sample.
      h.record(NOW - BUCKET_MS, report({ load1: 8, free: 0, temp: 90, disks: [["/", 0]] }));
      return {
        raw: h.series("cpu_load", NOW - HOUR, NOW, NOW),
        rolled: {
          cpu: h.series("cpu_load", NOW - 7 * 86_400_000, NOW, NOW),
          memory: h.series("memory", NOW - 7 * 86_400_000, NOW, NOW),
          temp: h.series("cpu_temperature", NOW - 7 * 86_400_000, NOW, NOW),
          disk: h.series("disk", NOW - 7 * 86_400_000, NOW, NOW),
        },
      };
    });
    expect(raw.resolution).toBe("1m");
    expect(raw.series).toEqual([
      {
        key: "load",
        points: [
          { t: NOW - 2 * BUCKET_MS, v: 25 },
          { t: NOW - 2 * BUCKET_MS + MIN, v: 50 },
          { t: NOW - 2 * BUCKET_MS + 14 * MIN, v: 75 },
          { t: NOW - BUCKET_MS, v: 100 },
        ],
      },
    ]);
    expect(rolled.cpu.resolution).toBe("15m");
    expect(rolled.cpu.series[0].points).toEqual([
      { t: NOW - 2 * BUCKET_MS, v: 50, min: 25, max: 75 },
      { t: NOW - BUCKET_MS, v: 100, min: 100, max: 100 },
    ]);
    expect(rolled.memory.series[0].points[0]).toEqual({ t: NOW - 2 * BUCKET_MS, v: 30, min: 10, max: 50 });
    expect(rolled.temp.series[0].points[0]).toEqual({ t: NOW - 2 * BUCKET_MS, v: 50, min: 40, max: 60 });
    // One series per partition, each with its own buckets.
    expect(rolled.disk.series.map((s) => s.key)).toEqual(["/", "/data"]);
    expect(rolled.disk.series[0].points).toEqual([
      { t: NOW - 2 * BUCKET_MS, v: 60, min: 50, max: 70 },
      { t: NOW - BUCKET_MS, v: 100, min: 100, max: 100 },
    ]);
    expect(rolled.disk.series[1].points).toEqual([{ t: NOW - 2 * BUCKET_MS, v: 90, min: 90, max: 90 }]);
  });

  it("network: bytes per second from the counters' deltas; a reset or a long gap draws no point", async () => {
    const points = await withHistory((h) => {
      h.record(NOW - 10 * MIN, report({ rx: 1_000, tx: 0 }));
      h.record(NOW - 9 * MIN, report({ rx: 61_000, tx: 6_000 })); // +60 000 / 60 s, +6 000 / 60 s
      h.record(NOW - 8 * MIN, report({ rx: 500, tx: 100 })); // counters reset (reboot): skipped
      h.record(NOW - 7 * MIN, report({ rx: 120_500, tx: 100 })); // +120 000 / 60 s
      h.record(NOW + 20 * MIN, report({ rx: 999_999_999, tx: 100 })); // 27 min later: skipped
      return h.series("network", NOW - HOUR, NOW + HOUR, NOW).series;
    });
    expect(points).toEqual([
      {
        key: "rx",
        points: [
          { t: NOW - 9 * MIN, v: 1_000 },
          { t: NOW - 7 * MIN, v: 2_000 },
        ],
      },
      {
        key: "tx",
        points: [
          { t: NOW - 9 * MIN, v: 100 },
          { t: NOW - 7 * MIN, v: 0 },
        ],
      },
    ]);
  });

  it("keeps one-minute values 48 h and rollups 30 days; prune drops the rest", async () => {
    const result = await withHistory((h, sql) => {
      for (const age of [31 * 86_400_000, 29 * 86_400_000, RAW_MS + HOUR, RAW_MS - HOUR, 10 * MIN]) {
        h.record(NOW - age, report({ load1: 4 }));
      }
      const cpu = "metric = 'cpu_load'";
      const before = { points: count(sql, "telemetry_point", cpu), rollups: count(sql, "telemetry_rollup", cpu) };
      h.prune(NOW);
      return {
        before,
        points: sql
          .exec(`SELECT at FROM telemetry_point WHERE ${cpu} ORDER BY at`)
          .toArray()
          .map((r) => NOW - AtRow.parse(r).at),
        buckets: count(sql, "telemetry_rollup", cpu),
        raw: count(sql, "telemetry"),
        next: h.nextExpiry(),
      };
    });
    expect(result.before).toEqual({ points: 5, rollups: 5 });
    // 1-minute values younger than 48 h; rollups younger than 30 days; raw reports 24 h.
    expect(result.points).toEqual([RAW_MS - HOUR, 10 * MIN]);
    expect(result.buckets).toBe(4);
    expect(result.raw).toBe(1);
    // The next expiry is the 47-hour-old value's, an hour from now.
    expect(result.next).toBe(NOW - (RAW_MS - HOUR) + MIN + RAW_MS);
    expect(ROLLUP_MS).toBe(30 * 86_400_000);
  });

  it("downsamples 48 h of one-minute samples (2 880) and 30 days of rollups to ≤ 500 points, ends kept", async () => {
    const { raw, first, last } = await withHistory((h) => {
      const first = NOW - RAW_MS + MIN;
      for (let i = 0; i < 2_880; i++) {
        const at = first + i * MIN;
        h.record(
          at,
          report({
            load1: 4 + 3 * Math.sin(i / 40),
            disks: [
              ["/", i % 100],
              ["/var", 50],
            ],
          }),
        );
      }
      return {
        raw: h.series("disk", first, NOW, NOW),
        first,
        last: first + 2_879 * MIN,
      };
    });
    expect(raw.resolution).toBe("1m");
    expect(raw.series).toHaveLength(2);
    for (const s of raw.series) {
      expect(s.points).toHaveLength(500);
      expect(s.points[0].t).toBe(first);
      expect(s.points.at(-1)?.t).toBe(last);
    }
    // 30 days of rollups (one sample per bucket: 2 880 buckets) → 500 points, ends kept.
    const rolled = await withHistory((h) => {
      for (let i = 0; i < 2_880; i++) h.record(NOW - ROLLUP_MS + i * BUCKET_MS, report({ load1: i % 9 }));
      return h.series("cpu_load", NOW - ROLLUP_MS, NOW, NOW);
    });
    expect(rolled.resolution).toBe("15m");
    expect(rolled.series[0].points).toHaveLength(500);
    expect(rolled.series[0].points[0]).toMatchObject({ t: NOW - ROLLUP_MS, min: 0, max: 0 });
    expect(rolled.series[0].points.at(-1)?.t).toBe(NOW - BUCKET_MS);
  });
});

const deviceRow = async (uuid: string) => db().select().from(deviceTable).where(eq(deviceTable.uuid, uuid)).get();

async function watchedAgent() {
  const member = await memberOf("viewer");
  const device = await makeDevice(member.space.space_uuid, { connected_status: "connected" });
  const dashboard = await join(`/parties/device/${device.uuid}`, member.token);
  const agent = await join(`/parties/device/${device.uuid}`, await makeDeviceCredential(device));
  await until(() => dashboard.messages.some((m) => m.type === "presence" && m.online));
  const samples = () => dashboard.messages.filter((m) => m.type === "telemetrySample");
  const send = async (telemetry: Telemetry) => {
    const seen = samples().length;
    agent.ws?.send(JSON.stringify({ type: "telemetry", telemetry }));
    await until(() => samples().length === seen + 1);
  };
  const room = await getServerByName(env.Device, device.uuid);
  return { device, dashboard, agent, samples, send, room, member };
}

/** The DeviceRoom's telemetry side (worker/rooms/device-telemetry.ts), private parts included. */
type RoomInternals = {
  telemetry: {
    written: Written | null;
    prunedAt: number;
    nextPruneAt: number | null;
    tables(): TelemetryHistory;
  };
};

describe("DeviceRoom telemetry", () => {
  it("sends every sample to the device's dashboards (the live tail)", async () => {
    const { samples, send, agent, dashboard } = await watchedAgent();
    const sent = report({ load1: 3, temp: 55 });
    await send(sent);
    const [tail] = samples();
    expect(tail).toMatchObject({ type: "telemetrySample", telemetry: sent });
    expect(tail.type === "telemetrySample" && Math.abs(tail.at - Date.now()) < 5_000).toBe(true);
    await send(report({ load1: 4 }));
    expect(samples()).toHaveLength(2);
    agent.ws?.close();
    dashboard.ws?.close();
  });

  it("writes D1 when a health status changes or after 15 minutes, not per sample; latestTelemetry is fresh", async () => {
    const { device, send, room, agent, dashboard } = await watchedAgent();
    await send(report({ load1: 1 }));
    await eventually(async () => (await deviceRow(device.uuid))?.latest_telemetry?.cpu?.load1 === 1);

    // Same statuses: kept in the room, not written.
    await send(report({ load1: 2 }));
    await settle(200);
    expect((await deviceRow(device.uuid))?.latest_telemetry?.cpu?.load1).toBe(1);
    expect((await room.latestTelemetry())?.telemetry.cpu?.load1).toBe(2);

    // CPU turns warning: written at once, with its condition.
    await send(report({ load1: 7 }, 2));
    await eventually(async () => (await deviceRow(device.uuid))?.cpu_condition === 2);
    expect((await deviceRow(device.uuid))?.latest_telemetry?.cpu?.load1).toBe(7);

    // Unchanged again: not written … until the last write is 15 minutes old.
    await send(report({ load1: 8 }, 2));
    await settle(200);
    expect((await deviceRow(device.uuid))?.latest_telemetry?.cpu?.load1).toBe(7);
    await runInDurableObject(room, (instance) => {
      const { telemetry } = instance as unknown as RoomInternals;
      if (telemetry.written) telemetry.written.at -= 15 * MIN;
    });
    await send(report({ load1: 9 }, 2));
    await eventually(async () => (await deviceRow(device.uuid))?.latest_telemetry?.cpu?.load1 === 9);
    agent.ws?.close();
    dashboard.ws?.close();
  });

  it("the device detail shows the room's latest report when D1 holds an older one", async () => {
    const { device, send, member, agent, dashboard } = await watchedAgent();
    const detail = async () =>
      DeviceDetail.parse(
        await (
          await api(`/api/space/${member.space.space_uuid}/device/${device.uuid}/`, { token: member.token })
        ).json(),
      );
    await send(report({ load1: 1 }));
    await eventually(async () => (await deviceRow(device.uuid))?.latest_telemetry?.cpu?.load1 === 1);
    // The room is asked while D1 has the device online.
    await eventually(async () => (await deviceRow(device.uuid))?.online === true);
    const first = await detail();

    // Same statuses: D1 keeps the first report, the detail shows the newer one from the room.
    await send(report({ load1: 3 }));
    await settle(100);
    expect((await deviceRow(device.uuid))?.latest_telemetry?.cpu?.load1).toBe(1);
    const second = await detail();
    expect(second.latest_telemetry?.cpu?.load1).toBe(3);
    expect(Date.parse(second.telemetry_updated_at ?? "")).toBeGreaterThanOrEqual(
      Date.parse(first.telemetry_updated_at ?? ""),
    );
    agent.ws?.close();
    dashboard.ws?.close();
  });

  it("a device going offline leaves its last report in D1, and an offline device's detail wakes no room", async () => {
    const { device, send, member, agent, dashboard } = await watchedAgent();
    const detail = async (uuid: string) =>
      DeviceDetail.parse(
        await (await api(`/api/space/${member.space.space_uuid}/device/${uuid}/`, { token: member.token })).json(),
      );
    await send(report({ load1: 1 }));
    await eventually(async () => (await deviceRow(device.uuid))?.latest_telemetry?.cpu?.load1 === 1);
    // Same statuses: the room keeps it, D1 does not get it …
    await send(report({ load1: 5 }));
    await settle(100);
    expect((await deviceRow(device.uuid))?.latest_telemetry?.cpu?.load1).toBe(1);
    // … until the device goes offline: then D1 holds the last report, with its time.
    agent.ws?.close();
    await eventually(async () => (await deviceRow(device.uuid))?.online === false);
    const row = await deviceRow(device.uuid);
    expect(row?.latest_telemetry?.cpu?.load1).toBe(5);
    const shown = await detail(device.uuid);
    expect(shown.online).toBe(false);
    expect(shown.latest_telemetry?.cpu?.load1).toBe(5);
    expect(shown.telemetry_updated_at).toBe(row?.telemetry_updated_at);
    dashboard.ws?.close();

    // A device that is offline in D1 and whose room never ran: reading its detail starts no room.
    const quiet = await makeDevice(member.space.space_uuid, { connected_status: "connected", online: false });
    expect((await detail(quiet.uuid)).online).toBe(false);
    const started = (await listDurableObjectIds(env.Device)).map((id) => id.toString());
    expect(started).not.toContain(env.Device.idFromName(quiet.uuid).toString());
    expect(started).toContain(env.Device.idFromName(device.uuid).toString());
  });

  it("the room's alarm prunes expired history and stays armed for the next expiry", async () => {
    const { send, room, agent, dashboard } = await watchedAgent();
    await send(report({ load1: 4, disks: [["/", 20]] }));
    const now = Date.now();
    await runInDurableObject(room, (instance) => {
      const history = (instance as unknown as RoomInternals).telemetry.tables();
      history.record(now - 31 * 86_400_000, report({ load1: 1 }));
      history.record(now - RAW_MS - HOUR, report({ load1: 1 }));
    });
    expect(await runDurableObjectAlarm(room)).toBe(true);
    const left = await runInDurableObject(room, async (instance, state) => {
      const sql = state.storage.sql;
      return {
        oldestPoint: AtRow.parse(sql.exec("SELECT min(at) AS at FROM telemetry_point").one()).at,
        buckets: count(sql, "telemetry_rollup"),
        prunedAt: (instance as unknown as RoomInternals).telemetry.prunedAt,
        nextPruneAt: (instance as unknown as RoomInternals).telemetry.nextPruneAt,
        alarm: await state.storage.getAlarm(),
      };
    });
    expect(left.oldestPoint).toBeGreaterThanOrEqual(now - 5_000);
    // Now: load, memory and "/" rollups; 49 h old: load and memory (kept 30 days); 31 days: gone.
    expect(left.buckets).toBe(5);
    expect(left.prunedAt).toBeGreaterThan(0);
    // The next prune: when the oldest kept value expires, an hour from now at the earliest.
    expect(left.nextPruneAt).toBeGreaterThanOrEqual(left.prunedAt + HOUR);
    expect(left.alarm).not.toBeNull();
    agent.ws?.close();
    dashboard.ws?.close();
  });
});
