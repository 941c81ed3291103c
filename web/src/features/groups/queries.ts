import { getLocationGroup, listLocationGroups } from "@contracts/location-groups/routes";
import type { LocationGroupQuery } from "@contracts/location-groups/schema";
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { callApi } from "@/lib/api/api";
import { nextPageOf, previousPagesIn } from "@/lib/api/paging";

export type GroupFilters = Pick<Partial<LocationGroupQuery>, "ordering" | "search">;
/** console.md §9: groups 36 a page, ordering -created_at. */
export const GROUP_PAGE_SIZE = 36;

/** Query keys and options of a space's location groups; location events invalidate `all(space)`. */
export const groupQueries = {
  all: (space: string) => ["space", space, "groups"] as const,
  list: (space: string, filters: GroupFilters) =>
    infiniteQueryOptions({
      queryKey: [...groupQueries.all(space), "list", filters] as const,
      queryFn: ({ pageParam, signal }) =>
        callApi(listLocationGroups, {
          params: { space },
          query: { ...filters, page: pageParam, page_size: GROUP_PAGE_SIZE },
          signal,
        }),
      initialPageParam: 1,
      getNextPageParam: (last) => nextPageOf(last.links),
      placeholderData: previousPagesIn(space),
    }),
  detail: (space: string, uuid: string) =>
    queryOptions({
      queryKey: [...groupQueries.all(space), "detail", uuid] as const,
      queryFn: ({ signal }) => callApi(getLocationGroup, { params: { space, uuid }, signal }),
    }),
};
