import { describe, expect, it } from "vitest";
import { THRESHOLDS } from "../contracts/devices/health.ts";
import {
  cpuStatus,
  diskHealth,
  errorRatio,
  gpuStatus,
  networkStatus,
  parseCounter,
  parseProcUptime,
  peripheralsInfo,
  ramStatus,
  storageStatus,
  thermalStatus,
  uptimeStatus,
} from "./health.ts";

const GB = 1024 ** 3;
const nic = (name: string, up: boolean, errors: number, packets: number | undefined) => ({
  name,
  up,
  rx_bytes: 1e6,
  tx_bytes: 1e5,
  rx_errors: errors,
  tx_errors: 0,
  ...(packets === undefined ? {} : { rx_packets: packets, tx_packets: 0 }),
});

describe("grading against the shared thresholds", () => {
  it("turns warning and critical exactly at contracts/devices/health.ts THRESHOLDS", () => {
    const { cpu_load_ratio: cpu, ram_used_ratio: ram, cpu_temperature_c: temp, uptime_days: up } = THRESHOLDS;
    expect([
      cpuStatus(4 * cpu.warning - 0.01, 4),
      cpuStatus(4 * cpu.warning, 4),
      cpuStatus(4 * cpu.critical, 4),
    ]).toEqual([0, 2, 3]);
    expect([ramStatus(100 * (1 - ram.warning) + 1, 100), ramStatus(100 * (1 - ram.critical), 100)]).toEqual([0, 3]);
    expect([thermalStatus(temp.warning - 1), thermalStatus(temp.warning), thermalStatus(temp.critical)]).toEqual([
      0, 2, 3,
    ]);
    expect([uptimeStatus((up.warning - 1) * 86_400), uptimeStatus(up.warning * 86_400)]).toEqual([0, 2]);
    expect(uptimeStatus(up.critical * 86_400 + 5)).toBe(3);
  });

  it("says 1 (not measured) where nothing was measured, never a made-up healthy", () => {
    expect(thermalStatus(null)).toBe(1);
    expect(gpuStatus(null)).toBe(1);
    expect(ramStatus(0, 0)).toBe(1);
    expect(storageStatus([])).toBe(1);
    expect(networkStatus([], "eth0")).toBe(1);
  });

  it("grades storage by the fullest partition", () => {
    const half = { name: "/", size: 100 * GB, free: 50 * GB };
    expect(storageStatus([half])).toBe(0);
    expect(storageStatus([half, { name: "/data", size: 100 * GB, free: 3 * GB }])).toBe(3);
  });
});

describe("network status", () => {
  it("computes errors per packet since boot, null without packet counters", () => {
    expect(errorRatio(nic("eth0", true, 50, 10_000))).toBe(0.005);
    expect(errorRatio(nic("eth0", true, 50, undefined))).toBeNull();
    expect(errorRatio(nic("eth0", true, 0, 0))).toBe(0);
  });

  it("grades the worst error ratio of the interfaces that are up", () => {
    expect(networkStatus([nic("eth0", true, 1, 100_000)], "eth0")).toBe(0);
    expect(networkStatus([nic("eth0", true, 200, 100_000)], "eth0")).toBe(2);
    expect(networkStatus([nic("eth0", true, 0, 100_000), nic("wlan0", true, 2_000, 100_000)], "eth0")).toBe(3);
    // A down interface that does not carry the default route does not count, errors or not.
    expect(networkStatus([nic("eth0", true, 0, 100_000), nic("eth1", false, 9_000, 10_000)], "eth0")).toBe(0);
    // An up link without packet counters (not Linux) still shows the network works.
    expect(networkStatus([nic("Ethernet", true, 0, undefined)], "Ethernet")).toBe(0);
  });

  it("is critical when the interface of the default route is down", () => {
    expect(networkStatus([nic("eth0", false, 0, 100_000), nic("wlan0", true, 0, 100_000)], "eth0")).toBe(3);
    expect(networkStatus([nic("eth0", false, 0, 100_000), nic("wlan0", true, 0, 100_000)], "wlan0")).toBe(0);
  });
});

describe("disk health", () => {
  const parts = [{ name: "/", size: 100 * GB, free: 40 * GB }];

  it("maps SMART states: Ok healthy, Predicted Failure critical, worn sectors warning", () => {
    const ok = diskHealth([{ name: "/dev/sda", model: "SSD", smartStatus: "Ok" }], parts);
    expect(ok).toEqual({
      status: 0,
      source: "smart",
      drives: [{ name: "/dev/sda", model: "SSD", status: 0, smart: "Ok" }],
    });
    expect(diskHealth([{ name: "/dev/sda", smartStatus: "Predicted Failure" }], parts).status).toBe(3);
    const failed = { smart_status: { passed: false } };
    expect(diskHealth([{ name: "/dev/sda", smartStatus: "unknown", smartData: failed }], parts).status).toBe(3);
    const worn = { smart_status: { passed: true }, ata_smart_attributes: { table: [{ id: 5, raw: { value: 8 } }] } };
    expect(diskHealth([{ name: "/dev/sda", smartStatus: "Ok", smartData: worn }], parts).status).toBe(2);
    const nvme = { smart_status: { passed: true }, nvme_smart_health_information_log: { percentage_used: 93 } };
    expect(diskHealth([{ name: "/dev/nvme0n1", smartStatus: "Ok", smartData: nvme }], parts).status).toBe(2);
  });

  it("falls back to usage when no drive reports SMART", () => {
    const full = [...parts, { name: "/data", size: 100 * GB, free: 10 * GB }];
    const health = diskHealth([{ name: "/dev/mmcblk0", smartStatus: "unknown" }], full);
    expect(health).toEqual({
      status: 2,
      source: "usage",
      drives: [
        { name: "/", status: 0, smart: null },
        { name: "/data", status: 2, smart: null },
      ],
    });
    expect(diskHealth([], []).status).toBe(1);
  });
});

describe("peripherals", () => {
  it("reports present peripherals as working and ones that went away as disconnected (3)", () => {
    const seen = new Map<string, { name: string; type: string }>();
    const printer = { name: "Epson TM-T20III", type: "pos_printer" };
    const acceptor = { name: "JCM iVIZION", type: "bill_acceptor" };
    expect(peripheralsInfo([printer, acceptor], seen).map((p) => [p.type, p.combined_status, p.status])).toEqual([
      ["pos_printer", 0, [0]],
      ["bill_acceptor", 0, [0]],
    ]);
    expect(peripheralsInfo([printer], seen).map((p) => [p.type, p.combined_status, p.status])).toEqual([
      ["pos_printer", 0, [0]],
      ["bill_acceptor", 3, [3]],
    ]);
    expect(peripheralsInfo([printer, acceptor], seen).every((p) => p.combined_status === 0)).toBe(true);
  });
});

describe("parsers", () => {
  it("reads /proc/uptime and /sys counters", () => {
    expect(parseProcUptime("12345.67 45678.90\n")).toEqual({ uptime: 12346, idle: 45679 });
    expect(parseProcUptime("")).toBeNull();
    expect(parseProcUptime("garbage")).toBeNull();
    expect(parseCounter("1234\n")).toBe(1234);
    expect(parseCounter("")).toBeNull();
    expect(parseCounter(null)).toBeNull();
    expect(parseCounter("-3")).toBeNull();
  });
});
