import type { Query, QueryCache, QueryClient } from "@tanstack/react-query";

/**
 * Catching up after a room joins. A page fetches its first data before its space socket has
 * joined, and a reconnect follows a gap: a device going offline in between would never reach the
 * screen (a wall would show it online until something else refetched). The room's welcome says
 * how long ago it last published a device or location event (`last_event_age_ms`) and an account
 * presence event (`last_presence_age_ms`); every query of the space whose latest fetch started
 * before the first is fetched again, and its accounts queries before the second. A quiet fleet
 * costs nothing; a busy one refetches what is on screen once per join.
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

/** A query of `space`'s accounts (the online dots account presence moves). */
const ofAccounts = (query: Query, space: string) =>
  query.queryKey[0] === "space" && query.queryKey[1] === space && query.queryKey[2] === "accounts";

/** What a space room's welcome dates (contracts/realtime/events.ts Welcome); absent or null: no such event. */
export type WelcomeAges = { last_event_age_ms?: number | null; last_presence_age_ms?: number | null };

/**
 * After a welcome of `space`'s room: invalidates (active ones refetch) the space's queries whose
 * latest fetch started no later than the room's last device or location event, and its accounts
 * queries fetched before its last account presence event. `now` is when the welcome arrived; an
 * event is placed its age before it, a little late by the welcome's travel time, which errs
 * towards fetching again. Returns how many queries were invalidated.
 */
export function catchUpAfterJoin(queryClient: QueryClient, space: string, ages: WelcomeAges, now = Date.now()): number {
  const before = (age: number | null | undefined, query: Query) =>
    age != null &&
    (query.state.data !== undefined || query.state.fetchStatus === "fetching") &&
    fetchStartedAt(query) <= now - age;
  const missed = (query: Query) =>
    (ofSpace(query, space) && before(ages.last_event_age_ms, query)) ||
    (ofAccounts(query, space) && before(ages.last_presence_age_ms, query));
  const count = queryClient.getQueryCache().findAll({ predicate: missed }).length;
  if (count > 0) void queryClient.invalidateQueries({ predicate: missed });
  return count;
}
