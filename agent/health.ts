import { grade, HEALTH, type HealthCode, worst } from "../contracts/devices/health.ts";
import type { Telemetry } from "../contracts/realtime/events.ts";

/**
 * How the agent (and the simulator) grades what it measured: pure functions over the shared
 * thresholds of contracts/devices/health.ts, so the agent, the counts and the chart lines agree.
 * A heading that could not be measured is 1 (not monitored), never a made-up 0.
 */
export { HEALTH };

const DAY_S = 86_400;

type Partition = NonNullable<Telemetry["storage"]>["partitions"][number];
export type NetworkDevice = NonNullable<Telemetry["network"]>["devices"][number];
export type DiskHealth = NonNullable<Telemetry["disk_health"]>;
export type PeripheralInfo = NonNullable<Telemetry["peripherals"]>["devicesInfo"][number];

export const cpuStatus = (load1: number, threads: number) => grade(load1 / Math.max(1, threads), "cpu_load_ratio");
export const ramStatus = (free: number, total: number) =>
  total > 0 ? grade(1 - free / total, "ram_used_ratio") : HEALTH.unmonitored;
export const uptimeStatus = (seconds: number) => grade(seconds / DAY_S, "uptime_days");
export const thermalStatus = (celsius: number | null) => grade(celsius, "cpu_temperature_c");
export const gpuStatus = (utilization: number | null) => grade(utilization, "gpu_utilization_pct");

/** 1 − free/size of a partition (0 for an empty one). */
export const usedRatio = (p: Pick<Partition, "size" | "free">) => (p.size > 0 ? 1 - p.free / p.size : 0);

/** Disk size: the fullest partition decides; no partitions → not measured. */
export const storageStatus = (partitions: readonly Partition[]) =>
  partitions.length ? grade(Math.max(...partitions.map(usedRatio)), "disk_used_ratio") : HEALTH.unmonitored;

/** Receive+transmit errors per packet since boot; null when the packet counters are unknown. */
export function errorRatio(n: NetworkDevice): number | null {
  if (n.rx_packets === undefined || n.tx_packets === undefined) return null;
  const packets = n.rx_packets + n.tx_packets;
  if (packets <= 0) return 0;
  return ((n.rx_errors ?? 0) + (n.tx_errors ?? 0)) / packets;
}

/**
 * Network: critical when the interface carrying the default route is down, else the worst
 * error ratio of the interfaces that are up. An up interface whose ratio cannot be computed
 * still shows the link works (0); no interface at all → not measured.
 */
export function networkStatus(devices: readonly NetworkDevice[], defaultIface: string | null): HealthCode {
  const main = defaultIface ? devices.find((d) => d.name === defaultIface) : undefined;
  if (main?.up === false) return HEALTH.critical;
  const up = devices.filter((d) => d.up !== false);
  const codes = up.map((d) => {
    const ratio = errorRatio(d);
    return ratio === null ? (d.up ? HEALTH.healthy : HEALTH.unmonitored) : grade(ratio, "network_error_ratio");
  });
  return worst(codes) ?? HEALTH.unmonitored;
}

/** What smartctl's JSON says beyond pass/fail (the fields read here). */
export type SmartDetails = {
  smart_status?: { passed?: boolean };
  ata_smart_attributes?: { table?: { id: number; raw?: { value?: number } }[] };
  nvme_smart_health_information_log?: { critical_warning?: number; percentage_used?: number; media_errors?: number };
};

/** ATA attributes whose non-zero raw count means the drive is wearing out: reallocated, pending, uncorrectable sectors. */
const FAILING_SECTORS = [5, 197, 198];

/**
 * A drive's SMART health: "Predicted Failure" / failed → critical; passed but with reallocated
 * or pending sectors, or an NVMe drive past 90 % of its rated wear → warning; "Ok" → healthy;
 * anything else (no SMART, unknown) → null (not measured).
 */
export function smartCode(smartStatus: string | null | undefined, details?: SmartDetails | null): HealthCode | null {
  const status = (smartStatus ?? "").trim().toLowerCase();
  if (details?.smart_status?.passed === false || status === "predicted failure" || status === "failed") {
    return HEALTH.critical;
  }
  const nvme = details?.nvme_smart_health_information_log;
  if (nvme?.critical_warning) return HEALTH.critical;
  const sectors = (details?.ata_smart_attributes?.table ?? [])
    .filter((a) => FAILING_SECTORS.includes(a.id))
    .reduce((sum, a) => sum + (a.raw?.value ?? 0), 0);
  if (sectors > 0 || (nvme?.percentage_used ?? 0) >= 90 || (nvme?.media_errors ?? 0) > 0) return HEALTH.warning;
  if (status === "ok" || details?.smart_status?.passed === true) return HEALTH.healthy;
  return null;
}

type Drive = { name: string; model?: string; smartStatus?: string | null; smartData?: SmartDetails | null };

/**
 * Disk health: SMART when at least one drive reports it; otherwise graded on usage (each
 * partition as a "drive", like the Disk size heading) so the heading is never a constant.
 */
export function diskHealth(drives: readonly Drive[], partitions: readonly Partition[]): DiskHealth {
  const smart = drives.slice(0, 64).map((d) => ({ drive: d, code: smartCode(d.smartStatus, d.smartData) }));
  if (smart.some((s) => s.code !== null)) {
    const rows = smart.map(({ drive, code }) => ({
      name: drive.name,
      ...(drive.model ? { model: drive.model } : {}),
      status: code ?? HEALTH.unmonitored,
      smart: drive.smartStatus || null,
    }));
    return { status: worst(rows.map((r) => r.status)) ?? HEALTH.unmonitored, source: "smart", drives: rows };
  }
  const rows = partitions.slice(0, 64).map((p) => ({
    name: p.name,
    status: grade(usedRatio(p), "disk_used_ratio"),
    smart: null,
  }));
  return { status: worst(rows.map((r) => r.status)) ?? HEALTH.unmonitored, source: "usage", drives: rows };
}

/**
 * The attached peripherals as telemetry devicesInfo: each present one is working (0, status
 * [0]); one the agent saw before that is gone now is disconnected (3). `seen` is updated.
 */
export function peripheralsInfo(
  present: readonly { name: string; type: string }[],
  seen: Map<string, { name: string; type: string }>,
): PeripheralInfo[] {
  const key = (p: { name: string; type: string }) => `${p.type}/${p.name}`;
  const now = new Set(present.map(key));
  for (const p of present) seen.set(key(p), { name: p.name, type: p.type });
  return [...seen.entries()].slice(0, 64).map(([k, p]) => {
    const code = now.has(k) ? HEALTH.healthy : HEALTH.critical;
    return { name: p.name, type: p.type, enabled: true, combined_status: code, status: [code] };
  });
}

/** /proc/uptime: "seconds-up idle-seconds-summed-over-cpus". */
export function parseProcUptime(text: string): { uptime: number; idle: number } | null {
  const [up, idle] = text.trim().split(/\s+/).map(Number);
  if (!Number.isFinite(up) || !Number.isFinite(idle)) return null;
  return { uptime: Math.round(up), idle: Math.round(idle) };
}

/** A /sys/class/net/<if>/statistics counter file: a whole number, or null. */
export function parseCounter(text: string | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  const n = Number(text.trim());
  return text.trim() !== "" && Number.isInteger(n) && n >= 0 ? n : null;
}
