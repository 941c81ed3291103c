import { useEffect, useMemo } from "react";
import { useDebouncedValue } from "@/lib/ui/use-debounced-value";
import { useListParams, useSearchDraft } from "@/lib/ui/use-list-params";
import {
  DEFAULT_LOCATION_ORDERING,
  initialLocationFilters,
  type LocationFilterState,
  locationFiltersFromSearch,
  rememberLocationFilters,
  toLocationQuery,
  withLocationFilters,
} from "./location-filters";

/** console.md §4: filter changes apply after 500 ms (and a new filter starts again at page 1). */
export const FILTER_DEBOUNCE_MS = 500;

export const EMPTY_LOCATION_FILTERS: LocationFilterState = {
  search: "",
  location_type_uuid: "",
  country_uuid: "",
  tag_uuid: "",
  ordering: DEFAULT_LOCATION_ORDERING,
};

/**
 * The remembered country and tag filters for a list URL without filters, or null; the route's
 * loader (open-location-list.ts) opens a bare /locations with them, before the list renders.
 */
export function rememberedLocationParams(params: URLSearchParams): URLSearchParams | null {
  if (locationFiltersFromSearch(params)) return null;
  const remembered = initialLocationFilters();
  if (!remembered.country_uuid && !remembered.tag_uuid) return null;
  return withLocationFilters(params, remembered);
}

/**
 * The locations list's filters, search and ordering, kept in the URL: choosing
 * a filter adds a history entry, typing in the search replaces it. A bare /locations gets the
 * remembered country and tag filters (from the route's loader: rememberedLocationParams).
 */
export function useLocationFilters() {
  const [params, setParams] = useListParams();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the params' content.
  const fromUrl = useMemo(() => locationFiltersFromSearch(params) ?? EMPTY_LOCATION_FILTERS, [key]);

  const [search, typeSearch] = useSearchDraft(fromUrl.search);
  const state = useMemo(() => ({ ...fromUrl, search }), [fromUrl, search]);

  const applied = useDebouncedValue(state, FILTER_DEBOUNCE_MS);
  useEffect(() => rememberLocationFilters(applied), [applied]);
  const query = useMemo(() => toLocationQuery(applied), [applied]);
  const write = (next: LocationFilterState, replace: boolean) => {
    typeSearch(next.search);
    setParams((current) => withLocationFilters(current, next), { replace });
  };
  const update = (patch: Partial<LocationFilterState>) => {
    write(
      { ...state, ...patch },
      Object.keys(patch).every((k) => k === "search"),
    );
  };
  const reset = () => {
    write({ ...EMPTY_LOCATION_FILTERS, ordering: state.ordering }, false);
  };
  return { state, update, reset, query };
}
