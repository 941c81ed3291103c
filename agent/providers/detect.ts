import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import type { DetectionFinding } from "../../contracts/detection/schema.ts";
import type { Provider } from "./types.ts";

/** One entry of the kernel's neighbour (ARP) table. */
export type Neighbour = { ip: string; mac: string; device: string };

const MAC = /^([0-9a-f]{2}[:-]){5}[0-9a-f]{2}$/i;
const EMPTY_MAC = "00:00:00:00:00:00";
/** /proc/net/arp flag ATF_COM: the entry is complete (the machine answered). */
const ATF_COM = 0x2;

const normalMac = (mac: string) => mac.toLowerCase().replaceAll("-", ":");
const usable = (ip: string, mac: string) => ip !== "" && MAC.test(mac) && normalMac(mac) !== EMPTY_MAC;

/**
 * /proc/net/arp:
 *   IP address       HW type     Flags       HW address            Mask     Device
 *   10.25.0.61       0x1         0x2         1c:69:7a:0e:7f:3a     *        eth0
 * Incomplete entries (flags without ATF_COM, MAC 00:00:00:00:00:00) are left out.
 */
export function parseProcArp(text: string): Neighbour[] {
  const out: Neighbour[] = [];
  for (const line of text.split("\n").slice(1)) {
    const [ip = "", , flags = "0", mac = "", , device = ""] = line.trim().split(/\s+/);
    if (!usable(ip, mac) || (Number.parseInt(flags, 16) & ATF_COM) === 0) continue;
    out.push({ ip, mac: normalMac(mac), device });
  }
  return out;
}

/**
 * `ip neigh` (iproute2):
 *   10.25.0.62 dev eth0 lladdr 58:b6:23:41:2b:91 REACHABLE
 *   10.25.0.70 dev eth0 FAILED
 * Entries without a link-layer address, or FAILED / INCOMPLETE, are left out.
 */
export function parseIpNeigh(text: string): Neighbour[] {
  const out: Neighbour[] = [];
  for (const line of text.split("\n")) {
    const words = line.trim().split(/\s+/);
    const ip = words[0] ?? "";
    const at = (key: string) => {
      const i = words.indexOf(key);
      return i >= 0 ? (words[i + 1] ?? "") : "";
    };
    const state = words.at(-1) ?? "";
    if (state === "FAILED" || state === "INCOMPLETE") continue;
    const mac = at("lladdr");
    if (!usable(ip, mac)) continue;
    out.push({ ip, mac: normalMac(mac), device: at("dev") });
  }
  return out;
}

type DeviceType = DetectionFinding["device_type"];

type Maker = { vendor: string; device_type: DeviceType };

/** Makers whose machines we can name, with their MAC prefixes (OUI). */
const MAKERS: (Maker & { prefixes: string[] })[] = [
  {
    vendor: "raspberry-pi",
    device_type: "raspberry_pi",
    prefixes: ["b8:27:eb", "dc:a6:32", "d8:3a:dd", "e4:5f:01", "2c:cf:67"],
  },
  { vendor: "hikvision", device_type: "camera", prefixes: ["44:19:b6", "bc:ad:28", "c0:56:e3"] },
  { vendor: "dahua", device_type: "camera", prefixes: ["3c:ef:8c", "90:02:a9"] },
  { vendor: "axis", device_type: "camera", prefixes: ["00:40:8c", "ac:cc:8e"] },
  { vendor: "nvidia-shield", device_type: "android_tv", prefixes: ["00:04:4b"] },
];

/** MAC prefix (OUI) → vendor and what such a machine is. */
export const OUI_TABLE: Record<string, Maker> = Object.fromEntries(
  MAKERS.flatMap(({ prefixes, ...maker }) => prefixes.map((prefix) => [prefix, maker])),
);

/** The maker and kind of machine a MAC belongs to (unknown when its prefix is not in the table). */
export function classify(mac: string): Maker {
  return OUI_TABLE[normalMac(mac).slice(0, 8)] ?? { vendor: "unknown", device_type: "unknown" };
}

/** A name without reverse DNS: vendor and the MAC's last four hex digits ("hikvision-0a11"). */
export function nameOf(mac: string): string {
  const hex = normalMac(mac).replaceAll(":", "");
  return `${classify(mac).vendor}-${hex.slice(-4)}`;
}

const isIpv4 = (ip: string) => /^\d+\.\d+\.\d+\.\d+$/.test(ip);

/**
 * The neighbours as findings, one per MAC: a machine seen twice (two interfaces, IPv4 and IPv6)
 * keeps its first IPv4 address, else its first address.
 */
export function toFindings(neighbours: readonly Neighbour[]): DetectionFinding[] {
  const seen = new Set<string>();
  const out: DetectionFinding[] = [];
  const ordered = [...neighbours.filter((n) => isIpv4(n.ip)), ...neighbours.filter((n) => !isIpv4(n.ip))];
  for (const n of ordered) {
    const mac = normalMac(n.mac);
    if (seen.has(mac)) continue;
    seen.add(mac);
    out.push({ name: nameOf(mac), ip_address: n.ip, mac_address: mac, device_type: classify(mac).device_type });
  }
  return out;
}

const ipNeigh = (env?: NodeJS.ProcessEnv) =>
  new Promise<string>((resolve, reject) => {
    execFile("ip", ["neigh", "show"], { env, timeout: 5000 }, (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    );
  });

/** The neighbour table: /proc/net/arp (or options.neighbourFile), else `ip neigh`. */
export async function readNeighbours(options: { neighbourFile?: string; env?: NodeJS.ProcessEnv }) {
  try {
    return parseProcArp(await readFile(options.neighbourFile ?? "/proc/net/arp", "utf8"));
  } catch {
    return parseIpNeigh(await ipNeigh(options.env));
  }
}

/** detect-devices: the machines this device sees on its network (contracts/detection/schema.ts DetectionResult). */
export const detectDevices: Provider<"detect-devices"> = async (_params, options) => {
  try {
    const devices = toFindings(await readNeighbours(options));
    options.log(`detect-devices: ${devices.length} machine(s) on the network`);
    return { ok: true, result: { devices } };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, error: `Cannot read the neighbour table: ${reason}` };
  }
};
