import type { AppliedApplication } from "../../contracts/admin/applications.ts";
import type { DisplayFinding, PeripheralFinding } from "../../contracts/peripherals/schema.ts";

/**
 * A device's displays and peripherals as its agent reports them (devices.json carries the seeded
 * ones), and the seeded displays' applications (the simulator runs them: agent/sim/apps.ts).
 */
export type SimHardware = {
  displays: DisplayFinding[];
  peripherals: PeripheralFinding[];
  applications?: { display: string; display_uuid: string; application: AppliedApplication }[];
};

/** Deterministic per-device randomness (FNV-1a seeded), so answers are the same on every run. */
function draw(seed: string) {
  let h = 2166136261;
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return (h >>> 0) / 4294967296;
}

const RATES = { "1920x1080": [60, 59.94, 50], "1280x720": [60, 50] };
const screen = (name: string, output: string, primary: boolean): DisplayFinding => ({
  name,
  primary,
  resolution: "1920x1080",
  available_resolutions: Object.keys(RATES),
  refresh_rate: 60,
  available_refresh_rates: RATES,
  orientation: "normal",
  graphical_output: output,
});

const peripheral = (uuid: string, name: string, type: string, n: number): PeripheralFinding => ({
  name,
  type,
  manufacturer: "Simulated",
  model: name,
  communication_protocol: "usb",
  currency: type.endsWith("acceptor") ? "EUR" : "",
  serial_number: `SIM-${uuid.slice(0, 8)}-${n}`,
  firmware: "1.0",
  protocol_details: `USB bus 1 device ${n + 2}`,
});

/**
 * What a simulated device's agent finds: the seeded displays and peripherals for a seeded device
 * (so a detection there finds nothing new), else one screen and its telemetry peripherals.
 * Some devices, fixed by uuid, also have one new display (about 1 in 6) or one new peripheral
 * (another 1 in 6), so "new" shows up too. Types the console does not know (barcode scanner,
 * Paylink) are reported as found; the console skips them.
 */
export function simHardware(
  device: { uuid: string; hardware?: SimHardware },
  telemetryPeripherals: readonly { name: string; type: string }[],
): SimHardware {
  const base: SimHardware = device.hardware ?? {
    displays: [screen("HDMI-1@DELL P2422H", "HDMI-1", true)],
    peripherals: telemetryPeripherals.map((p, i) => peripheral(device.uuid, p.name, p.type, i)),
  };
  const pick = draw(`${device.uuid}/new-hardware`);
  if (pick < 1 / 6) {
    return { ...base, displays: [...base.displays, screen("HDMI-9@Samsung QM55R", "HDMI-9", false)] };
  }
  if (pick < 2 / 6) {
    const extra = peripheral(device.uuid, "Epson TM-T20III", "pos_printer", 9);
    return { ...base, peripherals: [...base.peripherals, extra] };
  }
  return base;
}
