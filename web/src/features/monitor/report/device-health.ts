import type { DeviceDetail } from "@contracts/devices/detail";
import {
  asHealthCode,
  type DeviceHeading,
  HEALTH,
  type HealthCode,
  MONITORED_PERIPHERAL_TYPES,
  type MonitoredPeripheralType,
  monitoredPeripheralType,
  worst,
} from "@contracts/devices/health";

export type LatestTelemetry = NonNullable<DeviceDetail["latest_telemetry"]>;
export type PeripheralInfo = NonNullable<LatestTelemetry["peripherals"]>["devicesInfo"][number];
type HealthFields = Pick<
  DeviceDetail,
  | "latest_telemetry"
  | "cpu_condition"
  | "thermal_condition"
  | "uptime_condition"
  | "ram_condition"
  | "storage_condition"
  | "gpu_condition"
  | "network_condition"
  | "disk_health_condition"
>;

/**
 * Each monitored heading's current code: the latest report's own status (it arrives live with
 * telemetrySample) and, where the report lacks the part, the device's stored condition column.
 */
export function headingCodes(device: HealthFields): Record<DeviceHeading, HealthCode | null> {
  const data = device.latest_telemetry;
  // A report without a part (no GPU on a board) did not measure it: 1, not "no data".
  const code = (status: number | undefined, condition: number | null | undefined) =>
    asHealthCode(status ?? condition ?? (data ? HEALTH.unmonitored : null));
  return {
    cpu: code(data?.cpu?.status, device.cpu_condition),
    thermal: code(data?.thermal?.status, device.thermal_condition),
    uptime: code(data?.uptime?.status, device.uptime_condition),
    ram: code(data?.ram?.status, device.ram_condition),
    storage: code(data?.storage?.status, device.storage_condition),
    disk_health: code(data?.disk_health?.status, device.disk_health_condition),
    gpu: code(data?.gpu?.status, device.gpu_condition),
    network: code(data?.network?.status, device.network_condition),
  };
}

export type PeripheralGroup = { type: MonitoredPeripheralType; items: PeripheralInfo[]; code: HealthCode | null };

/** The monitored peripheral types in the spec's order, each with the reported peripherals of that type. */
export function peripheralGroups(data: LatestTelemetry | null): PeripheralGroup[] {
  const all = data?.peripherals?.devicesInfo ?? [];
  return MONITORED_PERIPHERAL_TYPES.map((type) => {
    const items = all.filter((p) => monitoredPeripheralType(p.type) === type);
    return { type, items, code: worst(items.map((p) => p.combined_status)) };
  });
}

/** The device's worst current condition: every heading and every reported peripheral (any type). */
export function reportWorst(device: HealthFields): HealthCode | null {
  const peripherals = device.latest_telemetry?.peripherals?.devicesInfo ?? [];
  return worst([...Object.values(headingCodes(device)), ...peripherals.map((p) => p.combined_status)]);
}

/** Receive + transmit errors of an interface and their share of its packets (null without counters). */
export function interfaceErrors(nic: NonNullable<LatestTelemetry["network"]>["devices"][number]) {
  if (nic.rx_errors === undefined && nic.tx_errors === undefined) return null;
  const errors = (nic.rx_errors ?? 0) + (nic.tx_errors ?? 0);
  const packets = (nic.rx_packets ?? 0) + (nic.tx_packets ?? 0);
  return { errors, ratio: packets > 0 ? errors / packets : null };
}
