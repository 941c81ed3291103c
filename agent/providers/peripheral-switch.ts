import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { matchUsb, type SysfsUsb } from "./usb-peripherals.ts";

/** Where the kernel lists USB devices; writing 0 or 1 to a device's `authorized` unbinds or binds it. */
export const USB_DEVICES_DIR = "/sys/bus/usb/devices";

/** What switching a peripheral did: the hardware itself, or only the agent's monitoring (and why). */
export type PeripheralSwitch = { authorized: boolean; port: string } | { monitoring_only: true; reason: string };

const text = (path: string) =>
  readFile(path, "utf8").then(
    (s) => s.trim(),
    () => "",
  );

/** The USB devices sysfs lists (none when it cannot be read). */
export async function sysfsUsb(dir = USB_DEVICES_DIR): Promise<SysfsUsb[]> {
  const ports = await readdir(dir).catch(() => [] as string[]);
  return Promise.all(
    ports.map(async (port) => ({
      port,
      manufacturer: await text(join(dir, port, "manufacturer")),
      product: await text(join(dir, port, "product")),
      serial: await text(join(dir, port, "serial")),
    })),
  );
}

/**
 * Disabling a USB peripheral deauthorises it (`echo 0 > …/authorized`: the kernel unbinds its
 * drivers, so a bill acceptor stops taking money), enabling authorises it again. Where the agent
 * cannot (the peripheral is not a USB device it sees, or it may not write there: not root, no
 * udev rule) the answer says that only monitoring changed, and why.
 */
export async function switchUsbPeripheral(
  wanted: { name?: string; serial_number?: string; enabled: boolean },
  dir = USB_DEVICES_DIR,
): Promise<PeripheralSwitch> {
  const device = matchUsb(await sysfsUsb(dir), wanted);
  if (!device) {
    return { monitoring_only: true, reason: "The peripheral is not a USB device this agent can switch." };
  }
  const file = join(dir, device.port, "authorized");
  try {
    await writeFile(file, wanted.enabled ? "1" : "0");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === "EACCES" || code === "EPERM" ? "no permission" : (code ?? "error");
    return { monitoring_only: true, reason: `The agent may not write ${file} (${why}).` };
  }
  return { authorized: wanted.enabled, port: device.port };
}
