import type { Query, QueryCache, QueryClient } from "@tanstack/react-query";

/**
 * Catching up after a room joins. A page fetches its first data before its space socket has
 * joined, and a reconnect follows a gap: a device going offline in between would never reach the
 * screen (a wall would show it online until something else refetched). The room's welcome says
 * how long ago it last published a device or location event (`last_event_age_ms`); every query of
 * the space whose latest fetch started before that event is fetched again. A quiet fleet costs
 * nothing; a busy one refetches what is on screen once per join.
 */

/** When each query's latest fetch started (ms, this page's clock). */
const fetchStarts = new WeakMap<Query, number>();

/** Records fetch starts of `cache`'s queries (query-client.ts subscribes its cache once). */
export function trackFetchStarts(cache: QueryCache): () => void {
  return cache.subscribe((event) => {
    if (event.type === "updated" && event.action.type === "fetch") fetchStarts.set(event.query, Date.now());
  });
}

/** When `query`'s latest fetch started; a query fetched before tracking began counts from its data. */
export const fetchStartedAt = (query: Query) => fetchStarts.get(query) ?? query.state.dataUpdatedAt;

/** A query of `space`'s data: the console's ["space", uuid, …] keys and the wall's ["wall", uuid, …]. */
const ofSpace = (query: Query, space: string) =>
  (query.queryKey[0] === "space" || query.queryKey[0] === "wall") && query.queryKey[1] === space;

/**
 * After a welcome of `space`'s room: invalidates (active ones refetch) the space's queries whose
 * latest fetch started no later than the room's last event. `now` is when the welcome arrived; the
 * event is placed `lastEventAgeMs` before it, a little late by the welcome's travel time, which
 * errs towards fetching again. Returns how many queries were invalidated.
 */
export function catchUpAfterJoin(
  queryClient: QueryClient,
  space: string,
  lastEventAgeMs: number | null,
  now = Date.now(),
): number {
  if (lastEventAgeMs === null) return 0;
  const eventAt = now - lastEventAgeMs;
  const missed = (query: Query) =>
    ofSpace(query, space) &&
    (query.state.data !== undefined || query.state.fetchStatus === "fetching") &&
    fetchStartedAt(query) <= eventAt;
  const count = queryClient.getQueryCache().findAll({ predicate: missed }).length;
  if (count > 0) void queryClient.invalidateQueries({ predicate: missed });
  return count;
}
