import { resolveSpace } from "@/features/session/current-space";
import { sessionQueries } from "@/features/session/queries";
import type { ListOpener } from "@/lib/list-opener";
import { deviceQueries } from "../queries";
import { emptyDeviceFilters, filtersFromSearch, toDeviceQuery } from "./device-filters";
import { rememberedDeviceParams } from "./use-device-filters";

/**
 * /devices before it renders (issue 19 target 1): the remembered location and tag filters, and the
 * first page asked for once the signed-in user (already asked for by the session loader) and this
 * chunk are here, instead of after the layout and the list have rendered.
 */
export const deviceListOpener: ListOpener = {
  remembered: rememberedDeviceParams,
  preload: async (client, params) => {
    const space = resolveSpace(await client.ensureQueryData(sessionQueries.me()));
    if (!space) return;
    const query = toDeviceQuery(filtersFromSearch(params) ?? emptyDeviceFilters());
    await client.prefetchInfiniteQuery(deviceQueries.list(space.space_uuid, query));
  },
};
