/** Which peripherals the demo kiosks and POS devices carry, and their rows. */
import { PERIPHERAL_TYPES, type PeripheralTypeKey } from "../../contracts/reference.ts";
import type { DemoDeviceSpec } from "./demo-data.ts";
import { DEMO_TABLE, demoUuid } from "./demo-data.ts";

type Catalog = { manufacturer: string; model: string; protocol: string; details: string; firmware: string };
export const CATALOG: Record<PeripheralTypeKey, Catalog> = {
  coin_acceptor: {
    manufacturer: "Azkoyen",
    model: "X6 Coin Validator",
    protocol: "cctalk",
    details: "/dev/ttyUSB0, 9600 baud, address 2",
    firmware: "6.1.4",
  },
  bill_acceptor: {
    manufacturer: "JCM",
    model: "iVIZION 100",
    protocol: "id-003",
    details: "/dev/ttyUSB1, 9600 baud, even parity",
    firmware: "2.13",
  },
  card_reader: {
    manufacturer: "Ingenico",
    model: "Self 4000",
    protocol: "usb-hid",
    details: "VID 0b00 PID 0099",
    firmware: "11.20.7",
  },
  camera: {
    manufacturer: "Logitech",
    model: "C920 HD Pro",
    protocol: "uvc",
    details: "/dev/video0, 1920x1080 MJPEG",
    firmware: "0.0.19",
  },
  time_attendance_lock: {
    manufacturer: "ZKTeco",
    model: "SpeedFace-V5L",
    protocol: "tcp/ip",
    details: "port 4370",
    firmware: "Ver 8.0.4.1",
  },
  door_switch: {
    manufacturer: "Honeywell",
    model: "7939WG",
    protocol: "gpio",
    details: "GPIO 17, normally closed",
    firmware: "",
  },
  pos_printer: {
    manufacturer: "Epson",
    model: "TM-T88VI",
    protocol: "escpos",
    details: "USB printer class, 80 mm paper",
    firmware: "30.03 ESC/POS",
  },
  document_scanner: {
    manufacturer: "Fujitsu",
    model: "fi-800R",
    protocol: "twain",
    details: "USB 3.2, duplex",
    firmware: "1.05",
  },
  display: {
    manufacturer: "Bixolon",
    model: "BCD-2000",
    protocol: "serial",
    details: "/dev/ttyS0, 2x20 customer display",
    firmware: "1.1",
  },
};

export type PlannedPeripheral = {
  uuid: string;
  type: PeripheralTypeKey;
  name: string;
  status: number;
  enabled: boolean;
};

const hasInventory = (d: DemoDeviceSpec) => !["non_connected", "installation_pending"].includes(d.status);

function typesFor(d: DemoDeviceSpec): PeripheralTypeKey[] {
  if (!hasInventory(d) || (d.device_class !== "kiosk" && d.device_class !== "retail_pos")) return [];
  const has = (s: string) => d.name.includes(s);
  if (d.device_class === "retail_pos") {
    const base: PeripheralTypeKey[] = ["card_reader", "pos_printer", "display"];
    return has("Self-checkout") ? [...base, "bill_acceptor", "coin_acceptor"] : base;
  }
  if (has("Ticket") || has("Pay Station") || has("Exchange"))
    return ["coin_acceptor", "bill_acceptor", "card_reader", "pos_printer"];
  if (has("Registration") || has("Badge")) return ["document_scanner", "camera", "pos_printer", "card_reader"];
  if (has("Time Clock")) return ["time_attendance_lock", "door_switch"];
  if (has("Dock")) return ["door_switch", "card_reader"];
  if (has("Gate")) return ["time_attendance_lock", "camera"];
  if (has("Front Desk")) return ["document_scanner", "card_reader"];
  return ["card_reader", "camera"];
}

/** Faults shown in the demo: device name → peripheral type → health code. */
export const FAULTS: Record<string, Partial<Record<PeripheralTypeKey, number>>> = {
  "MO Exchange Kiosk": { bill_acceptor: 3 },
  "ST Self-checkout 1": { card_reader: 2 },
  "ZD Parking Pay Station": { coin_acceptor: 2 },
};
const DISABLED: Record<string, PeripheralTypeKey> = { "VI Registration Kiosk 2": "camera" };

/** The peripherals of every device, numbered in fleet order (so uuids are stable). */
export function planPeripherals(devices: readonly DemoDeviceSpec[]): Map<string, PlannedPeripheral[]> {
  let counter = 0;
  return new Map(
    devices.map((d) => [
      d.uuid,
      typesFor(d).map((type) => ({
        uuid: demoUuid(DEMO_TABLE.peripheral, ++counter),
        type,
        name: `${CATALOG[type].manufacturer} ${CATALOG[type].model}`,
        status: FAULTS[d.name]?.[type] ?? 0,
        enabled: DISABLED[d.name] !== type,
      })),
    ]),
  );
}

export const slugOf = (type: PeripheralTypeKey) => PERIPHERAL_TYPES.find((t) => t.key === type)?.slug ?? type;
