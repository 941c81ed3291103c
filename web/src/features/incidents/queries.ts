import {
  acknowledgeIncident,
  getBell,
  getIncident,
  listIncidents,
  markBellSeen,
  resolveIncident,
} from "@contracts/alerting/routes";
import type { IncidentDetail, IncidentQuery } from "@contracts/alerting/schema";
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi } from "@/lib/api/api";
import { nextPageOf, previousPagesIn } from "@/lib/api/paging";

/** The Incidents page's filters without paging (a new filter is a new key, so paging starts at 1). */
export type IncidentFilters = Omit<IncidentQuery, "page" | "page_size">;

export const INCIDENTS_PAGE_SIZE = 36;
/** The wall and the bell show the active incidents: open and acknowledged. */
export const ACTIVE_STATES = "open,acknowledged";
/** A fallback only: incident changes arrive over the space room. */
const BELL_REFETCH_MS = 60_000;

export const incidentQueries = {
  all: (space: string) => ["space", space, "incidents"] as const,
  /** GET /space/{space}/incident/items: open and acknowledged first (oldest first), then the rest newest first. */
  list: (space: string, filters: IncidentFilters) =>
    infiniteQueryOptions({
      queryKey: [...incidentQueries.all(space), "list", filters] as const,
      queryFn: ({ pageParam, signal }) =>
        callApi(listIncidents, {
          params: { space },
          query: { ...filters, page: pageParam, page_size: INCIDENTS_PAGE_SIZE },
          signal,
        }),
      initialPageParam: 1,
      getNextPageParam: (last) => nextPageOf(last.links),
      placeholderData: previousPagesIn(space),
    }),
  /** The active incidents, oldest first (the wall's panel). */
  active: (space: string, pageSize = 50) =>
    queryOptions({
      queryKey: [...incidentQueries.all(space), "active", pageSize] as const,
      queryFn: ({ signal }) =>
        callApi(listIncidents, { params: { space }, query: { state: ACTIVE_STATES, page_size: pageSize }, signal }),
      placeholderData: (previous) => previous,
    }),
  detailKey: (space: string, uuid: string) => [...incidentQueries.all(space), "detail", uuid] as const,
  /** GET /space/{space}/incident/{uuid}: the incident with its timeline. */
  detail: (space: string, uuid: string) =>
    queryOptions({
      queryKey: incidentQueries.detailKey(space, uuid),
      queryFn: ({ signal }) => callApi(getIncident, { params: { space, uuid }, signal }),
    }),
  /** GET /space/{space}/incident-bell: the latest incident events and how many the caller has not seen. */
  bell: (space: string) =>
    queryOptions({
      queryKey: [...incidentQueries.all(space), "bell"] as const,
      queryFn: ({ signal }) => callApi(getBell, { params: { space }, signal }),
      refetchInterval: BELL_REFETCH_MS,
      staleTime: 10_000,
    }),
};

export type IncidentActionKind = "acknowledge" | "resolve";

/**
 * POST …/incident/{uuid}/acknowledge or …/resolve with an optional note. The reply is the incident
 * after the change: it goes into the detail's cache at once and the lists and bell refetch.
 */
export function useIncidentAction(space: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, uuid, note }: { kind: IncidentActionKind; uuid: string; note: string }) => {
      const json = note.trim() ? { note: note.trim() } : {};
      return kind === "acknowledge"
        ? callApi(acknowledgeIncident, { params: { space, uuid }, json })
        : callApi(resolveIncident, { params: { space, uuid }, json });
    },
    onSuccess: (detail: IncidentDetail) => {
      queryClient.setQueryData(incidentQueries.detailKey(space, detail.uuid), detail);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: incidentQueries.all(space) }),
  });
}

/** POST …/incident-bell/seen: what the bell lists is read (its unread count goes to 0). */
export function useMarkBellSeen(space: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(markBellSeen, { params: { space } }),
    onSuccess: (feed) => queryClient.setQueryData(incidentQueries.bell(space).queryKey, feed),
  });
}
