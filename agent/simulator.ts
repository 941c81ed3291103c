/**
 * Runs N virtual agents through the real agent's protocol code (AgentSession), for the demo and
 * load tests: varied telemetry (some devices warn or go critical), devices dropping offline and
 * coming back, and answers to every command — quick, slow, timing out and failing ones.
 *
 *   node agent/simulator.ts --server http://localhost:8787 [--devices N] [--devices-json .outpost/devices.json]
 *                           [--no-flaky] [--fast]   (--fast: heartbeats 5 s, telemetry 10 s)
 *                           [--instant]   (every command answered at once and successfully: benchmarks)
 *                           [--space UUID] [--email E --password P]
 *
 * The seeded devices come first (their credentials in --devices-json). When --devices asks for
 * more, the rest are provisioned through the public API as an operator would (sign in as
 * --email, default the demo admin; add a runner device; reset its code; enrol) and kept in
 * .outpost/simulated-devices.json for the next run.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import type { DetectionFinding } from "../contracts/detection.ts";
import type { Command, Telemetry } from "../party/protocol.ts";
import { DEMO_PASSWORD, DEMO_SPACE_UUID, DEMO_USERS } from "../scripts/demo-data.ts";
import { roomUrl } from "./config.ts";
import { cpuStatus, ramStatus, storageStatus } from "./health.ts";
import { toFindings } from "./providers/detect.ts";
import { AgentSession, type CommandReply, type Machine } from "./session.ts";
import { provisionDevices, type SimAccess } from "./sim-fleet.ts";
import { simHardware } from "./sim-hardware.ts";

/** A tiny valid JPEG (8×8 grey) that stands in for a screen. */
export const SAMPLE_JPEG =
  "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAAA//EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AN//Z";

type Access = SimAccess;

/** Deterministic per-device randomness, so a device keeps its character across restarts. */
function rng(seed: string) {
  let h = 2166136261;
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return (h >>> 0) / 4294967296;
  };
}

const GB = 1024 ** 3;

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

/** The platform of a simulated device, fixed by its uuid (also what it enrols as). */
export function simPlatform(uuid: string): Platform {
  let pick = rng(`${uuid}/platform`)();
  for (const [weight, platform] of PLATFORMS) {
    if (pick < weight) return platform;
    pick -= weight;
  }
  return PLATFORMS[0][1];
}

/** What a kiosk, POS or signage player has attached: a few of these, fixed by its uuid. */
const PERIPHERALS = [
  { name: "Bill Acceptor", type: "money-acceptor" },
  { name: "Coin Acceptor", type: "money-acceptor" },
  { name: "Card Reader", type: "card-reader" },
  { name: "Receipt Printer", type: "printer" },
  { name: "Barcode Scanner", type: "barcode-scanner" },
  { name: "USB Camera", type: "camera" },
  { name: "Touch Display", type: "display" },
];
export function simPeripherals(uuid: string): { name: string; type: string; flaky: number }[] {
  const rand = rng(`${uuid}/peripherals`);
  const chosen = PERIPHERALS.filter(() => rand() < 0.45);
  return (chosen.length ? chosen : [PERIPHERALS[0]]).map((p) => ({ ...p, flaky: rand() }));
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

/** A simulated machine: its character (load, fullness) is fixed by its uuid; values drift. */
export function virtualMachine(device: Access, log: (line: string) => void, opts: { instant?: boolean } = {}): Machine {
  const rand = rng(device.uuid);
  const threads = [2, 4, 8][Math.floor(rand() * 3)];
  const busy = rand(); // > 0.85: overloaded (warning/critical)
  const disk = 64 * GB * (1 + Math.floor(rand() * 4));
  const full = rand() > 0.85 ? 0.9 + rand() * 0.08 : 0.2 + rand() * 0.5;
  const ram = 4 * GB * (1 + Math.floor(rand() * 4));
  const started = Date.now() - Math.floor(rand() * 30 * 86_400_000);
  let rx = Math.floor(rand() * 1e9);
  let tx = Math.floor(rand() * 1e8);
  const slowness = rand();
  const platform = simPlatform(device.uuid);
  const peripherals = simPeripherals(device.uuid);

  const telemetry = async (): Promise<Telemetry> => {
    const load1 = threads * (busy > 0.85 ? 0.9 + Math.random() * 0.6 : Math.random() * 0.6);
    const freeRam = ram * (busy > 0.9 ? 0.03 + Math.random() * 0.05 : 0.3 + Math.random() * 0.4);
    rx += Math.floor(Math.random() * 5e6);
    tx += Math.floor(Math.random() * 1e6);
    const partitions = [{ name: "/", size: disk, free: Math.floor(disk * (1 - full)) }];
    const uptime = Math.floor((Date.now() - started) / 1000);
    return {
      cpu: {
        status: cpuStatus(load1, threads),
        cores: threads / 2 || 1,
        threads,
        load1,
        load5: load1 * 0.9,
        load15: load1 * 0.8,
      },
      uptime: { status: 0, uptime, idle: Math.floor(uptime * 0.7) },
      ram: {
        status: ramStatus(freeRam, ram),
        total: ram,
        free: Math.floor(freeRam),
        swap_total: 2 * GB,
        swap_free: GB,
      },
      storage: { status: storageStatus(partitions), partitions },
      network: { status: 0, devices: [{ name: "eth0", rx_bytes: rx, tx_bytes: tx }] },
      peripherals: {
        // Most work; a flaky one warns now and then (jam, paper low), a rare one has failed.
        devicesInfo: peripherals.map((p) => {
          const combined = p.flaky > 0.97 ? 3 : p.flaky > 0.85 && Math.random() < 0.5 ? 2 : 0;
          return { name: p.name, type: p.type, enabled: true, combined_status: combined, status: [combined] };
        }),
      },
    };
  };

  const execute = async (command: Command): Promise<CommandReply> => {
    // Most answer within seconds; a few devices are slow, one in ten answers too late (timeout).
    // With `instant` (benchmarks) there is no injected delay and no injected failure.
    const delay =
      slowness > 0.9 ? 35_000 : slowness > 0.7 ? 5_000 + Math.random() * 10_000 : 300 + Math.random() * 2000;
    if (!opts.instant) await new Promise((r) => setTimeout(r, delay));
    if (!opts.instant && Math.random() < 0.1) return { ok: false, error: `Simulated failure of ${command.action}.` };
    log(`${device.name}: ${command.action}`);
    switch (command.action) {
      case "screenshot":
        return { ok: true, result: { image_base64: SAMPLE_JPEG } };
      case "reverse-ssh":
        return { ok: true, result: { host: "relay.outpost.local", port: 20_000 + Math.floor(Math.random() * 20_000) } };
      case "remote-desktop":
      case "headless-remote-desktop":
        return { ok: true, result: { url: `vnc://10.0.${Math.floor(rand() * 250)}.${Math.floor(rand() * 250)}:5900` } };
      case "instant-reboot":
      case "instant-power-off":
        return { ok: true, result: { dry_run: true, simulated: true } };
      case "detect-devices":
        return { ok: true, result: { devices: simDetections(device.uuid) } };
      case "detect-displays":
        return { ok: true, result: { displays: simHardware(device, peripherals).displays } };
      case "detect-peripherals":
        return { ok: true, result: { peripherals: simHardware(device, peripherals).peripherals } };
      case "apply-display-config": {
        const displays = Array.isArray(command.params.displays) ? command.params.displays.length : 0;
        return { ok: true, result: { simulated: true, applied_displays: displays } };
      }
      default:
        return { ok: true, result: { ...command.params } };
    }
  };

  return {
    telemetry,
    execute,
    inventory: async () => ({
      machine_id: `sim-${device.uuid.slice(0, 8)}`,
      inventory: {
        device_type: platform.device_type,
        operating_system_name: platform.os[0],
        operating_system_version: platform.os[1],
        operating_system_architecture: platform.os[2],
        cpu_model: `${platform.cpu} (${threads} threads)`,
        ram_size: ram,
        storage_drives: [{ name: "/dev/sda", model: "SIM-SSD", capacity: disk }],
        mac_addresses: [`02:00:${device.uuid.slice(0, 2)}:${device.uuid.slice(2, 4)}:${device.uuid.slice(4, 6)}:01`],
      },
    }),
  };
}

/** The seeded devices that have a credential (none when the file is missing). */
function readSeeded(file: string): Access[] {
  try {
    return (JSON.parse(readFileSync(file, "utf8")) as Access[]).filter((d) => d.credential);
  } catch {
    return [];
  }
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      server: { type: "string", default: "http://localhost:8787" },
      devices: { type: "string" },
      "devices-json": { type: "string", default: ".outpost/devices.json" },
      "no-flaky": { type: "boolean", default: false },
      fast: { type: "boolean", default: false },
      quiet: { type: "boolean", default: false },
      instant: { type: "boolean", default: false },
      space: { type: "string" },
      email: { type: "string", default: DEMO_USERS.find((u) => u.email.startsWith("admin@"))?.email },
      password: { type: "string", default: DEMO_PASSWORD },
      "simulated-json": { type: "string", default: ".outpost/simulated-devices.json" },
    },
  });
  const log = (line: string) => {
    if (!values.quiet) console.log(`[simulator] ${line}`);
  };
  const seeded = readSeeded(values["devices-json"] ?? "");
  const wanted = values.devices ? Number(values.devices) : seeded.length;
  if (!Number.isInteger(wanted) || wanted < 1) throw new Error("--devices is a whole number, at least 1");
  const space = values.space ?? seeded[0]?.space_uuid ?? DEMO_SPACE_UUID;
  const devices = seeded.slice(0, wanted);
  if (devices.length < wanted) {
    const extra = await provisionDevices({
      server: values.server ?? "",
      email: values.email ?? "",
      password: values.password ?? "",
      space,
      count: wanted - devices.length,
      file: values["simulated-json"] ?? "",
      platformOf: (uuid) => simPlatform(uuid).device_type,
      log: (line) => console.log(`[simulator] ${line}`),
    });
    devices.push(...extra);
  }
  const timing = values.fast ? { heartbeatMs: 5_000, telemetryMs: 10_000 } : {};
  const sessions = devices.map((device) => {
    const session = new AgentSession({
      url: roomUrl({ server: values.server ?? "", device_uuid: device.uuid }),
      credential: device.credential ?? "",
      machine: virtualMachine(device, log, { instant: values.instant }),
      backoff: { baseMs: 2000, maxMs: 30_000 },
      ...timing,
    });
    // Stagger the joins so a big fleet does not arrive in one burst.
    setTimeout(() => session.start(), Math.random() * Math.min(10_000, devices.length * 50));
    return { device, session };
  });
  log(`${sessions.length} virtual agents → ${values.server}`);

  if (!values["no-flaky"]) {
    // Now and then a device drops offline for 1–3 minutes and comes back.
    setInterval(() => {
      const pick = sessions[Math.floor(Math.random() * sessions.length)];
      if (!pick?.session.connected) return;
      log(`${pick.device.name} drops offline`);
      pick.session.stop();
      setTimeout(() => pick.session.start(), 60_000 + Math.random() * 120_000);
    }, 45_000);
  }
  const stop = () => {
    for (const { session } of sessions) session.stop();
    setTimeout(() => process.exit(0), 200);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
