import { describe, expect, it } from "vitest";
import { healthCauses } from "./health-cause";

const conditions = {
  cpu_condition: 0,
  thermal_condition: 0,
  uptime_condition: 0,
  ram_condition: 0,
  storage_condition: 0,
  gpu_condition: null,
  network_condition: 0,
  disk_health_condition: 0,
} as const;

describe("healthCauses", () => {
  it("names a failing disk with SMART's verdict, criticals before warnings, peripherals last", () => {
    const { code, causes } = healthCauses({
      ...conditions,
      ram_condition: 2,
      disk_health_condition: 3,
      latest_telemetry: {
        disk_health: {
          status: 3,
          source: "smart",
          drives: [
            { name: "/dev/sdb", status: 0, smart: "Ok" },
            { name: "/dev/sda", status: 3, smart: "Predicted Failure" },
          ],
        },
      },
      peripherals_status: [{ device: "Receipt printer", status: 2 }],
    });
    expect(code).toBe(3);
    expect(causes).toEqual([
      { kind: "heading", heading: "disk_health", code: 3, detail: "predicted failure" },
      { kind: "heading", heading: "ram", code: 2, detail: undefined },
      { kind: "peripheral", name: "Receipt printer", code: 2 },
    ]);
  });

  it("has no cause when every heading is healthy, and no code without telemetry", () => {
    expect(healthCauses({ ...conditions, latest_telemetry: null, peripherals_status: [] }).causes).toEqual([]);
    const none = Object.fromEntries(Object.keys(conditions).map((k) => [k, null]));
    expect(healthCauses({ ...conditions, ...none, latest_telemetry: null, peripherals_status: [] }).code).toBeNull();
  });
});
