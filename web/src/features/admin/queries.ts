import { infiniteQueryOptions, keepPreviousData, queryOptions } from "@tanstack/react-query";
import { nextPageOf } from "@/lib/api/paging";
import type { AdminKind } from "./kinds";

/**
 * Query keys and options of the Admin Panel. Applications and runners are global (no space in
 * the key); a save or delete invalidates `all(kind)`.
 */
export const adminQueries = {
  all: (kind: AdminKind) => ["admin", kind.kind] as const,
  list: (kind: AdminKind, search: string) =>
    infiniteQueryOptions({
      queryKey: [...adminQueries.all(kind), "list", search] as const,
      queryFn: ({ pageParam, signal }) => kind.list({ search, page: pageParam }, signal),
      initialPageParam: 1,
      getNextPageParam: (last) => nextPageOf(last.links),
      placeholderData: keepPreviousData,
    }),
  detail: (kind: AdminKind, key: string) =>
    queryOptions({
      queryKey: [...adminQueries.all(kind), "detail", key] as const,
      queryFn: ({ signal }) => kind.get(key, signal),
      // The editor holds the person's text; a refetch must not replace it under them.
      refetchOnWindowFocus: false,
    }),
  history: (kind: AdminKind, key: string) =>
    infiniteQueryOptions({
      queryKey: [...adminQueries.all(kind), "history", key] as const,
      queryFn: ({ pageParam, signal }) => kind.history(key, pageParam, signal),
      initialPageParam: 1,
      getNextPageParam: (last) => nextPageOf(last.links),
    }),
};
