import { describe, expect, it } from "vitest";
import { DEMO_DEVICE_SPECS } from "./demo-data.ts";
import { simIdentity } from "./identity.ts";
import { simPlatform } from "./simulator.ts";

describe("simulated machines are each their own machine", () => {
  it("every demo device has its own machine id and MAC address", () => {
    const ids = DEMO_DEVICE_SPECS.map((d) => simIdentity(d.uuid));
    expect(new Set(ids.map((i) => i.machine_id)).size).toBe(DEMO_DEVICE_SPECS.length);
    expect(new Set(ids.map((i) => i.mac)).size).toBe(DEMO_DEVICE_SPECS.length);
    for (const { machine_id, mac } of ids) {
      expect(machine_id).toMatch(/^[0-9a-f]{32}$/);
      expect(mac).toMatch(/^02(:[0-9a-f]{2}){5}$/);
    }
  });

  it("is the same on every start", () => {
    const uuid = DEMO_DEVICE_SPECS[0]?.uuid ?? "";
    expect(simIdentity(uuid)).toEqual(simIdentity(uuid));
  });

  it("a seeded device reports its seeded type's operating system (a Windows Computer runs Windows)", () => {
    for (const spec of DEMO_DEVICE_SPECS.filter((d) =>
      ["windows", "linux", "raspberry_pi", "android_tv"].includes(d.type),
    )) {
      const platform = simPlatform(spec.uuid);
      expect({ name: spec.name, type: platform.device_type }).toEqual({ name: spec.name, type: spec.type });
    }
    const windows = DEMO_DEVICE_SPECS.find((d) => d.type === "windows");
    expect(windows && simPlatform(windows.uuid).os[0]).toMatch(/^Windows/);
  });
});
