import { monitoredPeripheralType } from "@contracts/devices/health";
import { describe, expect, it } from "vitest";
import { headingCodes, interfaceErrors, type LatestTelemetry, peripheralGroups, reportWorst } from "./device-health";

const conditions = {
  cpu_condition: 0,
  thermal_condition: 0,
  uptime_condition: 0,
  ram_condition: 0,
  storage_condition: 0,
  gpu_condition: 1,
  network_condition: 0,
  disk_health_condition: null,
};

const telemetry: LatestTelemetry = {
  cpu: { status: 2, cores: 4, threads: 8, load1: 7, load5: 6, load15: 5 },
  peripherals: {
    devicesInfo: [
      { name: "NV9", type: "bill_acceptor", enabled: true, combined_status: 0, status: [0] },
      { name: "NV11", type: "Bill Acceptor", enabled: true, combined_status: 3, status: [3, 0] },
      { name: "HDMI-1", type: "displays", enabled: true, combined_status: 0, status: [0] },
      { name: "USB cam", type: "camera", enabled: true, combined_status: 3, status: [3] },
    ],
  },
};

describe("device health", () => {
  it("takes each heading from the latest report and falls back to the stored condition", () => {
    const codes = headingCodes({ ...conditions, latest_telemetry: telemetry });
    expect(codes.cpu).toBe(2);
    expect(codes.gpu).toBe(1);
    // Reported, but without disk health and no stored condition: not measured (1), not "no data".
    expect(codes.disk_health).toBe(1);
    expect(headingCodes({ ...conditions, disk_health_condition: 3, latest_telemetry: null }).disk_health).toBe(3);
    expect(headingCodes({ ...conditions, latest_telemetry: null }).disk_health).toBeNull();
  });

  it("groups peripherals by the monitored types in the spec's order", () => {
    expect(monitoredPeripheralType("POS Printer")).toBe("pos_printer");
    expect(monitoredPeripheralType("door-switches")).toBe("door_switch");
    expect(monitoredPeripheralType("camera")).toBeNull();
    const groups = peripheralGroups(telemetry);
    expect(groups.map((g) => g.type)).toEqual([
      "bill_acceptor",
      "coin_acceptor",
      "paylink",
      "pos_printer",
      "display",
      "door_switch",
      "card_reader",
    ]);
    expect(groups[0]).toMatchObject({ code: 3 });
    expect(groups[0]?.items.map((p) => p.name)).toEqual(["NV9", "NV11"]);
    expect(groups[1]).toMatchObject({ items: [], code: null });
    expect(groups[4]?.items.map((p) => p.name)).toEqual(["HDMI-1"]);
  });

  it("counts every peripheral, monitored type or not, in the worst condition", () => {
    const healthyCpu = { ...telemetry, cpu: { ...telemetry.cpu, status: 0 } } as LatestTelemetry;
    const camera = telemetry.peripherals?.devicesInfo.filter((p) => p.type === "camera") ?? [];
    const onlyCamera = { ...healthyCpu, peripherals: { devicesInfo: camera } };
    expect(camera).toHaveLength(1);
    expect(reportWorst({ ...conditions, latest_telemetry: onlyCamera })).toBe(3);
    expect(reportWorst({ ...conditions, latest_telemetry: { cpu: healthyCpu.cpu } })).toBe(0);
    expect(reportWorst({ ...conditions, latest_telemetry: telemetry })).toBe(3);
  });

  it("sums interface errors and their share of packets", () => {
    expect(interfaceErrors({ name: "eth0", rx_bytes: 1, tx_bytes: 1 })).toBeNull();
    expect(
      interfaceErrors({
        name: "eth0",
        rx_bytes: 1,
        tx_bytes: 1,
        rx_errors: 3,
        tx_errors: 1,
        rx_packets: 300,
        tx_packets: 100,
      }),
    ).toEqual({ errors: 4, ratio: 0.01 });
    expect(interfaceErrors({ name: "eth0", rx_bytes: 1, tx_bytes: 1, rx_errors: 2 })).toEqual({
      errors: 2,
      ratio: null,
    });
  });
});
