import { useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import {
  type DeviceFilterState,
  emptyDeviceFilters,
  filtersFromSearch,
  initialDeviceFilters,
  rememberDeviceFilters,
  toDeviceQuery,
} from "./device-filters";

/** console.md §9: filter changes apply after 500 ms; a new query key starts again at the first page. */
export const DEVICE_FILTER_DEBOUNCE_MS = 500;

export function useDeviceFilters() {
  const [params, setParams] = useSearchParams();
  // A filter handed over in the URL (Monitor's "View all") wins over the remembered ones, once.
  const [state, setState] = useState<DeviceFilterState>(() => filtersFromSearch(params) ?? initialDeviceFilters());
  const handedOver = params.size > 0;
  useEffect(() => {
    // The URL is cleaned so a reload or the flyout's return shows the list as the user left it.
    if (handedOver) setParams({}, { replace: true });
  }, [handedOver, setParams]);
  const applied = useDebouncedValue(state, DEVICE_FILTER_DEBOUNCE_MS);
  useEffect(() => rememberDeviceFilters(applied), [applied]);
  const query = useMemo(() => toDeviceQuery(applied), [applied]);
  const update = (patch: Partial<DeviceFilterState>) => setState((current) => ({ ...current, ...patch }));
  const reset = () => setState((current) => emptyDeviceFilters(current.ordering));
  return { state, update, reset, query };
}
