import { describe, expect, it } from "vitest";
import { Telemetry } from "../contracts/realtime/events.ts";
import { readTelemetry } from "./system.ts";
import { bounded, collectTelemetry, screenPeripherals, type TelemetrySource } from "./telemetry.ts";

const GB = 1024 ** 3;

const machine = (over: Partial<TelemetrySource> = {}): TelemetrySource => ({
  cpu: async () => ({ threads: 4, cores: 2, load: [3.5, 2, 1] }),
  temperature: async () => 84,
  uptime: async () => ({ uptime: 40 * 86_400, idle: 100_000 }),
  memory: async () => ({ total: 8 * GB, available: 4 * GB, swaptotal: GB, swapfree: GB }),
  partitions: async () => [{ name: "/", size: 100 * GB, free: 50 * GB }],
  gpus: async () => [{ model: "NVIDIA T400", utilization: 99, temperature: 70 }],
  drives: async () => [{ name: "/dev/sda", model: "SSD", smartStatus: "Ok" }],
  interfaces: async () => [
    { name: "eth0", up: false, rx_bytes: 1, tx_bytes: 1, rx_errors: 0, tx_errors: 0, rx_packets: 10, tx_packets: 10 },
  ],
  defaultInterface: async () => "eth0",
  peripherals: async () => [{ name: "JCM iVIZION", type: "bill_acceptor" }],
  ...over,
});

describe("collectTelemetry", () => {
  it("grades every heading from what was measured", async () => {
    const t = Telemetry.parse(await collectTelemetry(machine(), new Map()));
    expect(t.cpu?.status).toBe(2); // 3.5 / 4 threads
    expect(t.thermal).toEqual({ status: 2, cpu_temperature: 84 });
    expect(t.uptime?.status).toBe(2); // 40 days
    expect(t.ram?.status).toBe(0);
    expect(t.gpu).toMatchObject({ status: 3, utilization: 99 });
    expect(t.disk_health).toMatchObject({ status: 0, source: "smart" });
    expect(t.network?.status).toBe(3); // the default route's interface is down
    expect(t.peripherals?.devicesInfo).toEqual([
      { name: "JCM iVIZION", type: "bill_acceptor", enabled: true, combined_status: 0, status: [0] },
    ]);
  });

  it("never throws or hangs: failing and hanging readers become 'not measured'", async () => {
    const fail = async () => {
      throw new Error("no sensor");
    };
    const hang = () => new Promise<never>(() => {});
    const source = machine({ temperature: fail, gpus: hang, drives: fail, partitions: fail, peripherals: hang });
    const started = Date.now();
    const t = Telemetry.parse(await collectTelemetry(source, new Map(), 50));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(t.thermal).toEqual({ status: 1, cpu_temperature: null });
    expect(t.gpu).toEqual({ status: 1, utilization: null, devices: [] });
    expect(t.storage).toEqual({ status: 1, partitions: [] });
    expect(t.disk_health?.status).toBe(1);
    expect(t.peripherals).toBeUndefined();
    expect(t.cpu?.load1).toBe(3.5);
  });

  it("devicesInfo carries the screens it sees as displays, named as detect-displays names them", async () => {
    const screens = screenPeripherals([
      {
        vendor: "Dell",
        model: "P2419H",
        connection: "HDMI-1",
        deviceName: null,
        main: true,
        currentResX: 1920,
        currentResY: 1080,
        currentRefreshRate: 60,
      },
    ]);
    expect(screens).toEqual([{ name: "HDMI-1@P2419H", type: "display" }]);
    const seen = new Map<string, { name: string; type: string }>();
    const report = (present: { name: string; type: string }[]) =>
      collectTelemetry(machine({ peripherals: async () => present }), seen);
    const first = Telemetry.parse(await report([{ name: "JCM iVIZION", type: "bill_acceptor" }, ...screens]));
    expect(first.peripherals?.devicesInfo.map((p) => [p.type, p.name, p.combined_status])).toEqual([
      ["bill_acceptor", "JCM iVIZION", 0],
      ["display", "HDMI-1@P2419H", 0],
    ]);
    // The screen unplugged: it is reported gone (3), not forgotten.
    const later = Telemetry.parse(await report([{ name: "JCM iVIZION", type: "bill_acceptor" }]));
    expect(later.peripherals?.devicesInfo.find((p) => p.type === "display")?.combined_status).toBe(3);
  });

  it("bounded() returns the fallback on a late or failing read", async () => {
    expect(await bounded(async () => 1, 0, 50)).toBe(1);
    expect(await bounded(() => new Promise<number>((r) => setTimeout(() => r(1), 500)), 0, 20)).toBe(0);
  });
});

describe("the real machine", () => {
  it("reads telemetry that parses with the protocol", async () => {
    const t = Telemetry.parse(await readTelemetry());
    expect(t.cpu?.threads).toBeGreaterThan(0);
    expect(t.uptime?.uptime).toBeGreaterThan(0);
    expect(t.ram?.total).toBeGreaterThan(0);
    expect(t.network?.devices.some((d) => d.name === "lo")).toBe(false);
    // The peripherals it sees (USB, serial, screens): always a list on a machine that can read them.
    expect(Array.isArray(t.peripherals?.devicesInfo ?? [])).toBe(true);
    for (const status of [t.cpu?.status, t.thermal?.status, t.gpu?.status, t.network?.status]) {
      expect([0, 1, 2, 3]).toContain(status);
    }
  }, 30_000);
});
