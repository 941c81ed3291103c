import type { ListOpener } from "@/lib/list-opener";
import { deviceQueries } from "../queries";
import { emptyDeviceFilters, filtersFromSearch, toDeviceQuery } from "./device-filters";
import { rememberedDeviceParams } from "./use-device-filters";

/** /devices before it renders (issue 19 target 1): the remembered location and tag filters, and the first page. */
export const deviceListOpener: ListOpener = {
  remembered: rememberedDeviceParams,
  prefetchFirstPage: (client, space, params) =>
    client.prefetchInfiniteQuery(
      deviceQueries.list(space, toDeviceQuery(filtersFromSearch(params) ?? emptyDeviceFilters())),
    ),
};
