import { describe, expect, it } from "vitest";
import { asHealthCode, monitoredPeripheralType, worst } from "../../contracts/devices/health.ts";
import { conditionsOf } from "../../worker/services/monitoring/conditions.ts";

describe("health contract", () => {
  it("reads only 0–3 as health codes and ranks 3 > 2 > 0 > 1", () => {
    expect([0, 1, 2, 3, 4, -1, null, undefined].map(asHealthCode)).toEqual([0, 1, 2, 3, null, null, null, null]);
    expect(worst([1, 0, 5])).toBe(0);
    expect(worst([1, 2, 0])).toBe(2);
    expect(worst([null, 7])).toBeNull();
  });

  it("names monitored peripheral types the same way for the counts and the report", () => {
    expect(monitoredPeripheralType("bill_acceptor")).toBe("bill_acceptor");
    expect(monitoredPeripheralType("Bill Acceptor")).toBe("bill_acceptor");
    expect(monitoredPeripheralType("door switches")).toBe("door_switch");
    expect(monitoredPeripheralType("displays")).toBe("display");
    expect(monitoredPeripheralType("camera")).toBeNull();
    const { peripherals } = conditionsOf({
      peripherals: {
        devicesInfo: [
          { name: "NV11", type: "Bill Acceptor", enabled: true, combined_status: 3, status: [3] },
          { name: "NV9", type: "bill_acceptor", enabled: true, combined_status: 0, status: [0] },
          { name: "USB cam", type: "camera", enabled: true, combined_status: 3, status: [3] },
        ],
      },
    });
    expect(peripherals).toEqual([{ type: "bill_acceptor", condition: 3 }]);
  });
});
