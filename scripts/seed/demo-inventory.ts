/** Realistic system inventory for a demo device, by device type. */

import {
  DEMO_LOCATIONS,
  DEMO_TABLE,
  type DemoDeviceSpec,
  type DemoLocation,
  demoUuid,
} from "../../agent/sim/demo-data.ts";
import type { Rng } from "../../agent/sim/prng.ts";
import type { deviceTable } from "../../drizzle/schema/index.ts";

type DeviceRow = typeof deviceTable.$inferInsert;
const GIB = 1024 ** 3;
const GB = 1000 ** 3;

type Profile = {
  os: [name: string, version: string, arch: string][];
  boards: [manufacturer: string, product: string][];
  cpus: [model: string, version: string, manufacturer: string][];
  gpus: string[];
  drives: [name: string, model: string, capacity: number][];
  ramGiB: number[];
  macPrefix: string;
  image: [row: number, name: string];
};

const PROFILES: Record<Exclude<DemoDeviceSpec["type"], "unknown">, Profile> = {
  linux: {
    os: [
      ["Ubuntu", "24.04.1 LTS", "x86_64"],
      ["Ubuntu", "22.04.4 LTS", "x86_64"],
      ["Debian GNU/Linux", "12 (bookworm)", "x86_64"],
    ],
    boards: [
      ["Intel Corporation", "NUC11TNBi5"],
      ["ASRock", "J4125-ITX"],
      ["Gigabyte Technology Co., Ltd.", "GB-BRi5H-10210"],
    ],
    cpus: [
      ["Intel(R) Core(TM) i5-1135G7 @ 2.40GHz", "i5-1135G7", "GenuineIntel"],
      ["Intel(R) Celeron(R) J4125 CPU @ 2.00GHz", "J4125", "GenuineIntel"],
      ["Intel(R) Core(TM) i5-10210U CPU @ 1.60GHz", "i5-10210U", "GenuineIntel"],
    ],
    gpus: ["Intel Iris Xe Graphics", "Intel UHD Graphics 600", "Intel UHD Graphics 620"],
    drives: [
      ["nvme0n1", "Samsung SSD 980 500GB", 500 * GB],
      ["sda", "Kingston SA400S37240G", 240 * GB],
    ],
    ramGiB: [8, 16],
    macPrefix: "1c:69:7a",
    image: [1, "outpost-ubuntu-kiosk-3.2.1.img"],
  },
  windows: {
    os: [
      ["Windows 11 IoT Enterprise", "23H2 (22631.4169)", "x86_64"],
      ["Windows 10 Pro", "22H2 (19045.4894)", "x86_64"],
    ],
    boards: [
      ["Dell Inc.", "OptiPlex 3000 Micro"],
      ["HP", "ProDesk 400 G6 Desktop Mini"],
      ["Lenovo", "ThinkCentre M70q"],
    ],
    cpus: [
      ["Intel(R) Core(TM) i5-12500T", "i5-12500T", "GenuineIntel"],
      ["Intel(R) Core(TM) i3-10100T CPU @ 3.00GHz", "i3-10100T", "GenuineIntel"],
      ["AMD Ryzen 5 PRO 4650GE with Radeon Graphics", "Ryzen 5 PRO 4650GE", "AuthenticAMD"],
    ],
    gpus: ["Intel UHD Graphics 770", "Intel UHD Graphics 630", "AMD Radeon Graphics"],
    drives: [
      ["PhysicalDrive0", "SK hynix BC711 NVMe 256GB", 256 * GB],
      ["PhysicalDrive0", "WD PC SN530 512GB", 512 * GB],
    ],
    ramGiB: [8, 16, 32],
    macPrefix: "b0:7b:25",
    image: [2, "outpost-win11-iot-2.4.0.wim"],
  },
  raspberry_pi: {
    os: [["Raspberry Pi OS", "12 (bookworm)", "aarch64"]],
    boards: [
      ["Raspberry Pi Ltd", "Raspberry Pi 4 Model B Rev 1.5"],
      ["Raspberry Pi Ltd", "Raspberry Pi 5 Model B Rev 1.0"],
    ],
    cpus: [
      ["Cortex-A72", "BCM2711", "ARM"],
      ["Cortex-A76", "BCM2712", "ARM"],
    ],
    gpus: ["Broadcom VideoCore VI", "Broadcom VideoCore VII"],
    drives: [["mmcblk0", "SanDisk SR32G", 32 * GB]],
    ramGiB: [4, 8],
    macPrefix: "d8:3a:dd",
    image: [3, "outpost-rpi-bookworm-3.1.0.img"],
  },
  android_tv: {
    os: [
      ["Android TV", "12", "aarch64"],
      ["Android TV", "11", "armv7l"],
    ],
    boards: [
      ["Xiaomi", "Mi Box S 2nd Gen"],
      ["NVIDIA", "SHIELD Android TV Pro"],
      ["Amlogic", "S905X4 reference"],
    ],
    cpus: [
      ["Cortex-A55", "S905X4", "Amlogic"],
      ["Cortex-A57", "Tegra X1+", "NVIDIA"],
    ],
    gpus: ["Mali-G31 MP2", "NVIDIA Maxwell 256-core"],
    drives: [
      ["mmcblk0", "eMMC 8GB", 8 * GB],
      ["mmcblk0", "eMMC 16GB", 16 * GB],
    ],
    ramGiB: [2, 3],
    macPrefix: "58:b6:23",
    image: [4, "outpost-androidtv-player-1.8.2.apk"],
  },
  camera: {
    os: [
      ["Embedded Linux", "V5.7.3 build 220112", "armv7l"],
      ["AXIS OS", "11.11.73", "armv7l"],
    ],
    boards: [
      ["Hikvision", "DS-2CD2143G2-I"],
      ["Axis Communications", "M3106-L Mk II"],
    ],
    cpus: [],
    gpus: [],
    drives: [],
    ramGiB: [],
    macPrefix: "44:19:b6",
    image: [5, "camera-onvif-profile-s"],
  },
};

export function inventoryFor(spec: DemoDeviceSpec, rng: Rng, location: DemoLocation | undefined) {
  const locIndex = location ? DEMO_LOCATIONS.indexOf(location) + 1 : 0;
  const subnet = location?.space === "lab" ? "10.99.0" : `10.${20 + locIndex}.0`;
  const ip = `${subnet}.${(spec.type === "camera" ? 100 : 10) + spec.n}`;
  const mac = (prefix: string) => `${prefix}:${rng.hex(2)}:${rng.hex(2)}:${rng.hex(2)}`;
  if (spec.type === "unknown") {
    return {
      fields: { local_ip_addresses: [ip], ip_address: ip, mac_addresses: [mac("00:e0:4c")] } as Partial<DeviceRow>,
      ramBytes: 0,
    };
  }
  const p = PROFILES[spec.type];
  const [osName, osVersion, arch] = rng.pick(p.os);
  const [boardMaker, board] = rng.pick(p.boards);
  const cpu = p.cpus.length ? rng.pick(p.cpus) : null;
  const ramBytes = p.ramGiB.length ? rng.pick(p.ramGiB) * GIB : 0;
  const macs = [mac(p.macPrefix)];
  if (spec.type === "linux" || spec.type === "windows") macs.push(mac(p.macPrefix));
  const local = spec.type === "linux" ? [ip, "172.17.0.1"] : [ip];
  const fields: Partial<DeviceRow> = {
    installation_image_uuid: demoUuid(DEMO_TABLE.installation_image, p.image[0]),
    installation_image_name: p.image[1],
    salt_minion_id: `outpost-${spec.type.replace("_", "-")}-${String(spec.n).padStart(4, "0")}`,
    machine_id: rng.hex(32),
    local_ip_addresses: local,
    external_ip_address: `203.0.113.${10 + locIndex}`,
    ip_address: ip,
    mac_addresses: macs,
    operating_system_name: osName,
    operating_system_version: osVersion,
    operating_system_architecture: arch,
    motherboard_manufacturer: boardMaker,
    motherboard_product_name: board,
    cpu_model: cpu?.[0] ?? null,
    cpu_version: cpu?.[1] ?? null,
    cpu_manufacturer: cpu?.[2] ?? null,
    graphic_cards: p.gpus.length ? [{ model: rng.pick(p.gpus) }] : [],
    storage_drives: p.drives.length
      ? [rng.pick(p.drives)].map(([name, model, capacity]) => ({ name, model, capacity }))
      : [],
    ram_size: ramBytes || null,
    thermal_status: spec.type === "camera" ? null : "normal",
    cpu_temperature: spec.type === "camera" ? null : rng.float(38, 62, 1),
    network_status: "connected",
  };
  return { fields, ramBytes };
}
