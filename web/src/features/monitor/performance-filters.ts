import "@/lib/i18n/locales/en-monitor-pages";
import { DEVICE_HEADINGS, MONITORED_PERIPHERAL_TYPES } from "@contracts/devices/health";
import type { MonitoringHeading } from "@contracts/monitoring/schema";
import type { MessageKey } from "@/lib/i18n";
import type { MonitoringFilters } from "./queries";

/** What the Performance filter bar edits (console.md §3.10 monitoring filter set) and the clicked count. */
export type MonitoringFilterState = {
  name: string;
  location_uuid: string;
  device_type_uuid: string;
  combined_status: "" | "0" | "1" | "2" | "3";
  domain: "" | "top" | "bottom";
  /**
   * A count the user clicked: only devices with this heading (or peripheral type) at this
   * condition; a tile's name clicked: at either (condition null).
   */
  count: { heading: MonitoringHeading; condition: 2 | 3 | null } | null;
};

export const emptyMonitoringFilters = (): MonitoringFilterState => ({
  name: "",
  location_uuid: "",
  device_type_uuid: "",
  combined_status: "",
  domain: "",
  count: null,
});

/** The API query: empty filters left out. Paging is not part of it, so any change starts at page 1. */
export function toMonitoringQuery(state: MonitoringFilterState): MonitoringFilters {
  const query: MonitoringFilters = {};
  const name = state.name.trim();
  if (name) query.name = name;
  if (state.location_uuid) query.location_uuid = state.location_uuid;
  if (state.device_type_uuid) query.device_type_uuid = state.device_type_uuid;
  if (state.combined_status) query.combined_status = Number(state.combined_status);
  if (state.domain) query.domain = state.domain;
  if (state.count) {
    query.heading = state.count.heading;
    if (state.count.condition) query.condition = state.count.condition;
  }
  return query;
}

/** The Performance filters' URL parameters (a reload, a shared link or back shows the same list). */
export const MONITORING_FILTER_PARAMS = [
  "name",
  "location_uuid",
  "device_type_uuid",
  "combined_status",
  "domain",
  "heading",
  "condition",
] as const;

const HEADINGS: ReadonlySet<string> = new Set<MonitoringHeading>([
  ...DEVICE_HEADINGS.map((h) => h.key),
  ...MONITORED_PERIPHERAL_TYPES,
]);
const isHeading = (value: string | null): value is MonitoringHeading => value !== null && HEADINGS.has(value);
const oneOf = <V extends string>(value: string | null, choices: readonly V[], fallback: V): V =>
  choices.find((c) => c === value) ?? fallback;

/** The filters a URL's parameters hold; unknown values are left out, not refused. */
export function monitoringFiltersFromSearch(params: URLSearchParams): MonitoringFilterState {
  const heading = params.get("heading");
  const condition = params.get("condition");
  return {
    name: params.get("name") ?? "",
    location_uuid: params.get("location_uuid") ?? "",
    device_type_uuid: params.get("device_type_uuid") ?? "",
    combined_status: oneOf(params.get("combined_status"), ["", "0", "1", "2", "3"] as const, ""),
    domain: oneOf(params.get("domain"), ["", "top", "bottom"] as const, ""),
    count: isHeading(heading) ? { heading, condition: condition === "2" ? 2 : condition === "3" ? 3 : null } : null,
  };
}

/** `params` with the filters of `state` in place of its own (other keys kept). */
export function withMonitoringFilters(params: URLSearchParams, state: MonitoringFilterState): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of MONITORING_FILTER_PARAMS) next.delete(key);
  const query = toMonitoringQuery(state);
  // The name as typed (trimmed when applied), so the box is not rewritten under the cursor.
  if (state.name) next.set("name", state.name);
  for (const key of MONITORING_FILTER_PARAMS) {
    const value = query[key];
    if (key !== "name" && value !== undefined) next.set(key, String(value));
  }
  return next;
}

/** A tile's name clicked: its devices with a warning or a critical; clicked again, the filter goes. */
export function toggleHeading(state: MonitoringFilterState, heading: MonitoringHeading): MonitoringFilterState {
  const active = state.count?.heading === heading && state.count.condition === null;
  return { ...state, count: active ? null : { heading, condition: null } };
}

/** The counts are for the filters without the clicked count, so the tiles stay put while it narrows the list. */
export function countsQuery(query: MonitoringFilters): MonitoringFilters {
  const { heading: _heading, condition: _condition, ...rest } = query;
  return rest;
}

/** Clicking a tile's count filters the list to it; clicking the active count again removes it. */
export function toggleCount(
  state: MonitoringFilterState,
  heading: MonitoringHeading,
  condition: 2 | 3,
): MonitoringFilterState {
  const active = state.count?.heading === heading && state.count.condition === condition;
  return { ...state, count: active ? null : { heading, condition } };
}

export const hasActiveMonitoringFilters = (query: MonitoringFilters) => Object.keys(query).length > 0;

/** Appended pages can repeat a device that moved between pages: keep its first appearance. */
export function uniqueByUuid<T extends { uuid: string }>(pages: readonly { devices: readonly T[] }[]): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const page of pages) {
    for (const device of page.devices) {
      if (seen.has(device.uuid)) continue;
      seen.add(device.uuid);
      out.push(device);
    }
  }
  return out;
}

/** Labels of the monitored headings and peripheral types (console.md §2.11), in the spec's order. */
export const headingLabel: Record<MonitoringHeading, MessageKey> = {
  cpu: "monitor.heading.cpu",
  thermal: "monitor.heading.thermal",
  uptime: "monitor.heading.uptime",
  ram: "monitor.heading.ram",
  storage: "monitor.heading.storage",
  disk_health: "monitor.heading.disk_health",
  gpu: "monitor.heading.gpu",
  network: "monitor.heading.network",
  bill_acceptor: "monitor.peripheral.bill_acceptor",
  coin_acceptor: "monitor.peripheral.coin_acceptor",
  paylink: "monitor.peripheral.paylink",
  pos_printer: "monitor.peripheral.pos_printer",
  display: "monitor.peripheral.display",
  door_switch: "monitor.peripheral.door_switch",
  card_reader: "monitor.peripheral.card_reader",
};

export const DEVICE_HEADING_KEYS = DEVICE_HEADINGS.map((h) => h.key);
export const PERIPHERAL_KEYS = MONITORED_PERIPHERAL_TYPES;
