import { useMemo, useState } from "react";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { emptyMonitoringFilters, type MonitoringFilterState, toMonitoringQuery } from "./performance-filters";

/** The name search applies after 400 ms of quiet; the other filters and a clicked count at once. */
export const NAME_DEBOUNCE_MS = 400;

export function useMonitoringFilters() {
  const [state, setState] = useState<MonitoringFilterState>(emptyMonitoringFilters);
  const name = useDebouncedValue(state.name, NAME_DEBOUNCE_MS);
  const query = useMemo(() => toMonitoringQuery({ ...state, name }), [state, name]);
  const update = (patch: Partial<MonitoringFilterState>) => setState((current) => ({ ...current, ...patch }));
  const reset = () => setState(emptyMonitoringFilters());
  return { state, setState, update, reset, query };
}
