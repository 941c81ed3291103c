import { describe, expect, it } from "vitest";
import { simHardware } from "../../agent/sim/hardware.ts";
import { virtualMachine } from "../../agent/sim/simulator.ts";
import { DisplayFindings, PeripheralFindings } from "../../contracts/peripherals/schema.ts";
import { buildDemoSeed } from "../seed-demo.ts";

const NOW = Date.parse("2026-11-22T12:00:00Z");

describe("simulated displays and peripherals", () => {
  it("a seeded device reports its seeded names; some devices, fixed by uuid, have one new display or peripheral", async () => {
    const { access } = await buildDemoSeed({ now: NOW });
    const seeded = access.filter((a) => a.credential && a.hardware.displays.length);
    expect(seeded.length).toBeGreaterThan(5);
    let newDisplays = 0;
    let newPeripherals = 0;
    for (const device of seeded) {
      const found = simHardware(device, []);
      DisplayFindings.parse({ displays: found.displays });
      PeripheralFindings.parse({ peripherals: found.peripherals });
      const names = found.displays.map((d) => d.name);
      expect(names.slice(0, device.hardware.displays.length)).toEqual(device.hardware.displays.map((d) => d.name));
      newDisplays += names.length - device.hardware.displays.length;
      newPeripherals += found.peripherals.length - device.hardware.peripherals.length;
      expect(simHardware(device, [])).toEqual(found);
    }
    expect(newDisplays).toBeGreaterThan(0);
    expect(newPeripherals).toBeGreaterThan(0);
    expect(newDisplays + newPeripherals).toBeLessThan(seeded.length);
  });

  it("answers the three actions of a virtual machine", async () => {
    const device = { uuid: "0b5e4c1e-1111-4222-8333-444455556666", name: "Sim", space_uuid: "s", credential: "c" };
    const machine = virtualMachine(device, () => {}, { instant: true });
    const command = (action: "detect-displays" | "detect-peripherals" | "apply-display-config", params = {}) =>
      machine.execute({ type: "command", id: action, action, params });
    const displays = await command("detect-displays");
    expect(displays.ok).toBe(true);
    expect(DisplayFindings.parse(displays.ok ? displays.result : null).displays[0].name).toBe("HDMI-1@DELL P2422H");
    const peripherals = await command("detect-peripherals");
    expect(PeripheralFindings.parse(peripherals.ok ? peripherals.result : null).peripherals.length).toBeGreaterThan(0);
    const display = {
      name: "HDMI-1@DELL P2422H",
      primary: true,
      disabled: false,
      resolution: "1920x1080",
      refresh_rate: 60,
      orientation: "normal",
    };
    expect(await command("apply-display-config", { displays: [display, { ...display, primary: false }] })).toEqual({
      ok: true,
      result: { simulated: true, applied_displays: 2, applications: { allowed: true, configured: 0 } },
    });
    // Params are checked against contracts/commands/schema.ts like the real agent's.
    expect(await command("apply-display-config", { displays: [{}, {}] })).toMatchObject({
      ok: false,
      error: expect.stringContaining("Invalid parameters for apply-display-config"),
    });
  });
});
