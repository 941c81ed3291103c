import { useMemo } from "react";
import { useDebouncedValue } from "@/lib/ui/use-debounced-value";
import { useListParams, useSearchDraft } from "@/lib/ui/use-list-params";
import {
  emptyMonitoringFilters,
  type MonitoringFilterState,
  monitoringFiltersFromSearch,
  toMonitoringQuery,
  withMonitoringFilters,
} from "./performance-filters";

/** The name search applies after 400 ms of quiet; the other filters and a clicked count at once. */
export const NAME_DEBOUNCE_MS = 400;

/**
 * The Performance filters and the clicked count, kept in the URL like the device list's: a reload,
 * a shared link or Back shows the same list. Choosing pushes a history entry; typing replaces it.
 */
export function useMonitoringFilters() {
  const [params, setParams] = useListParams();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the params' content.
  const fromUrl = useMemo(() => monitoringFiltersFromSearch(params), [key]);
  const [draft, typeName] = useSearchDraft(fromUrl.name);
  const state = useMemo(() => ({ ...fromUrl, name: draft }), [fromUrl, draft]);
  const name = useDebouncedValue(fromUrl.name, NAME_DEBOUNCE_MS);
  const query = useMemo(() => toMonitoringQuery({ ...fromUrl, name }), [fromUrl, name]);
  const write = (next: MonitoringFilterState, replace = false) =>
    setParams((current) => withMonitoringFilters(current, next), { replace });
  const setState = (change: (current: MonitoringFilterState) => MonitoringFilterState) => write(change(state));
  const update = (patch: Partial<MonitoringFilterState>) => {
    if (patch.name !== undefined) typeName(patch.name);
    write({ ...state, ...patch }, Object.keys(patch).length === 1 && patch.name !== undefined);
  };
  const reset = () => {
    typeName("");
    write(emptyMonitoringFilters());
  };
  return { state, setState, update, reset, query };
}
