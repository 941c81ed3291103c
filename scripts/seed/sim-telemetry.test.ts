import { describe, expect, it } from "vitest";
import { cpuStatus, networkStatus, ramStatus, storageStatus, uptimeStatus } from "../../agent/health.ts";
import { simAttached, simPeripherals, simPlatform, virtualMachine } from "../../agent/sim/simulator.ts";
import { type DeviceType, dailyRhythm, simProfile, simSensors } from "../../agent/sim/telemetry.ts";
import { grade, worst } from "../../contracts/devices/health.ts";
import { Telemetry } from "../../contracts/realtime/events.ts";
import { buildDemoSeed } from "../seed-demo.ts";

const MIN = 60_000;
const T0 = Date.parse("2026-11-23T05:00:00Z");
const uuidOf = (n: number) => `5e1f0000-0000-4000-8000-${String(n).padStart(12, "0")}`;

function sensors(n: number) {
  const uuid = uuidOf(n);
  const type = simPlatform(uuid).device_type as DeviceType;
  return simSensors(simProfile({ uuid, device_type: type, peripherals: simPeripherals(uuid), now: T0 }));
}

/** Every status a report carries agrees with grading its own values on the shared thresholds. */
function expectConsistent(t: Telemetry) {
  if (t.cpu) expect(t.cpu.status).toBe(cpuStatus(t.cpu.load1, t.cpu.threads));
  if (t.ram) expect(t.ram.status).toBe(ramStatus(t.ram.free, t.ram.total));
  if (t.storage) expect(t.storage.status).toBe(storageStatus(t.storage.partitions));
  if (t.uptime) expect(t.uptime.status).toBe(uptimeStatus(t.uptime.uptime));
  if (t.thermal) expect(t.thermal.status).toBe(grade(t.thermal.cpu_temperature, "cpu_temperature_c"));
  if (t.gpu) expect(t.gpu.status).toBe(grade(t.gpu.utilization, "gpu_utilization_pct"));
  if (t.network) expect(t.network.status).toBe(networkStatus(t.network.devices, t.network.devices[0]?.name ?? null));
  for (const p of t.peripherals?.devicesInfo ?? []) expect(p.status).toEqual([p.combined_status]);
}

const troubled = (t: Telemetry) =>
  (worst([
    t.cpu?.status,
    t.thermal?.status,
    t.ram?.status,
    t.storage?.status,
    t.disk_health?.status,
    t.gpu?.status,
    t.network?.status,
    ...(t.peripherals?.devicesInfo ?? []).map((p) => p.combined_status),
  ]) ?? 0) >= 2;

describe("simulated telemetry", () => {
  it("parses with the protocol and grades on the shared thresholds, for many devices over a day", () => {
    for (let n = 0; n < 40; n++) {
      const sample = sensors(n);
      for (let t = T0; t < T0 + 24 * 60 * MIN; t += 5 * MIN) {
        const telemetry = sample(t);
        expect(Telemetry.safeParse(telemetry).success).toBe(true);
        expectConsistent(telemetry);
      }
    }
  });

  it("drifts: values move minute by minute but stay near the device's character; counters only grow", () => {
    const sample = sensors(7);
    const reports = Array.from({ length: 120 }, (_, i) => sample(T0 + i * MIN));
    const temps = reports.map((r) => r.thermal?.cpu_temperature ?? 0);
    expect(new Set(temps).size).toBeGreaterThan(20);
    const rx = reports.map((r) => r.network?.devices[0].rx_bytes ?? 0);
    expect(rx.every((v, i) => i === 0 || v >= rx[i - 1])).toBe(true);
    expect(rx.at(-1)).toBeGreaterThan(rx[0]);
    const again = sensors(7);
    expect(Array.from({ length: 120 }, (_, i) => again(T0 + i * MIN))).toEqual(reports);
  });

  it("follows the opening hours: busier in the afternoon than at night", () => {
    expect(dailyRhythm(Date.parse("2026-11-23T13:00:00Z"))).toBeGreaterThan(0.95);
    expect(dailyRhythm(Date.parse("2026-11-23T02:00:00Z"))).toBeCloseTo(0.3, 5);
  });

  it("keeps a handful of a 50-device fleet in warning or critical at any time", () => {
    const fleet = Array.from({ length: 50 }, (_, n) => sensors(n));
    const counts: number[] = [];
    for (let t = T0; t < T0 + 48 * 60 * MIN; t += 10 * MIN) counts.push(fleet.filter((s) => troubled(s(t))).length);
    const mean = counts.reduce((a, b) => a + b, 0) / counts.length;
    expect(mean).toBeGreaterThanOrEqual(3);
    expect(mean).toBeLessThanOrEqual(12);
    expect(counts.filter((c) => c >= 1).length / counts.length).toBeGreaterThan(0.95);
    // …and not always the same devices: the counts move.
    expect(new Set(counts).size).toBeGreaterThan(3);
  });

  it("seeded devices keep the seed's faults and report their seeded peripherals by type", async () => {
    const { access } = await buildDemoSeed({ now: T0 });
    const device = (name: string) => {
      const found = access.find((a) => a.name === name);
      if (!found) throw new Error(name);
      return virtualMachine(found, () => {}, { now: () => T0 + 30 * MIN });
    };
    const full = await device("ST Self-checkout 2").telemetry();
    expect(full.storage?.status).toBe(3);
    const exchange = access.find((a) => a.name === "MO Exchange Kiosk");
    expect(exchange && simAttached(exchange).map((p) => p.type)).toEqual(
      expect.arrayContaining(["bill_acceptor", "coin_acceptor", "paylink"]),
    );
    const kiosk = await device("MO Exchange Kiosk").telemetry();
    expect(kiosk.peripherals?.devicesInfo.find((p) => p.type === "bill_acceptor")?.combined_status).toBe(3);
    expect((await device("ZG Boardroom Display").telemetry()).cpu?.status).toBe(3);
    expect((await device("ZD Parking Pay Station").telemetry()).uptime?.status).toBe(2);
  });

  it("a few PCs report a SMART drive predicted to fail; small boards are graded on usage", () => {
    const health = Array.from({ length: 300 }, (_, n) => sensors(n)(T0).disk_health);
    const smart = health.filter((h) => h?.source === "smart");
    expect(smart.length).toBeGreaterThan(100);
    expect(health.filter((h) => h?.source === "usage").length).toBeGreaterThan(50);
    const failing = smart.filter((h) => h?.drives[0].smart === "Predicted Failure");
    expect(failing.length).toBeGreaterThan(0);
    expect(failing.length).toBeLessThan(smart.length / 10);
    expect(failing.every((h) => h?.status === 3)).toBe(true);
  });
});
