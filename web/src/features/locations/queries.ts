import { getLocation, listDevicesOfLocation, listLocations } from "@contracts/locations/routes";
import type { LocationListQuery } from "@contracts/locations/schema";
import { listCountries, listLocationTypes } from "@contracts/spaces/routes";
import { listTags } from "@contracts/tags/routes";
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { callApi } from "@/lib/api/api";
import { nextPageOf, previousPagesIn } from "@/lib/api/paging";

/** The list query without paging (the page comes from the infinite query). */
export type LocationFilters = Omit<Partial<LocationListQuery>, "page" | "page_size">;
export const LOCATION_PAGE_SIZE = 36;

/** Query keys and options of a space's locations; real-time events invalidate `all(space)`. */
export const locationQueries = {
  all: (space: string) => ["space", space, "locations"] as const,
  /** GET /space/{space}/location/items/ page by page (console.md §9: 36 a page). */
  list: (space: string, filters: LocationFilters) =>
    infiniteQueryOptions({
      queryKey: [...locationQueries.all(space), "list", filters] as const,
      queryFn: ({ pageParam, signal }) =>
        callApi(listLocations, {
          params: { space },
          query: { ...filters, page: pageParam, page_size: LOCATION_PAGE_SIZE },
          signal,
        }),
      initialPageParam: 1,
      getNextPageParam: (last) => nextPageOf(last.links),
      placeholderData: previousPagesIn(space),
    }),
  detail: (space: string, uuid: string) =>
    queryOptions({
      queryKey: [...locationQueries.all(space), "detail", uuid] as const,
      queryFn: ({ signal }) => callApi(getLocation, { params: { space, loc: uuid }, signal }),
    }),
  /** GET /space/{space}/device/location/items/?location_uuid=… page by page. */
  devices: (space: string, uuid: string) =>
    infiniteQueryOptions({
      queryKey: [...locationQueries.all(space), "detail", uuid, "devices"] as const,
      queryFn: ({ pageParam, signal }) =>
        callApi(listDevicesOfLocation, {
          params: { space },
          query: { location_uuid: uuid, page: pageParam, ordering: "-online" },
          signal,
        }),
      initialPageParam: 1,
      getNextPageParam: (last) => nextPageOf(last.links),
    }),
};

/** Reference lists shared by every space (they change with a release, not at run time). */
export const referenceQueries = {
  locationTypes: () =>
    queryOptions({
      queryKey: ["reference", "location-types"] as const,
      queryFn: ({ signal }) => callApi(listLocationTypes, { signal }),
      select: (reply) => reply.location_types,
      staleTime: Number.POSITIVE_INFINITY,
      meta: { errorAlert: "location.typesFailed" },
    }),
  countries: () =>
    queryOptions({
      queryKey: ["reference", "countries"] as const,
      queryFn: ({ signal }) => callApi(listCountries, { signal }),
      select: (reply) => reply.countries,
      staleTime: Number.POSITIVE_INFINITY,
      meta: { errorAlert: "location.countriesFailed" },
    }),
};

export const tagQueries = {
  all: (space: string) => ["space", space, "tags"] as const,
  /** GET /space/{space}/tag/items/ (ordered by name). */
  list: (space: string) =>
    queryOptions({
      queryKey: [...tagQueries.all(space), "list"] as const,
      queryFn: ({ signal }) => callApi(listTags, { params: { space }, signal }),
      select: (reply) => reply.tags,
    }),
};
