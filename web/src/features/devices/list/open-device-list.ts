import type { ListOpener } from "@/lib/api/list-opener";
import { viewMode } from "@/lib/ui/view-mode";
import { deviceQueries } from "../queries";
import { emptyDeviceFilters, filtersFromSearch, toDeviceQuery } from "./device-filters";
import { deviceTableView } from "./device-table-view";
import { rememberedDeviceParams } from "./use-device-filters";

/** /devices before it renders: the remembered location and tag filters, the first page, and the rows view's table if rows are the remembered view. */
export const deviceListOpener: ListOpener = {
  remembered: rememberedDeviceParams,
  prefetchFirstPage: (client, space, params) =>
    client.prefetchInfiniteQuery(
      deviceQueries.list(space, toDeviceQuery(filtersFromSearch(params) ?? emptyDeviceFilters())),
    ),
  prepare: () => {
    if (viewMode() === "format") void deviceTableView.preload();
  },
};
