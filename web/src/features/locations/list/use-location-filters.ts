import { useEffect, useMemo, useRef, useState } from "react";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { useListParams } from "@/lib/use-list-params";
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

const EMPTY: LocationFilterState = {
  search: "",
  location_type_uuid: "",
  country_uuid: "",
  tag_uuid: "",
  ordering: DEFAULT_LOCATION_ORDERING,
};

/**
 * The locations list's filters, search and ordering, kept in the URL (issue 18 item 3): choosing
 * a filter adds a history entry, typing in the search replaces it. A bare /locations gets the
 * remembered country and tag filters.
 */
export function useLocationFilters() {
  const [params, setParams] = useListParams();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the params' content.
  const fromUrl = useMemo(() => locationFiltersFromSearch(params) ?? EMPTY, [key]);

  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    if (locationFiltersFromSearch(params)) return;
    const remembered = initialLocationFilters();
    if (remembered.country_uuid || remembered.tag_uuid) {
      setParams((current) => withLocationFilters(current, remembered), { replace: true });
    }
  }, [params, setParams]);

  const [search, setSearch] = useState(fromUrl.search);
  const written = useRef(fromUrl.search);
  useEffect(() => {
    if (fromUrl.search !== written.current) {
      written.current = fromUrl.search;
      setSearch(fromUrl.search);
    }
  }, [fromUrl.search]);
  const state = useMemo(() => ({ ...fromUrl, search }), [fromUrl, search]);

  const applied = useDebouncedValue(state, FILTER_DEBOUNCE_MS);
  useEffect(() => rememberLocationFilters(applied), [applied]);
  const query = useMemo(() => toLocationQuery(applied), [applied]);
  const write = (next: LocationFilterState, replace: boolean) => {
    written.current = next.search.trim() ? next.search : "";
    setParams((current) => withLocationFilters(current, next), { replace });
  };
  const update = (patch: Partial<LocationFilterState>) => {
    if (patch.search !== undefined) setSearch(patch.search);
    write(
      { ...state, ...patch },
      Object.keys(patch).every((k) => k === "search"),
    );
  };
  const reset = () => {
    setSearch("");
    write({ ...EMPTY, ordering: state.ordering }, false);
  };
  return { state, update, reset, query };
}
