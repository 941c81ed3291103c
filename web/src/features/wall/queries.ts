import { getWallSummary, listLocationAvailability } from "@contracts/wall/routes";
import type { AvailabilityWindow } from "@contracts/wall/schema";
import { queryOptions } from "@tanstack/react-query";
import { callApi } from "@/lib/api/api";

/** What narrows the wall: a group, a location (either may be absent). */
export type WallScope = { group?: string; location?: string };

/** Frames refetch the summary at once; this is the fallback for what no frame announces (health from telemetry). */
export const SUMMARY_REFETCH_MS = 30_000;
/** Availability moves slowly: every 5 minutes is plenty. */
export const AVAILABILITY_REFETCH_MS = 5 * 60_000;

export const wallQueries = {
  all: (space: string) => ["wall", space] as const,
  /** GET /space/{space}/wall/: totals, locations, groups, critical devices. */
  summary: (space: string, scope: WallScope) =>
    queryOptions({
      queryKey: [...wallQueries.all(space), "summary", scope] as const,
      queryFn: ({ signal }) => callApi(getWallSummary, { params: { space }, query: scope, signal }),
      refetchInterval: SUMMARY_REFETCH_MS,
      refetchIntervalInBackground: true,
      placeholderData: (previous) => previous,
    }),
  /** GET /space/{space}/location/availability/?window=: each location's share of working time, worst first. */
  availability: (space: string, window: AvailabilityWindow, scope: WallScope) =>
    queryOptions({
      queryKey: [...wallQueries.all(space), "availability", window, scope] as const,
      queryFn: ({ signal }) =>
        callApi(listLocationAvailability, { params: { space }, query: { ...scope, window }, signal }),
      refetchInterval: AVAILABILITY_REFETCH_MS,
      refetchIntervalInBackground: true,
      placeholderData: (previous) => previous,
    }),
};
