import { useCallback, useEffect, useMemo, useRef } from "react";
import { useDebouncedValue } from "@/lib/ui/use-debounced-value";
import { useListParams, useSearchDraft } from "@/lib/ui/use-list-params";
import {
  DEVICE_FILTER_PARAMS,
  type DeviceFilterState,
  deviceFiltersToSearch,
  emptyDeviceFilters,
  filtersFromSearch,
  initialDeviceFilters,
  rememberDeviceFilters,
  toDeviceQuery,
} from "./device-filters";

/** console.md §9: filter changes apply after 500 ms; a new query key starts again at the first page. */
export const DEVICE_FILTER_DEBOUNCE_MS = 500;

/**
 * `params` with the device filters of `state` in place of its own (other keys, e.g. `view`, kept).
 */
export function withDeviceFilters(params: URLSearchParams, state: DeviceFilterState): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of DEVICE_FILTER_PARAMS) next.delete(key);
  for (const [key, value] of deviceFiltersToSearch(state)) next.append(key, value);
  return next;
}

/**
 * The remembered location and tag filters for a list URL without filters, or null. The /devices
 * route's loader (app/router.tsx) opens a bare list with them, replacing the entry, before the
 * list renders: its first request is already the filtered one.
 */
export function rememberedDeviceParams(params: URLSearchParams): URLSearchParams | null {
  if (filtersFromSearch(params)) return null;
  const remembered = initialDeviceFilters();
  if (!remembered.location_uuid.length && !remembered.tag_uuid.length) return null;
  return withDeviceFilters(params, remembered);
}

/**
 * The device list's filters, ordering and search, kept in the URL: a reload or a
 * shared link shows the same list, back/forward step through filter changes. Choosing a filter
 * pushes a history entry; typing in the search replaces the current one. A list opened without
 * any gets the remembered location and tag filters (from the route's loader: rememberedDeviceParams).
 */
export function useDeviceFilters() {
  const [params, setParams] = useListParams();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the params' content.
  const fromUrl = useMemo(() => filtersFromSearch(params) ?? emptyDeviceFilters(), [key]);

  // The search box shows what is typed at once; the URL follows (replace).
  const [search, typeSearch] = useSearchDraft(fromUrl.search);

  const state = useMemo(() => ({ ...fromUrl, search }), [fromUrl, search]);
  const stateRef = useRef(state);
  stateRef.current = state;

  const applied = useDebouncedValue(fromUrl, DEVICE_FILTER_DEBOUNCE_MS);
  useEffect(() => rememberDeviceFilters(applied), [applied]);
  const query = useMemo(() => toDeviceQuery(applied), [applied]);

  const write = useCallback(
    (next: DeviceFilterState, replace: boolean) => {
      typeSearch(next.search);
      setParams((current) => withDeviceFilters(current, next), { replace });
    },
    [setParams, typeSearch],
  );
  const update = useCallback(
    (patch: Partial<DeviceFilterState>) => {
      const next = { ...stateRef.current, ...patch };
      const onlySearch = Object.keys(patch).every((k) => k === "search");
      write(next, onlySearch);
    },
    [write],
  );
  const reset = useCallback(() => {
    write(emptyDeviceFilters(stateRef.current.ordering), false);
  }, [write]);
  return { state, update, reset, query };
}
