import { resolveSpace } from "@/features/session/current-space";
import { sessionQueries } from "@/features/session/queries";
import type { ListOpener } from "@/lib/list-opener";
import { locationQueries } from "../queries";
import { locationFiltersFromSearch, toLocationQuery } from "./location-filters";
import { EMPTY_LOCATION_FILTERS, rememberedLocationParams } from "./use-location-filters";

/** /locations before it renders: the remembered country and tag filters, and the first page asked for early. */
export const locationListOpener: ListOpener = {
  remembered: rememberedLocationParams,
  preload: async (client, params) => {
    const space = resolveSpace(await client.ensureQueryData(sessionQueries.me()));
    if (!space) return;
    const query = toLocationQuery(locationFiltersFromSearch(params) ?? EMPTY_LOCATION_FILTERS);
    await client.prefetchInfiniteQuery(locationQueries.list(space.space_uuid, query));
  },
};
