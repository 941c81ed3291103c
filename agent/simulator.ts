/**
 * Runs N virtual agents through the real agent's protocol code (AgentSession), for the demo and
 * load tests: varied telemetry (some devices warn or go critical), devices dropping offline and
 * coming back, and answers to every command — quick, slow, timing out and failing ones.
 *
 *   node agent/simulator.ts --server http://localhost:8787 [--devices N] [--devices-json .outpost/devices.json]
 *                           [--no-flaky] [--fast]   (--fast: heartbeats 5 s, telemetry 10 s)
 *                           [--instant]   (every command answered at once and successfully: benchmarks)
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import type { Command, Telemetry } from "../party/protocol.ts";
import { roomUrl } from "./config.ts";
import { cpuStatus, ramStatus, storageStatus } from "./health.ts";
import { AgentSession, type CommandReply, type Machine } from "./session.ts";

/** A tiny valid JPEG (8×8 grey) that stands in for a screen. */
export const SAMPLE_JPEG =
  "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAAA//EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AN//Z";

type Access = { uuid: string; name: string; space_uuid: string; credential: string | null };

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
        devicesInfo: [
          {
            name: "Bill Acceptor",
            type: "money-acceptor",
            enabled: true,
            combined_status: busy > 0.95 ? 3 : 0,
            status: [0],
          },
        ],
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
        operating_system_name: "Debian GNU/Linux",
        operating_system_version: "12",
        operating_system_architecture: "x64",
        cpu_model: `Simulated ${threads}-thread CPU`,
        ram_size: ram,
        storage_drives: [{ name: "/dev/sda", model: "SIM-SSD", capacity: disk }],
        mac_addresses: [`02:00:${device.uuid.slice(0, 2)}:${device.uuid.slice(2, 4)}:${device.uuid.slice(4, 6)}:01`],
      },
    }),
  };
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
    },
  });
  const log = (line: string) => {
    if (!values.quiet) console.log(`[simulator] ${line}`);
  };
  const all = (JSON.parse(readFileSync(values["devices-json"] ?? "", "utf8")) as Access[]).filter((d) => d.credential);
  const devices = all.slice(0, values.devices ? Number(values.devices) : all.length);
  if (devices.length === 0) throw new Error(`no connected devices with credentials in ${values["devices-json"]}`);
  const timing = values.fast ? { heartbeatMs: 5_000, telemetryMs: 10_000 } : {};
  const sessions = devices.map((device) => {
    const session = new AgentSession({
      url: roomUrl({ server: values.server ?? "", device_uuid: device.uuid, credential: device.credential ?? "" }),
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
