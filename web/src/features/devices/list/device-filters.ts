import { CONNECTED_STATUSES, type ConnectedStatus, DeviceOrdering, VISION_STATES } from "@contracts/device";
import type { VisionState } from "@contracts/vision";
import type { MessageKey } from "@/lib/i18n";
import { readString, storageKeys, writeString } from "@/lib/storage";
import type { DeviceFilters } from "../queries";

type Flag = "" | "true" | "false";

/** What the filter panel edits (console.md §3.10 devices filter set, without paging). */
export type DeviceFilterState = {
  search: string;
  location_uuid: string;
  device_type_uuid: string;
  connected_status: "" | ConnectedStatus;
  online: Flag;
  enabled: Flag;
  /** devices.md §9 device filters: vision_enabled, one vision state. */
  vision_enabled: "" | VisionState;
  tag_uuid: string;
  ordering: DeviceOrdering;
};

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
  // Worst health first (combined_status: headings and peripherals), issue #12.
  { value: "-combined_status", label: "devices.sort.problemsFirst" },
];

export const emptyDeviceFilters = (ordering: DeviceOrdering = "-online"): DeviceFilterState => ({
  search: "",
  location_uuid: "",
  device_type_uuid: "",
  connected_status: "",
  online: "",
  enabled: "",
  vision_enabled: "",
  tag_uuid: "",
  ordering,
});

/** The start state: the location and tag filters are remembered per space (cleared on a switch). */
export function initialDeviceFilters(): DeviceFilterState {
  return {
    ...emptyDeviceFilters(),
    location_uuid: readString(storageKeys.filters.location) ?? "",
    tag_uuid: readString(storageKeys.filters.tag) ?? "",
  };
}

const HANDOFF_TEXT = ["search", "location_uuid", "device_type_uuid", "tag_uuid"] as const;
const flagOf = (value: string | null): Flag => (value === "true" || value === "false" ? value : "");

/**
 * A list opened with a filter in its URL (Monitor's "View all": `/devices?online=false&ordering=-last_seen`):
 * those filters on an otherwise empty state; null when the URL carries none. Unknown values are ignored.
 */
export function filtersFromSearch(params: URLSearchParams): DeviceFilterState | null {
  const state = emptyDeviceFilters();
  let found = false;
  const ordering = DeviceOrdering.safeParse(params.get("ordering"));
  if (ordering.success) {
    state.ordering = ordering.data;
    found = true;
  }
  const status = CONNECTED_STATUSES.find((s) => s === params.get("connected_status"));
  if (status) {
    state.connected_status = status;
    found = true;
  }
  const vision = VISION_STATES.find((s) => s === params.get("vision_enabled"));
  if (vision) {
    state.vision_enabled = vision;
    found = true;
  }
  for (const key of ["online", "enabled"] as const) {
    state[key] = flagOf(params.get(key));
    if (state[key]) found = true;
  }
  for (const key of HANDOFF_TEXT) {
    const value = params.get(key)?.trim();
    if (value) {
      state[key] = value;
      found = true;
    }
  }
  return found ? state : null;
}

export function rememberDeviceFilters(state: DeviceFilterState) {
  writeString(storageKeys.filters.location, state.location_uuid || null);
  writeString(storageKeys.filters.tag, state.tag_uuid || null);
}

/** The API query: empty filters are left out. */
export function toDeviceQuery(state: DeviceFilterState): DeviceFilters {
  const query: DeviceFilters = { ordering: state.ordering };
  const search = state.search.trim();
  if (search) query.search = search;
  if (state.location_uuid) query.location_uuid = state.location_uuid;
  if (state.device_type_uuid) query.device_type_uuid = state.device_type_uuid;
  if (state.connected_status) query.connected_status = state.connected_status;
  if (state.online) query.online = state.online === "true";
  if (state.enabled) query.enabled = state.enabled === "true";
  if (state.vision_enabled) query.vision_enabled = state.vision_enabled;
  if (state.tag_uuid) query.tag_uuid = state.tag_uuid;
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

/** How many filters besides the search are set (the count on the phone's Filters button). */
export const countDeviceFilters = (state: DeviceFilterState) =>
  [
    state.location_uuid,
    state.device_type_uuid,
    state.connected_status,
    state.online,
    state.enabled,
    state.vision_enabled,
    state.tag_uuid,
  ].filter(Boolean).length;
