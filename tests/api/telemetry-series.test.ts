import { env, runInDurableObject } from "cloudflare:test";
import { getServerByName } from "partyserver";
import { describe, expect, it } from "vitest";
import { MAX_POINTS_PER_SERIES, TelemetrySeries } from "../../contracts/monitoring/schema.ts";
import type { Telemetry } from "../../contracts/realtime/events.ts";
import { TelemetryHistory } from "../../contracts/remote-actions/schema.ts";
import { BUCKET_MS, type TelemetryHistory as History } from "../../worker/rooms/telemetry-history.ts";
import { api, errorsOf, makeDevice, memberOf, uid } from "../factories.ts";

const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

const report = (load1: number, rx = 0): Telemetry => ({
  cpu: { status: 0, cores: 2, threads: 4, load1, load5: 0, load15: 0 },
  ram: { status: 0, total: 200, free: 50, swap_total: 0, swap_free: 0 },
  storage: { status: 0, partitions: [{ name: "/", size: 100, free: 40 }] },
  thermal: { status: 0, cpu_temperature: 45 },
  gpu: { status: 0, utilization: 12, devices: [] },
  network: { status: 0, devices: [{ name: "eth0", rx_bytes: rx, tx_bytes: 0 }] },
});

/**
 * A device (of a viewer's space) whose DeviceRoom holds samples at the given times, oldest
 * first: the i-th has load1 = i + 1 of 4 threads and an rx counter of i × 60 000 bytes.
 */
async function deviceWithHistory(times: number[]) {
  const member = await memberOf("viewer");
  const device = await makeDevice(member.space.space_uuid);
  await runInDurableObject(await getServerByName(env.Device, device.uuid), (instance) => {
    const history = (instance as unknown as { telemetry: { tables(): History } }).telemetry.tables();
    const sorted = [...times].sort((a, b) => a - b);
    for (const [i, at] of sorted.entries()) history.record(at, report(i + 1, i * 60_000));
  });
  const base = `/api/space/${member.space.space_uuid}/device/${device.uuid}/telemetry/`;
  return { member, device, base };
}

const series = async (res: Response) => {
  expect(res.status).toBe(200);
  return TelemetrySeries.parse(await res.json());
};

describe("GET …/device/{uuid}/telemetry/?metric=", () => {
  it("the last hour by default, one-minute points, thresholds as % of threads", async () => {
    const now = Date.now();
    const { member, device, base } = await deviceWithHistory([
      now - 2 * HOUR,
      now - 30 * MIN,
      now - 20 * MIN,
      now - 10 * MIN,
    ]);
    const body = await series(await api(`${base}?metric=cpu_load`, { token: member.token }));
    expect(body).toMatchObject({ device_uuid: device.uuid, metric: "cpu_load", resolution: "1m", unit: "%" });
    expect(Date.parse(body.to) - Date.parse(body.from)).toBe(HOUR);
    expect(body.thresholds).toEqual({ warning: 80, critical: 120 });
    // load1 2, 3, 4 of 4 threads; the 2-hour-old sample is outside the hour.
    expect(body.series).toHaveLength(1);
    expect(body.series[0]).toMatchObject({ key: "load", label: "CPU load" });
    expect(body.series[0].points.map((p) => p.v)).toEqual([50, 75, 100]);
    expect(body.series[0].points.every((p) => p.min === undefined)).toBe(true);
  });

  it("15-minute rollups with min/max beyond 48 h; units and thresholds per metric", async () => {
    const now = Date.now();
    const bucket = Math.floor(now / BUCKET_MS) * BUCKET_MS;
    const { member, base } = await deviceWithHistory([
      bucket - 5 * DAY + MIN,
      bucket - 5 * DAY + 2 * MIN,
      bucket - 3 * DAY + MIN,
      now - 30 * MIN,
      now - 29 * MIN,
    ]);
    const from = new Date(now - 7 * DAY).toISOString();
    const cpu = await series(await api(`${base}?metric=cpu_load&from=${from}`, { token: member.token }));
    expect(cpu.resolution).toBe("15m");
    // Load 1 and 2 of 4 threads in one bucket 5 days ago, 3 of 4 in one 3 days ago.
    expect(cpu.series[0].points.slice(0, 2)).toEqual([
      { t: bucket - 5 * DAY, v: 37.5, min: 25, max: 50 },
      { t: bucket - 3 * DAY, v: 75, min: 75, max: 75 },
    ]);
    expect(Math.max(...cpu.series[0].points.map((p) => p.max ?? 0))).toBe(125);

    const expectations = [
      ["memory", "%", { warning: 85, critical: 95 }, [["used", 75]]],
      ["disk", "%", { warning: 85, critical: 95 }, [["/", 60]]],
      ["cpu_temperature", "°C", { warning: 80, critical: 92 }, [["temperature", 45]]],
      ["gpu", "%", { warning: 90, critical: 98 }, [["utilization", 12]]],
    ] as const;
    for (const [metric, unit, thresholds, keyed] of expectations) {
      const body = await series(await api(`${base}?metric=${metric}&from=${from}`, { token: member.token }));
      expect(body).toMatchObject({ unit, thresholds, resolution: "15m" });
      expect(body.series.map((s) => [s.key, s.points[0].v])).toEqual(keyed);
    }
    // Network: rx/tx B/s only where two samples are a minute apart; no threshold lines.
    const net = await series(await api(`${base}?metric=network`, { token: member.token }));
    expect(net).toMatchObject({ unit: "B/s", thresholds: null, resolution: "1m" });
    expect(net.series.map((s) => [s.key, s.label, s.points.map((p) => p.v)])).toEqual([
      ["rx", "Received", [1_000]],
      ["tx", "Sent", [0]],
    ]);
  });

  it("48 h of one-minute samples come back as at most 500 points per series, first and last kept", async () => {
    const newest = Date.now() - 1_000;
    const times = Array.from({ length: 2_880 }, (_, i) => newest - (2_879 - i) * MIN);
    const { member, base } = await deviceWithHistory(times);
    // Within the last 48 h when the room answers (filling took well under the 50 s of slack).
    const from = new Date(Date.now() - 48 * HOUR + 10_000).toISOString();
    expect(Date.parse(from)).toBeLessThanOrEqual(times[0]);
    const body = await series(await api(`${base}?metric=disk&from=${from}`, { token: member.token }));
    expect(body.resolution).toBe("1m");
    const points = body.series[0].points;
    expect(points).toHaveLength(MAX_POINTS_PER_SERIES);
    expect(points[0].t).toBe(times[0]);
    expect(points.at(-1)?.t).toBe(times[2_879]);
  });

  it("400 for a bad metric or range, with messages", async () => {
    const { member, base } = await deviceWithHistory([]);
    const errors = async (query: string) => {
      const res = await api(`${base}?${query}`, { token: member.token });
      expect(res.status).toBe(400);
      return errorsOf(res);
    };
    expect(await errors("metric=fan_speed")).toEqual({
      metric: ["Select a valid choice. fan_speed is not one of the available choices."],
    });
    expect(await errors("metric=memory&from=2026-11-20T12:00:00Z&to=2026-11-20T11:00:00Z")).toEqual({
      from: ["Ensure from is earlier than to."],
    });
    expect(await errors("metric=memory&from=2026-10-01T00:00:00Z&to=2026-11-20T00:00:00Z")).toEqual({
      from: ["Ensure the range from … to spans at most 30 days."],
    });
    expect(Object.keys((await errors("metric=memory&from=yesterday")) ?? {})).toEqual(["from"]);
  });

  it("viewers read; another space's member, a stranger and an unknown device are refused", async () => {
    const { member, base, device } = await deviceWithHistory([Date.now() - 5 * MIN]);
    expect((await api(`${base}?metric=memory`, { token: member.token })).status).toBe(200);
    expect((await api(`${base}?metric=memory`)).status).toBe(401);
    const stranger = await memberOf("admin");
    expect((await api(`${base}?metric=memory`, { token: stranger.token })).status).toBe(403);
    // The stranger's own space does not have the device either.
    const theirs = `/api/space/${stranger.space.space_uuid}/device/${device.uuid}/telemetry/?metric=memory`;
    expect((await api(theirs, { token: stranger.token })).status).toBe(404);
    const unknown = `/api/space/${member.space.space_uuid}/device/${uid()}/telemetry/?metric=memory`;
    expect((await api(unknown, { token: member.token })).status).toBe(404);
  });

  it("without metric: the raw history as before", async () => {
    const { member, base } = await deviceWithHistory([Date.now() - 3 * MIN, Date.now() - 2 * MIN]);
    const res = await api(base, { token: member.token });
    expect(res.status).toBe(200);
    const body = TelemetryHistory.parse(await res.json());
    expect(body.history).toHaveLength(2);
    expect(body.history[1].telemetry).toMatchObject({ cpu: { load1: 2 } });
  });
});
