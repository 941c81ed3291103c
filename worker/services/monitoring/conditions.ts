import {
  asHealthCode,
  type HealthCode,
  type MonitoredPeripheralType,
  monitoredPeripheralType,
  worst,
} from "../../../contracts/devices/health.ts";
import type { Telemetry } from "../../../contracts/devices/telemetry.ts";

/**
 * What a telemetry report makes of a device's monitoring columns (console.md §3.6, devices.md
 * §4): one condition per heading from the agent's graded statuses (contracts/devices/health.ts), the
 * peripherals' worst, and combined_status, the worst of all (3 > 2 > 0 > 1). A heading the agent
 * did not report is null (no data), not its earlier value. Pure: recordTelemetry writes it.
 */
const code = asHealthCode;

/** thermal_status / network_status texts of a code (the spec's Device has them as text). */
const THERMAL_TEXT = { 0: "normal", 1: "unknown", 2: "hot", 3: "critical" } as const;
const NETWORK_TEXT = { 0: "connected", 1: "unknown", 2: "degraded", 3: "down" } as const;

export type PeripheralCondition = { type: MonitoredPeripheralType; condition: HealthCode };

export function conditionsOf(telemetry: Telemetry) {
  const peripherals = telemetry.peripherals?.devicesInfo ?? [];
  const thermal = code(telemetry.thermal?.status);
  const network = code(telemetry.network?.status);
  const conditions = {
    cpu_condition: code(telemetry.cpu?.status),
    thermal_condition: thermal,
    uptime_condition: code(telemetry.uptime?.status),
    ram_condition: code(telemetry.ram?.status),
    storage_condition: code(telemetry.storage?.status),
    disk_health_condition: code(telemetry.disk_health?.status),
    gpu_condition: code(telemetry.gpu?.status),
    network_condition: network,
    peripherals_condition: worst(peripherals.map((p) => p.combined_status)),
  };
  // The worst condition of each monitored type the device reported (one row per type).
  const byType = new Map<MonitoredPeripheralType, HealthCode>();
  for (const p of peripherals) {
    const status = code(p.combined_status);
    const type = monitoredPeripheralType(p.type);
    if (type === null || status === null) continue;
    byType.set(type, worst([byType.get(type), status]) ?? status);
  }
  return {
    columns: {
      ...conditions,
      combined_status: worst(Object.values(conditions)),
      thermal_status: thermal === null ? null : THERMAL_TEXT[thermal],
      cpu_temperature: telemetry.thermal?.cpu_temperature ?? null,
      network_status: network === null ? null : NETWORK_TEXT[network],
      peripherals_status: peripherals.map((p) => ({ device: p.name, type: p.type, status: p.combined_status })),
    },
    peripherals: [...byType]
      .map(([type, condition]) => ({ type, condition }))
      .sort((a, b) => a.type.localeCompare(b.type)),
  };
}

/** Whether the stored rows already say what `next` says (then nothing is rewritten). */
export const samePeripheralConditions = (
  stored: readonly PeripheralCondition[],
  next: readonly PeripheralCondition[],
) =>
  stored.length === next.length &&
  [...stored]
    .sort((a, b) => a.type.localeCompare(b.type))
    .every((row, i) => row.type === next[i].type && row.condition === next[i].condition);
