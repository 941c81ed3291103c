import type { ListOpener } from "@/lib/list-opener";
import { locationQueries } from "../queries";
import { locationFiltersFromSearch, toLocationQuery } from "./location-filters";
import { EMPTY_LOCATION_FILTERS, rememberedLocationParams } from "./use-location-filters";

/** /locations before it renders: the remembered country and tag filters, and the first page. */
export const locationListOpener: ListOpener = {
  remembered: rememberedLocationParams,
  prefetchFirstPage: (client, space, params) =>
    client.prefetchInfiniteQuery(
      locationQueries.list(space, toLocationQuery(locationFiltersFromSearch(params) ?? EMPTY_LOCATION_FILTERS)),
    ),
};
