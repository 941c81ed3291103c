import { afterEach, describe, expect, it, vi } from "vitest";
import { POWER_ANSWER_LEAVES_MS, powerCycle, simulatedBootMs, virtualMachine } from "./simulator.ts";

const device = { uuid: "5f0c2a8e-0000-4000-8000-00000000a001", name: "Sim kiosk", space_uuid: "s", credential: "c" };

afterEach(() => vi.useRealTimers());

describe("simulated power", () => {
  it("answers a real (not dry) reboot, then goes down once the answer has left", async () => {
    vi.useFakeTimers();
    const powered: string[] = [];
    const machine = virtualMachine(device as never, () => {}, { instant: true, onPower: (verb) => powered.push(verb) });
    const reply = await machine.execute({ type: "command", id: "r1", action: "instant-reboot", params: {} });
    // No dry_run: the API answers 204 (devices.md §7), as for a real device.
    expect(reply).toEqual({ ok: true, result: { dry_run: false, simulated: true, ran: "simulated reboot" } });
    expect(powered).toEqual([]);
    vi.advanceTimersByTime(POWER_ANSWER_LEAVES_MS);
    expect(powered).toEqual(["reboot"]);
    await machine.execute({ type: "command", id: "p1", action: "instant-power-off", params: {} });
    vi.advanceTimersByTime(POWER_ANSWER_LEAVES_MS);
    expect(powered).toEqual(["reboot", "poweroff"]);
  });

  it("a reboot takes the device offline and back after a 20–40 s boot", () => {
    vi.useFakeTimers();
    expect(simulatedBootMs("reboot", () => 0)).toBe(20_000);
    expect(simulatedBootMs("reboot", () => 0.999)).toBeLessThan(40_000);
    expect(simulatedBootMs("poweroff", () => 0)).toBeGreaterThanOrEqual(120_000);
    const events: string[] = [];
    const session = { stop: () => events.push("offline"), start: () => events.push("online") };
    powerCycle(
      session,
      "reboot",
      (line) => events.push(line),
      () => 0.5,
    );
    expect(events).toEqual(["simulated reboot, back in 30 s", "offline"]);
    vi.advanceTimersByTime(29_999);
    expect(events).not.toContain("online");
    vi.advanceTimersByTime(1);
    expect(events.at(-1)).toBe("online");
  });
});
