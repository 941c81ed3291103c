/**
 * What a simulated device is, fixed by its uuid: its platform, what it has attached, the machines
 * on its network and how a camera answers it. Pure functions, apart from the running machine
 * (machine.ts) so the seed, tests and e2e can ask without starting one.
 */
import type { DetectionFinding } from "../../contracts/detection/schema.ts";
import { toFindings } from "../providers/detect.ts";
import { DEMO_DEVICE_SPECS } from "./demo-devices.ts";
import { rng } from "./episodes.ts";
import type { SimAccess } from "./fleet.ts";

type Access = SimAccess;

type Platform = {
  device_type: "linux" | "windows" | "raspberry_pi" | "android_tv";
  os: [name: string, version: string, arch: string];
  cpu: string;
};
const PLATFORMS: [weight: number, Platform][] = [
  [0.45, { device_type: "linux", os: ["Debian GNU/Linux", "12", "x64"], cpu: "Intel Celeron J4125" }],
  [0.2, { device_type: "windows", os: ["Windows 11 IoT Enterprise", "24H2", "x64"], cpu: "Intel Core i3-1215U" }],
  [0.25, { device_type: "raspberry_pi", os: ["Raspberry Pi OS", "12", "arm64"], cpu: "Cortex-A76 (BCM2712)" }],
  [0.1, { device_type: "android_tv", os: ["Android TV", "12", "arm64"], cpu: "Amlogic S905X4" }],
];

/**
 * The platform of a simulated device: a seeded demo device's own type (a "Windows Computer" runs
 * Windows), else fixed by its uuid (also what it enrols as).
 */
export function simPlatform(uuid: string): Platform {
  const seeded = DEMO_DEVICE_SPECS.find((d) => d.uuid === uuid)?.type;
  const own = PLATFORMS.find(([, p]) => p.device_type === seeded)?.[1];
  if (own) return own;
  let pick = rng(`${uuid}/platform`)();
  for (const [weight, platform] of PLATFORMS) {
    if (pick < weight) return platform;
    pick -= weight;
  }
  return PLATFORMS[0][1];
}

/** What a kiosk, POS or signage player has attached: a few of these, fixed by its uuid (types as telemetry names them). */
const PERIPHERALS = [
  { name: "Bill Acceptor", type: "bill_acceptor" },
  { name: "Coin Acceptor", type: "coin_acceptor" },
  { name: "Paylink", type: "paylink" },
  { name: "Card Reader", type: "card_reader" },
  { name: "Receipt Printer", type: "pos_printer" },
  { name: "Barcode Scanner", type: "barcode_scanner" },
  { name: "USB Camera", type: "camera" },
  { name: "Touch Display", type: "display" },
  { name: "Door Switch", type: "door_switch" },
];
export function simPeripherals(uuid: string): { name: string; type: string }[] {
  const rand = rng(`${uuid}/peripherals`);
  const chosen = PERIPHERALS.filter(() => rand() < 0.45);
  // A Paylink board only comes with the acceptors it drives.
  const acceptor = chosen.some((p) => p.type.endsWith("_acceptor"));
  const kept = chosen.filter((p) => p.type !== "paylink" || acceptor);
  return kept.length ? kept : [PERIPHERALS[0]];
}

/** Machines a runner may find on its network: MAC prefix (agent/providers/detect.ts OUI_TABLE). */
const NEIGHBOURS = [
  "44:19:b6", // Hikvision IP camera
  "3c:ef:8c", // Dahua IP camera
  "dc:a6:32", // Raspberry Pi signage player
  "00:04:4b", // NVIDIA Shield (Android TV box)
  "00:80:77", // a network printer (not in the table: unknown)
  "e4:5f:01", // another Raspberry Pi
];

/**
 * What a simulated runner's detect-devices finds: 2–5 machines on its own 10.x subnet, fixed by
 * its uuid (the same machines on every scan), named and typed as the real agent does.
 */
export function simDetections(uuid: string): DetectionFinding[] {
  const rand = rng(`${uuid}/detect`);
  const subnet = `10.${20 + Math.floor(rand() * 200)}.${Math.floor(rand() * 250)}`;
  const count = 2 + Math.floor(rand() * 4);
  const pool = [...NEIGHBOURS];
  const hex = () =>
    Math.floor(rand() * 256)
      .toString(16)
      .padStart(2, "0");
  const neighbours = Array.from({ length: count }, (_, i) => {
    const [oui] = pool.splice(Math.floor(rand() * pool.length), 1);
    return {
      ip: `${subnet}.${20 + i * 7 + Math.floor(rand() * 7)}`,
      mac: `${oui}:${hex()}:${hex()}:${hex()}`,
      device: "eth0",
    };
  });
  return toFindings(neighbours);
}

/** What a simulated device has attached: the seeded peripherals of a seeded device, else simPeripherals. */
export function simAttached(device: Access): { name: string; type: string }[] {
  if (!device.hardware) return simPeripherals(device.uuid);
  const attached = device.hardware.peripherals.map((p) => ({ name: p.name, type: p.type }));
  // A Paylink board sits between the PC and both acceptors; the console has no type for it.
  const has = (type: string) => attached.some((p) => p.type === type);
  if (has("bill_acceptor") && has("coin_acceptor")) attached.push({ name: "Aardvark Paylink", type: "paylink" });
  return attached;
}

/** The simulator's camera check: a camera on a private address answers both ports, others do not. */
export function simCameraProbe(params: {
  ip_address: string;
  http_port: number;
  main_rtsp_port: number;
  username: string;
}) {
  const lan = /^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/.test(params.ip_address);
  if (!lan) {
    const down = { reachable: false, status: null, latency_ms: null, message: `${params.ip_address} did not answer` };
    return {
      http: { ...down, message: `HTTP not reachable: ${down.message}` },
      rtsp: { ...down, message: `RTSP not reachable: ${down.message}` },
    };
  }
  const latency = 4 + (params.http_port % 17);
  const http = params.username
    ? { reachable: true, status: 200, latency_ms: latency, message: "HTTP 200" }
    : { reachable: true, status: 401, latency_ms: latency, message: "HTTP 401: the camera refused the credentials" };
  return { http, rtsp: { reachable: true, status: 200, latency_ms: latency + 2, message: "RTSP 200" } };
}
