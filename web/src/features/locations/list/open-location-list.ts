import type { ListOpener } from "@/lib/api/list-opener";
import { viewMode } from "@/lib/ui/view-mode";
import { locationQueries } from "../queries";
import { locationFiltersFromSearch, toLocationQuery } from "./location-filters";
import { locationTableView } from "./location-table-view";
import { EMPTY_LOCATION_FILTERS, rememberedLocationParams } from "./use-location-filters";

/** /locations before it renders: the remembered country and tag filters, the first page, and the rows view's table if rows are the remembered view. */
export const locationListOpener: ListOpener = {
  remembered: rememberedLocationParams,
  prefetchFirstPage: (client, space, params) =>
    client.prefetchInfiniteQuery(
      locationQueries.list(space, toLocationQuery(locationFiltersFromSearch(params) ?? EMPTY_LOCATION_FILTERS)),
    ),
  prepare: () => {
    if (viewMode() === "format") void locationTableView.preload();
  },
};
