import { readdir } from "node:fs/promises";
import si from "systeminformation";
import type { Provider } from "./types.ts";
import { serialFindings, usbFindings } from "./usb-peripherals.ts";

/** detect-peripherals: known USB devices (systeminformation) and USB-serial adapters by id. */
export const detectPeripherals: Provider<"detect-peripherals"> = async (_params, options) => {
  const usb = await si.usb().catch(() => []);
  const serial = await readdir("/dev/serial/by-id").catch(() => [] as string[]);
  const found = [...usbFindings(usb), ...serialFindings(serial)];
  const seen = new Set<string>();
  const peripherals = found.filter((p) => {
    const key = p.serial_number ? `s:${p.serial_number}` : `n:${p.name}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  options.log(`detect-peripherals: ${peripherals.length} peripheral(s)`);
  return { ok: true, result: { peripherals } };
};
