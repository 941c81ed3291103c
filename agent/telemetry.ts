import { readdir, readFile } from "node:fs/promises";
import { loadavg } from "node:os";
import si from "systeminformation";
import type { Telemetry } from "../contracts/realtime/events.ts";
import {
  cpuStatus,
  diskHealth,
  gpuStatus,
  type NetworkDevice,
  networkStatus,
  parseCounter,
  parseProcUptime,
  peripheralsInfo,
  ramStatus,
  type SmartDetails,
  storageStatus,
  thermalStatus,
  uptimeStatus,
} from "./health.ts";
import { type SiUsb, serialFindings, usbFindings } from "./providers/usb-peripherals.ts";
import { type SiDisplay, toDisplayFindings } from "./providers/xrandr.ts";

/**
 * What the real agent reads for telemetry. Every reader may fail or hang on some platform
 * (no sensors, no smartctl, no /proc): each one is bounded and falls back, so a report is
 * always sent and a heading that could not be measured says 1 (not monitored).
 */
export type TelemetrySource = {
  cpu: () => Promise<{ threads: number; cores: number; load: [number, number, number] }>;
  temperature: () => Promise<number | null>;
  uptime: () => Promise<{ uptime: number; idle: number }>;
  memory: () => Promise<{ total: number; available: number; swaptotal: number; swapfree: number }>;
  partitions: () => Promise<{ name: string; size: number; free: number }[]>;
  gpus: () => Promise<{ model: string; utilization: number | null; temperature: number | null }[]>;
  drives: () => Promise<{ name: string; model?: string; smartStatus?: string; smartData?: SmartDetails }[]>;
  interfaces: () => Promise<NetworkDevice[]>;
  defaultInterface: () => Promise<string | null>;
  peripherals: () => Promise<{ name: string; type: string }[]>;
};

const TIMEOUT_MS = 8_000;

/** A reader's value within `ms`, else `fallback` (errors too): telemetry never throws or hangs. */
export function bounded<T>(read: () => Promise<T>, fallback: T, ms = TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  const value = Promise.resolve()
    .then(read)
    .catch(() => fallback);
  return Promise.race([value, late]).finally(() => clearTimeout(timer));
}

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** Collects one telemetry report. `seen` remembers peripherals between reports (gone → 3). */
export async function collectTelemetry(
  source: TelemetrySource,
  seen: Map<string, { name: string; type: string }>,
  ms = TIMEOUT_MS,
): Promise<Telemetry> {
  const [cpu, temperature, uptime, mem, partitions, gpus, drives, nets, defaultIface, attached] = await Promise.all([
    bounded(source.cpu, null, ms),
    bounded(source.temperature, null, ms),
    bounded(source.uptime, null, ms),
    bounded(source.memory, null, ms),
    bounded(source.partitions, [], ms),
    bounded(source.gpus, [], ms),
    bounded(source.drives, [], ms),
    bounded(source.interfaces, [], ms),
    bounded(source.defaultInterface, null, ms),
    bounded(source.peripherals, null, ms),
  ]);
  const telemetry: Telemetry = {};
  if (cpu) {
    const [load1, load5, load15] = cpu.load;
    const threads = Math.max(1, cpu.threads);
    telemetry.cpu = { status: cpuStatus(load1, threads), cores: cpu.cores || threads, threads, load1, load5, load15 };
  }
  telemetry.thermal = { status: thermalStatus(temperature), cpu_temperature: temperature };
  if (uptime) telemetry.uptime = { status: uptimeStatus(uptime.uptime), ...uptime };
  if (mem) {
    telemetry.ram = {
      status: ramStatus(mem.available, mem.total),
      total: mem.total,
      free: mem.available,
      swap_total: mem.swaptotal,
      swap_free: mem.swapfree,
    };
  }
  const parts = partitions.slice(0, 64);
  telemetry.storage = { status: storageStatus(parts), partitions: parts };
  telemetry.disk_health = diskHealth(drives, parts);
  const gpuDevices = gpus.slice(0, 16);
  const measured = gpuDevices.map((g) => g.utilization).filter((u): u is number => u !== null);
  const utilization = measured.length ? Math.max(...measured) : null;
  telemetry.gpu = { status: gpuStatus(utilization), utilization, devices: gpuDevices };
  const devices = nets.slice(0, 64);
  telemetry.network = { status: networkStatus(devices, defaultIface), devices };
  // No peripheral reader (it failed): say nothing rather than report every known one as gone.
  if (attached) telemetry.peripherals = { devicesInfo: peripheralsInfo(attached, seen) };
  return telemetry;
}

const readText = (path: string) => readFile(path, "utf8").catch(() => null);

/**
 * The screens the machine shows as telemetry peripherals of type "display" (a monitored type,
 * devices.md §9), named as detect-displays names them ("<output>@<model>").
 */
export const screenPeripherals = (displays: readonly SiDisplay[]) =>
  toDisplayFindings(displays, null).map((d) => ({ name: d.name, type: "display" }));

/** systeminformation's graphics, read once for the GPU and the screens of one report. */
let graphicsRead: { at: number; value: ReturnType<typeof si.graphics> } | null = null;
function graphics() {
  if (!graphicsRead || Date.now() - graphicsRead.at > 5_000) graphicsRead = { at: Date.now(), value: si.graphics() };
  return graphicsRead.value;
}

/**
 * The attached peripherals detect-peripherals knows (USB table and /dev/serial/by-id) and the
 * screens, de-duplicated: the devicesInfo of the agent's telemetry.
 */
async function attachedPeripherals() {
  const usb = (await si.usb().catch(() => [])) as SiUsb[];
  const serial = await readdir("/dev/serial/by-id").catch(() => [] as string[]);
  const screens = await graphics()
    .then((g) => screenPeripherals(g.displays as SiDisplay[]))
    .catch(() => []);
  const seen = new Set<string>();
  return [...usbFindings(usb), ...serialFindings(serial), ...screens].filter((p) => {
    const serial = "serial_number" in p ? p.serial_number : null;
    const key = serial ? `s:${serial}` : `n:${p.name}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The real machine through systeminformation, /proc and /sys. */
export const systemSource: TelemetrySource = {
  async cpu() {
    const cpu = await si.cpu();
    const threads = cpu.cores || 1;
    let load = loadavg() as [number, number, number];
    // Windows has no load average: the current utilisation as an equivalent load.
    if (process.platform === "win32") {
      const now = ((await si.currentLoad()).currentLoad / 100) * threads;
      load = [now, now, now];
    }
    return { threads, cores: cpu.physicalCores || threads, load };
  },
  temperature: async () => num((await si.cpuTemperature()).main),
  async uptime() {
    const proc = parseProcUptime((await readText("/proc/uptime")) ?? "");
    return proc ?? { uptime: Math.round(Number(si.time().uptime) || 0), idle: 0 };
  },
  memory: () => si.mem(),
  partitions: async () =>
    (await si.fsSize())
      .filter((p) => p.size > 0)
      .map((p) => ({ name: p.mount || p.fs, size: p.size, free: p.available })),
  gpus: async () =>
    (await graphics()).controllers.map((g) => ({
      model: (g.model || g.name || g.vendor || "unknown").slice(0, 256),
      utilization: num(g.utilizationGpu),
      temperature: num(g.temperatureGpu),
    })),
  drives: async () =>
    (await si.diskLayout()).map((d) => ({
      name: d.device || d.name,
      model: d.name || undefined,
      smartStatus: d.smartStatus,
      smartData: d.smartData as SmartDetails | undefined,
    })),
  async interfaces() {
    const [ifaces, stats] = await Promise.all([si.networkInterfaces(), si.networkStats("*")]);
    const list = (Array.isArray(ifaces) ? ifaces : [ifaces]).filter((i) => !i.internal);
    return Promise.all(
      list.map(async (i) => {
        const s = stats.find((x) => x.iface === i.iface);
        const counter = async (name: string) =>
          parseCounter(await readText(`/sys/class/net/${i.iface}/statistics/${name}`)) ?? undefined;
        return {
          name: i.iface,
          up: i.operstate === "up",
          rx_bytes: s?.rx_bytes ?? 0,
          tx_bytes: s?.tx_bytes ?? 0,
          rx_errors: s?.rx_errors ?? 0,
          tx_errors: s?.tx_errors ?? 0,
          rx_packets: await counter("rx_packets"),
          tx_packets: await counter("tx_packets"),
        };
      }),
    );
  },
  defaultInterface: async () => (await si.networkInterfaceDefault()) || null,
  peripherals: attachedPeripherals,
};
