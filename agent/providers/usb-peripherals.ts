import type { PeripheralFinding } from "../../contracts/peripherals/schema.ts";
import type { PeripheralTypeKey } from "../../contracts/reference.ts";

/** What systeminformation's usb() reports of a device (the fields used here). */
export type SiUsb = {
  bus: number;
  deviceId: number;
  name: string;
  type: string;
  vendor: string;
  manufacturer: string;
  serialNumber: string;
};

/**
 * Makers and products the console knows, matched against "vendor manufacturer name" (first
 * match wins; the more specific rows come first). USB devices that match nothing (hubs,
 * keyboards, storage) are not peripherals of the console and are left out.
 */
export const USB_TABLE: { pattern: RegExp; type: PeripheralTypeKey; protocol: string }[] = [
  {
    pattern: /\b(tm-[a-z0-9]+|receipt|thermal printer|star micronics|tsp\d{3}|srp-\d+|citizen ct-|custom vkp)/i,
    type: "pos_printer",
    protocol: "escpos",
  },
  {
    pattern: /\b(jcm|ivizion|cashcode|innovative technology|nv(9|10|11|200)|bill (acceptor|validator)|note validator)/i,
    type: "bill_acceptor",
    protocol: "id-003",
  },
  { pattern: /\b(coin|azkoyen|comestero|cctalk)/i, type: "coin_acceptor", protocol: "cctalk" },
  {
    pattern: /\b(ingenico|verifone|pax technology|magtek|id tech|omnikey|acr1\d\d|smart ?card|card reader|ccid)/i,
    type: "card_reader",
    protocol: "usb-hid",
  },
  {
    pattern: /\b(fi-\d+|scansnap|document scanner|canon dr-|avision|plustek|desko|passport reader)/i,
    type: "document_scanner",
    protocol: "twain",
  },
  { pattern: /\b(zkteco|speedface|time attendance)/i, type: "time_attendance_lock", protocol: "usb" },
  { pattern: /\b(webcam|camera|c9[12]\d|brio|uvc)/i, type: "camera", protocol: "uvc" },
  { pattern: /\b(customer display|pole display|bcd-\d+|vfd)/i, type: "display", protocol: "serial" },
];

/** The console's peripheral type of a USB device, or null when it is not one the console knows. */
export function classifyUsb(d: Pick<SiUsb, "name" | "type" | "vendor" | "manufacturer">) {
  const text = `${d.vendor} ${d.manufacturer} ${d.name}`;
  const row = USB_TABLE.find((r) => r.pattern.test(text));
  if (row) return row;
  if (/^(video|webcam|camera)$/i.test(d.type)) return { type: "camera" as const, protocol: "uvc" };
  return null;
}

const clean = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim();

/** systeminformation's USB devices as PeripheralFindings (unknown ones left out). */
export function usbFindings(devices: readonly SiUsb[]): PeripheralFinding[] {
  const out: PeripheralFinding[] = [];
  for (const d of devices) {
    const kind = classifyUsb(d);
    if (!kind) continue;
    const manufacturer = clean(d.manufacturer || d.vendor);
    const model = clean(d.name);
    out.push({
      name: clean(model.startsWith(manufacturer) ? model : `${manufacturer} ${model}`).slice(0, 128) || kind.type,
      type: kind.type,
      manufacturer: manufacturer.slice(0, 128),
      model: model.slice(0, 128),
      communication_protocol: kind.protocol,
      currency: "",
      serial_number: clean(d.serialNumber).slice(0, 128),
      firmware: "",
      protocol_details: `USB bus ${d.bus} device ${d.deviceId}`,
    });
  }
  return out;
}

/**
 * Serial adapters by id (/dev/serial/by-id): "usb-JCM_iVIZION_100-if00-port0" names the device
 * behind a USB-serial cable (money acceptors, customer displays). Only known makers count.
 */
export function serialFindings(ids: readonly string[]): PeripheralFinding[] {
  const out: PeripheralFinding[] = [];
  for (const id of ids) {
    const m = /^usb-(.+?)(?:_([A-Za-z0-9]{4,}))?-if\d+(?:-port\d+)?$/.exec(id);
    if (!m) continue;
    const words = m[1].replaceAll("_", " ");
    const kind = classifyUsb({ name: words, type: "", vendor: "", manufacturer: "" });
    if (!kind) continue;
    out.push({
      name: words.slice(0, 128),
      type: kind.type,
      manufacturer: words.split(" ")[0] ?? "",
      model: words.split(" ").slice(1).join(" "),
      communication_protocol: kind.protocol,
      currency: "",
      serial_number: m[2] ?? "",
      firmware: "",
      protocol_details: `/dev/serial/by-id/${id}`,
    });
  }
  return out;
}

/** What a USB device says of itself in sysfs (/sys/bus/usb/devices/<port>/). */
export type SysfsUsb = { port: string; manufacturer: string; product: string; serial: string };

/**
 * The USB device in sysfs that is the console's peripheral: by serial number when it has one,
 * else by name (the finding's name is "manufacturer product", as usbFindings builds it). Ports
 * with a ":" are interfaces, not devices. Null when none matches (e.g. behind a serial adapter).
 */
export function matchUsb(
  devices: readonly SysfsUsb[],
  wanted: { name?: string; serial_number?: string },
): SysfsUsb | null {
  const devicesOnly = devices.filter((d) => !d.port.includes(":"));
  const serial = clean(wanted.serial_number);
  if (serial) {
    const bySerial = devicesOnly.find((d) => clean(d.serial) === serial);
    if (bySerial) return bySerial;
  }
  const name = clean(wanted.name).toLowerCase();
  if (!name) return null;
  return (
    devicesOnly.find((d) => {
      const product = clean(d.product).toLowerCase();
      const full = clean(`${d.manufacturer} ${d.product}`).toLowerCase();
      return product !== "" && (full === name || product === name || name.endsWith(` ${product}`));
    }) ?? null
  );
}
