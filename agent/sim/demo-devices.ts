/**
 * The demo fleet: each device's location, type, class and presence, and the health conditions that
 * make the monitor interesting. The simulator and the seed both build on this plan.
 */
import type { HealthCode } from "../../contracts/devices/health.ts";
import type { DeviceTypeKey } from "../../contracts/reference.ts";
import { DEMO_TABLE, type DemoSpaceKey, demoUuid } from "./demo-ids.ts";

export type DemoDeviceStatus =
  | "online"
  | "offline"
  | "disconnected"
  | "non_connected"
  | "installation_pending"
  | "archived";
export type DemoDeviceClass = "kiosk" | "retail_pos" | "visualization" | null;

export type DemoDeviceSpec = {
  n: number;
  uuid: string;
  space: DemoSpaceKey;
  location: string | null;
  name: string;
  type: DeviceTypeKey;
  device_class: DemoDeviceClass;
  /** online/offline are connected devices with that presence. */
  status: DemoDeviceStatus;
};

type Row = [location: string | null, name: string, type: DeviceTypeKey, cls: DemoDeviceClass, status: DemoDeviceStatus];
const FLEET: Row[] = [
  ["zagreb_hq", "ZG Reception Kiosk", "linux", "kiosk", "online"],
  ["zagreb_hq", "ZG Lobby Signage", "android_tv", "visualization", "online"],
  ["zagreb_hq", "ZG Boardroom Display", "windows", "visualization", "online"],
  ["zagreb_hq", "ZG Canteen POS 1", "windows", "retail_pos", "online"],
  ["zagreb_hq", "ZG Canteen POS 2", "windows", "retail_pos", "offline"],
  ["zagreb_hq", "ZG Entrance Camera", "camera", null, "online"],
  ["zagreb_hq", "ZG Spare Unit", "unknown", null, "non_connected"],
  ["split_riva", "ST Self-checkout 1", "linux", "retail_pos", "online"],
  ["split_riva", "ST Self-checkout 2", "linux", "retail_pos", "online"],
  ["split_riva", "ST Till", "windows", "retail_pos", "online"],
  ["split_riva", "ST Window Signage", "raspberry_pi", "visualization", "online"],
  ["split_riva", "ST Shelf Display", "raspberry_pi", "visualization", "disconnected"],
  ["rijeka_port", "RI Dock Terminal 1", "linux", "kiosk", "online"],
  ["rijeka_port", "RI Dock Terminal 2", "linux", "kiosk", "offline"],
  ["rijeka_port", "RI Yard Camera", "camera", null, "online"],
  ["rijeka_port", "RI Time Clock", "raspberry_pi", "kiosk", "online"],
  ["rijeka_port", "RI Old Terminal", "windows", "kiosk", "archived"],
  ["osijek_plant", "OS Line Monitor A", "raspberry_pi", "visualization", "online"],
  ["osijek_plant", "OS Line Monitor B", "raspberry_pi", "visualization", "online"],
  ["osijek_plant", "OS Gate Kiosk", "linux", "kiosk", "online"],
  ["osijek_plant", "OS Shift Board", "android_tv", "visualization", "offline"],
  ["osijek_plant", "OS Hall Camera", "camera", null, "disconnected"],
  ["zadar_mall", "ZD Info Kiosk North", "linux", "kiosk", "online"],
  ["zadar_mall", "ZD Info Kiosk South", "linux", "kiosk", "online"],
  ["zadar_mall", "ZD Ticket Machine", "windows", "kiosk", "online"],
  ["zadar_mall", "ZD Food Court Menu 1", "android_tv", "visualization", "online"],
  ["zadar_mall", "ZD Food Court Menu 2", "android_tv", "visualization", "online"],
  ["zadar_mall", "ZD Parking Pay Station", "linux", "kiosk", "offline"],
  ["zadar_mall", "ZD Promo Wall", "windows", "visualization", "online"],
  ["zadar_mall", "ZD New Kiosk", "unknown", "kiosk", "installation_pending"],
  ["dubrovnik_truck", "DU Truck POS", "raspberry_pi", "retail_pos", "online"],
  ["dubrovnik_truck", "DU Menu Board", "android_tv", "visualization", "offline"],
  ["ljubljana_office", "LJ Front Desk", "windows", "kiosk", "online"],
  ["ljubljana_office", "LJ Meeting Room TV", "android_tv", "visualization", "online"],
  ["ljubljana_office", "LJ Spare Pi", "raspberry_pi", null, "non_connected"],
  ["vienna_expo", "VI Registration Kiosk 1", "linux", "kiosk", "online"],
  ["vienna_expo", "VI Registration Kiosk 2", "linux", "kiosk", "online"],
  ["vienna_expo", "VI Badge Printer Station", "windows", "kiosk", "offline"],
  ["vienna_expo", "VI Stage Screen", "windows", "visualization", "disconnected"],
  ["vienna_expo", "VI Hall Camera", "camera", null, "online"],
  ["vienna_expo", "VI Demo Booth", "linux", "kiosk", "installation_pending"],
  ["mostar_old_town", "MO Souvenir POS", "linux", "retail_pos", "online"],
  ["mostar_old_town", "MO Exchange Kiosk", "linux", "kiosk", "online"],
  ["mostar_old_town", "MO Old POS", "windows", "retail_pos", "archived"],
  ["pula_home", "PU Home Lab Pi", "raspberry_pi", "kiosk", "offline"],
  ["pula_home", "PU Test Kiosk", "linux", "kiosk", "online"],
  ["plitvice_visitor", "PL Ticket Kiosk", "linux", "kiosk", "online"],
  ["plitvice_visitor", "PL Trail Map Screen", "raspberry_pi", "visualization", "disconnected"],
  [null, "Unassigned Android Box", "android_tv", null, "non_connected"],
  [null, "Unassigned Linux Box", "unknown", null, "non_connected"],
  ["munich_lab", "LAB Bench Linux", "linux", "kiosk", "online"],
  ["munich_lab", "LAB Bench Pi", "raspberry_pi", "visualization", "offline"],
  ["munich_lab", "LAB Camera", "camera", null, "non_connected"],
];

export const DEMO_DEVICE_SPECS: DemoDeviceSpec[] = FLEET.map(([location, name, type, device_class, status], i) => ({
  n: i + 1,
  uuid: demoUuid(DEMO_TABLE.device, i + 1),
  space: location === "munich_lab" ? "lab" : "demo",
  location,
  name,
  type,
  device_class,
  status,
}));

/** Condition overrides that make the monitor interesting. */
export const HEALTH: Record<
  string,
  Partial<Record<"cpu" | "ram" | "storage" | "network" | "gpu" | "thermal" | "uptime", HealthCode>>
> = {
  "ST Self-checkout 2": { storage: 3 },
  "OS Line Monitor B": { thermal: 2 },
  "ZD Food Court Menu 2": { ram: 2 },
  "RI Dock Terminal 1": { network: 2 },
  "VI Registration Kiosk 1": { cpu: 2 },
  "ZD Parking Pay Station": { storage: 2, uptime: 2 },
  "PU Test Kiosk": { gpu: 2 },
  "ZG Boardroom Display": { cpu: 3 },
};
