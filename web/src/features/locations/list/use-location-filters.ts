import { useEffect, useMemo, useState } from "react";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import {
  initialLocationFilters,
  type LocationFilterState,
  rememberLocationFilters,
  toLocationQuery,
} from "./location-filters";

/** console.md §4: filter changes apply after 500 ms (and a new filter starts again at page 1). */
export const FILTER_DEBOUNCE_MS = 500;

export function useLocationFilters() {
  const [state, setState] = useState<LocationFilterState>(initialLocationFilters);
  const applied = useDebouncedValue(state, FILTER_DEBOUNCE_MS);
  useEffect(() => rememberLocationFilters(applied), [applied]);
  const query = useMemo(() => toLocationQuery(applied), [applied]);
  const update = (patch: Partial<LocationFilterState>) => setState((current) => ({ ...current, ...patch }));
  const reset = () =>
    setState({ ...initialLocationFilters(), country_uuid: "", tag_uuid: "", ordering: state.ordering });
  return { state, update, reset, query };
}
