/**
 * Device health (console.md §2.11, §4; devices.md §4, §9): the codes, the thresholds and the
 * monitored headings — one definition used by the agent (grading what it measures), the
 * DeviceRoom and API (conditions, counts) and the web (badges, threshold lines on charts).
 * Plain TypeScript, no imports: safe for every runtime.
 */

/** Health codes: 0 Healthy, 1 (an icon, no label: "not monitored" here), 2 Warning, 3 Critical. */
export const HEALTH = { healthy: 0, unmonitored: 1, warning: 2, critical: 3 } as const;
export type HealthCode = 0 | 1 | 2 | 3;

export type Threshold = { warning: number; critical: number; unit: string };

/**
 * Where a measured value turns warning and critical (value ≥ threshold). Ratios are 0–1.
 * Changing one here changes the agent's grading, the counts and the chart lines together.
 */
export const THRESHOLDS = {
  /** CPU average utilisation: 1-minute load per hardware thread. */
  cpu_load_ratio: { warning: 0.8, critical: 1.2, unit: "ratio" },
  /** CPU package temperature. */
  cpu_temperature_c: { warning: 80, critical: 92, unit: "°C" },
  /** Memory use: 1 − available/total. */
  ram_used_ratio: { warning: 0.85, critical: 0.95, unit: "ratio" },
  /** Disk size: the fullest partition's 1 − free/size. */
  disk_used_ratio: { warning: 0.85, critical: 0.95, unit: "ratio" },
  /** GPU utilisation, percent. */
  gpu_utilization_pct: { warning: 90, critical: 98, unit: "%" },
  /** Days since the last boot: kiosks are expected to restart for updates. */
  uptime_days: { warning: 30, critical: 90, unit: "days" },
  /** Network: receive+transmit errors per packet since boot. */
  network_error_ratio: { warning: 0.001, critical: 0.01, unit: "ratio" },
} as const satisfies Record<string, Threshold>;

export type ThresholdKey = keyof typeof THRESHOLDS;

/** Grades a measured value against a threshold; null/NaN (not measured) → 1. */
export function grade(value: number | null | undefined, key: ThresholdKey): HealthCode {
  if (value === null || value === undefined || Number.isNaN(value)) return HEALTH.unmonitored;
  const { warning, critical } = THRESHOLDS[key];
  return value >= critical ? HEALTH.critical : value >= warning ? HEALTH.warning : HEALTH.healthy;
}

/** A reported status as a health code, or null when it is none of 0–3 (or absent). */
export const asHealthCode = (value: number | null | undefined): HealthCode | null =>
  value === 0 || value === 1 || value === 2 || value === 3 ? value : null;

/** The worst of some codes, ranking 3 > 2 > 0 > 1 (1 only when nothing was measured); null for none. */
export function worst(codes: readonly (number | null | undefined)[]): HealthCode | null {
  const known = codes.map(asHealthCode).filter((c) => c !== null);
  if (known.length === 0) return null;
  if (known.includes(3)) return 3;
  if (known.includes(2)) return 2;
  if (known.includes(0)) return 0;
  return 1;
}

/**
 * The device's own monitored headings (domain "top"), in the spec's order, each with the D1
 * condition column that holds its latest code.
 */
export const DEVICE_HEADINGS = [
  { key: "cpu", column: "cpu_condition" },
  { key: "thermal", column: "thermal_condition" },
  { key: "uptime", column: "uptime_condition" },
  { key: "ram", column: "ram_condition" },
  { key: "storage", column: "storage_condition" },
  { key: "disk_health", column: "disk_health_condition" },
  { key: "gpu", column: "gpu_condition" },
  { key: "network", column: "network_condition" },
] as const;
export type DeviceHeading = (typeof DEVICE_HEADINGS)[number]["key"];

/**
 * Peripheral types the monitoring counts (domain "bottom"), as the agent names them in
 * telemetry `devicesInfo[].type`. Other types (cameras, locks …) still count towards a device's
 * combined status and its health badge.
 */
export const MONITORED_PERIPHERAL_TYPES = [
  "bill_acceptor",
  "coin_acceptor",
  "paylink",
  "pos_printer",
  "display",
  "door_switch",
  "card_reader",
] as const;
export type MonitoredPeripheralType = (typeof MONITORED_PERIPHERAL_TYPES)[number];

const MONITORED = new Set<string>(MONITORED_PERIPHERAL_TYPES);

/**
 * The monitored type a reported peripheral type names, or null for other types: the agent sends
 * the contract's names ("bill_acceptor"); older reports' "Bill Acceptor", "bill-acceptor" or
 * plurals ("displays", "door switches") mean the same. One reading for the counts and the report.
 */
export function monitoredPeripheralType(raw: string): MonitoredPeripheralType | null {
  const type = raw
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
  const singular = type === "displays" ? "display" : type === "door_switches" ? "door_switch" : type;
  return MONITORED.has(singular) ? (singular as MonitoredPeripheralType) : null;
}
