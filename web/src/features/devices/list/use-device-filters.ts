import { useEffect, useMemo, useState } from "react";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import {
  type DeviceFilterState,
  emptyDeviceFilters,
  initialDeviceFilters,
  rememberDeviceFilters,
  toDeviceQuery,
} from "./device-filters";

/** console.md §9: filter changes apply after 500 ms; a new query key starts again at the first page. */
export const DEVICE_FILTER_DEBOUNCE_MS = 500;

export function useDeviceFilters() {
  const [state, setState] = useState<DeviceFilterState>(initialDeviceFilters);
  const applied = useDebouncedValue(state, DEVICE_FILTER_DEBOUNCE_MS);
  useEffect(() => rememberDeviceFilters(applied), [applied]);
  const query = useMemo(() => toDeviceQuery(applied), [applied]);
  const update = (patch: Partial<DeviceFilterState>) => setState((current) => ({ ...current, ...patch }));
  const reset = () => setState((current) => emptyDeviceFilters(current.ordering));
  return { state, update, reset, query };
}
