import "@/lib/i18n/locales/en-assets";
import type { LocationListQuery } from "@contracts/locations/schema";
import { LOCATION_LIST_ORDERINGS } from "@contracts/locations/values";
import { isOneOf } from "@/lib/api/json-checks";
import type { MessageKey } from "@/lib/i18n";
import { readString, storageKeys, writeString } from "@/lib/session/storage";
import type { LocationFilters } from "../queries";

export type LocationOrdering = NonNullable<LocationListQuery["ordering"]>;

/** What the filter panel edits (console.md §3.10 locations filter set, without paging). */
export type LocationFilterState = {
  search: string;
  location_type_uuid: string;
  country_uuid: string;
  tag_uuid: string;
  ordering: LocationOrdering;
};

/** console.md §2.4: Online/Offline, Time Added, Time Modified, each both ways. */
export const LOCATION_SORTS: ReadonlyArray<{ value: LocationOrdering; label: MessageKey }> = [
  { value: "-online_status", label: "locations.sort.onlineFirst" },
  { value: "online_status", label: "locations.sort.offlineFirst" },
  { value: "-created_at", label: "locations.sort.addedNewest" },
  { value: "created_at", label: "locations.sort.addedOldest" },
  { value: "-updated_at", label: "locations.sort.modifiedNewest" },
  { value: "updated_at", label: "locations.sort.modifiedOldest" },
];

/**
 * The start state: the tag and country filters are remembered (storage keys that a space
 * switch clears); search, type and sort start fresh.
 */
export function initialLocationFilters(): LocationFilterState {
  return {
    search: "",
    location_type_uuid: "",
    country_uuid: readString(storageKeys.filters.country) ?? "",
    // The device list remembers several tags (one a line): the location list filters by one.
    tag_uuid: (readString(storageKeys.filters.tag) ?? "").split("\n")[0] ?? "",
    ordering: DEFAULT_LOCATION_ORDERING,
  };
}

export const DEFAULT_LOCATION_ORDERING: LocationOrdering = "-online_status";
const TEXT_KEYS = ["search", "location_type_uuid", "country_uuid", "tag_uuid"] as const;

/**
 * The filters a locations URL carries on an otherwise empty state; null when it
 * carries none. Unknown keys and bad values are ignored.
 */
export function locationFiltersFromSearch(params: URLSearchParams): LocationFilterState | null {
  const state: LocationFilterState = {
    search: "",
    location_type_uuid: "",
    country_uuid: "",
    tag_uuid: "",
    ordering: DEFAULT_LOCATION_ORDERING,
  };
  let found = false;
  const ordering = params.get("ordering");
  if (isOneOf(LOCATION_LIST_ORDERINGS, ordering)) {
    state.ordering = ordering;
    found = true;
  }
  for (const key of TEXT_KEYS) {
    const value = params.get(key);
    if (value?.trim()) {
      state[key] = key === "search" ? value : value.trim();
      found = true;
    }
  }
  return found ? state : null;
}

/** `params` with the filters of `state` in place of its own (empty ones and the default ordering left out). */
export function withLocationFilters(params: URLSearchParams, state: LocationFilterState): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of [...TEXT_KEYS, "ordering"]) next.delete(key);
  for (const key of TEXT_KEYS) if (state[key].trim()) next.set(key, state[key]);
  if (state.ordering !== DEFAULT_LOCATION_ORDERING) next.set("ordering", state.ordering);
  return next;
}

export function rememberLocationFilters(state: LocationFilterState) {
  writeString(storageKeys.filters.country, state.country_uuid || null);
  writeString(storageKeys.filters.tag, state.tag_uuid || null);
}

/** The API query: empty filters are left out. */
export function toLocationQuery(state: LocationFilterState): LocationFilters {
  const query: LocationFilters = { ordering: state.ordering };
  const search = state.search.trim();
  if (search) query.search = search;
  if (state.location_type_uuid) query.location_type_uuid = state.location_type_uuid;
  if (state.country_uuid) query.country_uuid = state.country_uuid;
  if (state.tag_uuid) query.tag_uuid = state.tag_uuid;
  return query;
}

export const hasActiveFilters = (query: LocationFilters) =>
  Boolean(query.search || query.location_type_uuid || query.country_uuid || query.tag_uuid);

/** How many filters besides the search are set (the count on the phone's Filters button). */
export const countLocationFilters = (state: LocationFilterState) =>
  [state.location_type_uuid, state.country_uuid, state.tag_uuid].filter(Boolean).length;
