import type { MonitoringDevice } from "@contracts/monitoring/schema";
import { describe, expect, it } from "vitest";
import { problemsOf } from "./device-problems";

const healthy = {
  cpu_condition: 0,
  thermal_condition: 0,
  uptime_condition: 0,
  ram_condition: 0,
  storage_condition: 0,
  disk_health_condition: 1,
  gpu_condition: null,
  network_condition: 0,
  peripherals_condition: 0,
  peripherals_status: [],
};

describe("problemsOf (a device's worst conditions)", () => {
  it("lists nothing for a healthy or unmeasured device", () => {
    expect(problemsOf(healthy as unknown as MonitoringDevice)).toEqual([]);
  });

  it("lists warnings and criticals of headings and peripherals, criticals first, in the spec's order", () => {
    const device = {
      ...healthy,
      cpu_condition: 2,
      storage_condition: 3,
      thermal_condition: 3,
      peripherals_status: [
        { device: "NV9 bill acceptor", type: "bill_acceptor", status: 3 },
        { device: "Receipt printer", type: "pos_printer", status: 0 },
        { device: "USB camera", status: 2 },
      ],
    } as unknown as MonitoringDevice;
    expect(problemsOf(device)).toEqual([
      { kind: "heading", heading: "thermal", condition: 3 },
      { kind: "heading", heading: "storage", condition: 3 },
      { kind: "peripheral", name: "NV9 bill acceptor", type: "bill_acceptor", condition: 3 },
      { kind: "heading", heading: "cpu", condition: 2 },
      { kind: "peripheral", name: "USB camera", type: undefined, condition: 2 },
    ]);
  });
});
