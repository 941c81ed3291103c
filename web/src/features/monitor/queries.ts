import { listDevices } from "@contracts/devices/routes";
import { countMonitoring, listMonitoredDevices } from "@contracts/monitoring/routes";
import type { MonitoringQuery } from "@contracts/monitoring/schema";
import { MONITORING_PAGE_SIZE } from "@contracts/monitoring/values";
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { deviceQueries } from "@/features/devices/queries";
import { callApi } from "@/lib/api/api";
import { nextPageOf, previousPagesIn } from "@/lib/api/paging";
import type { ActivityListDef } from "./activity-lists";

/** The monitoring filter set without paging (a new filter is a new key, so paging starts at 1). */
export type MonitoringFilters = Omit<Partial<MonitoringQuery>, "page" | "page_size">;

/** Rows an Activity card shows. */
export const ACTIVITY_ROWS = 8;
/** console.md §4: counts update live; this interval is only the fallback when no event arrives. */
export const COUNTS_REFETCH_MS = 30_000;

/**
 * Keys live under the device queries (`deviceQueries.all(space)`), so the space room's
 * deviceDetailsUpdate handling (lib/realtime-devices.ts) refetches them with the device list,
 * coalesced the same way — a device going offline leaves "Connected online" for "Disconnected".
 */
export const monitorQueries = {
  all: (space: string) => [...deviceQueries.all(space), "monitor"] as const,
  /** One Activity card: the first rows of the device list with the card's filter and ordering. */
  activity: (space: string, list: ActivityListDef) =>
    queryOptions({
      queryKey: [...monitorQueries.all(space), "activity", list.id] as const,
      queryFn: ({ signal }) =>
        callApi(listDevices, {
          params: { space },
          query: { ...list.query, page_size: ACTIVITY_ROWS },
          signal,
        }),
    }),
  /** GET /space/{space}/monitoring/device/items/, 36 a page, following links.next. */
  list: (space: string, filters: MonitoringFilters) =>
    infiniteQueryOptions({
      queryKey: [...monitorQueries.all(space), "list", filters] as const,
      queryFn: ({ pageParam, signal }) =>
        callApi(listMonitoredDevices, {
          params: { space },
          query: { ...filters, page: pageParam, page_size: MONITORING_PAGE_SIZE },
          signal,
        }),
      initialPageParam: 1,
      getNextPageParam: (last) => nextPageOf(last.links),
      placeholderData: previousPagesIn(space),
    }),
  /** GET /space/{space}/monitoring/counts/ for the same filters (without the clicked count). */
  counts: (space: string, filters: MonitoringFilters) =>
    queryOptions({
      queryKey: [...monitorQueries.all(space), "counts", filters] as const,
      queryFn: ({ signal }) => callApi(countMonitoring, { params: { space }, query: filters, signal }),
      refetchInterval: COUNTS_REFETCH_MS,
      placeholderData: (previous) => previous,
    }),
};
