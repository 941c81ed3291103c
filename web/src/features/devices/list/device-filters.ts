import "@/lib/i18n/locales/en-devices";
import "@/lib/i18n/locales/en-views";
import type { VisionState } from "@contracts/cameras/vision";
import type { ConnectedStatus, DeviceOrdering } from "@contracts/devices/schema";
import { CONNECTED_STATUSES, DEVICE_ORDERINGS, VISION_STATES } from "@contracts/devices/values";
import { isOneOf } from "@/lib/api/json-checks";
import type { MessageKey } from "@/lib/i18n";
import { readString, storageKeys, writeString } from "@/lib/session/storage";
import type { DeviceFilters } from "../queries";

type Flag = "" | "true" | "false";

/** What the filter panel edits (console.md §3.10 devices filter set, without paging). */
export type DeviceFilterState = {
  search: string;
  /** Location, type, status and tag take several values ("any of"). */
  location_uuid: string[];
  device_type_uuid: string[];
  connected_status: ConnectedStatus[];
  online: Flag;
  enabled: Flag;
  /** devices.md §9 device filters: vision_enabled, one vision state. */
  vision_enabled: "" | VisionState;
  tag_uuid: string[];
  ordering: DeviceOrdering;
};

/** The filters that take several values. */
export const MULTI_KEYS = ["location_uuid", "device_type_uuid", "connected_status", "tag_uuid"] as const;
export type MultiKey = (typeof MULTI_KEYS)[number];

/** The list's ordering when the URL names none. */
export const DEFAULT_DEVICE_ORDERING: DeviceOrdering = "-online";

/** devices.md §9: Online/Offline, Time Added, Time Connected, Time Modified, each both ways. */
export const DEVICE_SORTS: ReadonlyArray<{ value: DeviceOrdering; label: MessageKey }> = [
  { value: "-online", label: "devices.sort.onlineFirst" },
  { value: "online", label: "devices.sort.offlineFirst" },
  { value: "-created_at", label: "devices.sort.addedNewest" },
  { value: "created_at", label: "devices.sort.addedOldest" },
  { value: "-installation_date", label: "devices.sort.connectedNewest" },
  { value: "installation_date", label: "devices.sort.connectedOldest" },
  { value: "-updated_at", label: "devices.sort.modifiedNewest" },
  { value: "updated_at", label: "devices.sort.modifiedOldest" },
  // Monitor's "Disconnected" hands this one over (View all); offered here so the menu names it.
  { value: "-last_seen", label: "devices.sort.lastSeenNewest" },
  // Worst health first (combined_status: headings and peripherals).
  { value: "-combined_status", label: "devices.sort.problemsFirst" },
];

/** The orderings the table's column headers set, named when one is chosen. */
export const COLUMN_SORT_LABELS: Partial<Record<DeviceOrdering, MessageKey>> = {
  name: "devices.sort.nameAsc",
  "-name": "devices.sort.nameDesc",
  connected_status: "devices.sort.statusAsc",
  "-connected_status": "devices.sort.statusDesc",
  device_type_name: "devices.sort.typeAsc",
  "-device_type_name": "devices.sort.typeDesc",
  location_name: "devices.sort.locationAsc",
  "-location_name": "devices.sort.locationDesc",
  device_class: "devices.sort.classAsc",
  "-device_class": "devices.sort.classDesc",
  combined_status: "devices.sort.healthyFirst",
  last_seen: "devices.sort.lastSeenOldest",
};

/** The sort menu's choices: the spec's, plus the current column ordering when it is another. */
export function sortChoices(ordering: DeviceOrdering): ReadonlyArray<{ value: DeviceOrdering; label: MessageKey }> {
  if (DEVICE_SORTS.some((s) => s.value === ordering)) return DEVICE_SORTS;
  return [...DEVICE_SORTS, { value: ordering, label: COLUMN_SORT_LABELS[ordering] ?? "devices.sort.column" }];
}

export const emptyDeviceFilters = (ordering: DeviceOrdering = DEFAULT_DEVICE_ORDERING): DeviceFilterState => ({
  search: "",
  location_uuid: [],
  device_type_uuid: [],
  connected_status: [],
  online: "",
  enabled: "",
  vision_enabled: "",
  tag_uuid: [],
  ordering,
});

/** The start state of a list opened without filters: the location and tag filters are remembered per space. */
export function initialDeviceFilters(): DeviceFilterState {
  return {
    ...emptyDeviceFilters(),
    location_uuid: rememberedValues(storageKeys.filters.location),
    tag_uuid: rememberedValues(storageKeys.filters.tag),
  };
}

// Several values are remembered as one line (uuids hold no newline).
const rememberedValues = (key: string) => (readString(key) ?? "").split("\n").filter(Boolean);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const flagOf = (value: string | null): Flag => (value === "true" || value === "false" ? value : "");
/** The distinct, valid values of a repeated parameter, in their order. */
const valuesOf = <T extends string>(params: URLSearchParams, key: string, valid: (v: string) => v is T): T[] => [
  ...new Set(
    params
      .getAll(key)
      .map((v) => v.trim())
      .filter(valid),
  ),
];
const isStatus = (value: string): value is ConnectedStatus => (CONNECTED_STATUSES as readonly string[]).includes(value);
/** The connected statuses among `values` (a picker's choices), in their order. */
export const CONNECTED_STATUS_VALUES = (values: readonly string[]): ConnectedStatus[] => values.filter(isStatus);
const isUuid = (value: string): value is string => UUID.test(value);

/**
 * The filters a list URL carries (`/devices?connected_status=connected&connected_status=archived&ordering=name`;
 * Monitor's "View all": `/devices?online=false&ordering=-last_seen`) on an otherwise empty state;
 * null when it carries none. Unknown keys and bad values are ignored.
 */
export function filtersFromSearch(params: URLSearchParams): DeviceFilterState | null {
  const state = emptyDeviceFilters();
  let found = false;
  const ordering = params.get("ordering");
  if (isOneOf(DEVICE_ORDERINGS, ordering)) {
    state.ordering = ordering;
    found = true;
  }
  state.connected_status = valuesOf(params, "connected_status", isStatus);
  for (const key of ["location_uuid", "device_type_uuid", "tag_uuid"] as const) {
    state[key] = valuesOf(params, key, isUuid);
  }
  if (MULTI_KEYS.some((key) => state[key].length > 0)) found = true;
  const vision = VISION_STATES.find((s) => s === params.get("vision_enabled"));
  if (vision) {
    state.vision_enabled = vision;
    found = true;
  }
  for (const key of ["online", "enabled"] as const) {
    state[key] = flagOf(params.get(key));
    if (state[key]) found = true;
  }
  // Kept as typed (the box shows it); toDeviceQuery trims it.
  const search = params.get("search");
  if (search?.trim()) {
    state.search = search;
    found = true;
  }
  return found ? state : null;
}

/**
 * The URL parameters of a filter state, the inverse of filtersFromSearch: empty filters and the
 * default ordering are left out, several values repeat their key. The search is kept as typed.
 */
export function deviceFiltersToSearch(state: DeviceFilterState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search.trim()) params.set("search", state.search);
  for (const key of MULTI_KEYS) for (const value of state[key]) params.append(key, value);
  if (state.online) params.set("online", state.online);
  if (state.enabled) params.set("enabled", state.enabled);
  if (state.vision_enabled) params.set("vision_enabled", state.vision_enabled);
  if (state.ordering !== DEFAULT_DEVICE_ORDERING) params.set("ordering", state.ordering);
  return params;
}

/** The filter keys a device list URL may carry (others, e.g. `view`, are left alone). */
export const DEVICE_FILTER_PARAMS = [
  "search",
  ...MULTI_KEYS,
  "online",
  "enabled",
  "vision_enabled",
  "ordering",
] as const;

export function rememberDeviceFilters(state: DeviceFilterState) {
  writeString(storageKeys.filters.location, state.location_uuid.join("\n") || null);
  writeString(storageKeys.filters.tag, state.tag_uuid.join("\n") || null);
}

/** One value as a string, several as a list, none left out: the API's repeated parameter. */
const oneOrMany = <T extends string>(values: readonly T[]): T | T[] | undefined =>
  values.length === 0 ? undefined : values.length === 1 ? values[0] : [...values];

/** The API query: empty filters are left out. */
export function toDeviceQuery(state: DeviceFilterState): DeviceFilters {
  const query: DeviceFilters = { ordering: state.ordering };
  const search = state.search.trim();
  if (search) query.search = search;
  for (const key of MULTI_KEYS) {
    const values = oneOrMany(state[key]);
    if (values !== undefined) (query as Record<string, unknown>)[key] = values;
  }
  if (state.online) query.online = state.online === "true";
  if (state.enabled) query.enabled = state.enabled === "true";
  if (state.vision_enabled) query.vision_enabled = state.vision_enabled;
  return query;
}

export const hasActiveDeviceFilters = (query: DeviceFilters) =>
  Boolean(
    query.search ||
      query.location_uuid ||
      query.device_type_uuid ||
      query.connected_status ||
      query.online !== undefined ||
      query.enabled !== undefined ||
      query.vision_enabled ||
      query.tag_uuid,
  );

/** How many filter values besides the search are set (the count on the phone's Filters button): each value counts. */
export const countDeviceFilters = (state: DeviceFilterState) =>
  MULTI_KEYS.reduce((sum, key) => sum + state[key].length, 0) +
  [state.online, state.enabled, state.vision_enabled].filter(Boolean).length;
