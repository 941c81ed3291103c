import { getDisplayConfiguration, listApplications } from "@contracts/peripherals/routes";
import { queryOptions } from "@tanstack/react-query";
import { callApi } from "@/lib/api/api";
import { deviceQueries } from "../queries";

/** Under the device's detail key, so the room's deviceDetailsUpdate refresh covers them too. */
export const peripheralQueries = {
  displaysKey: (space: string, uuid: string) => [...deviceQueries.detailKey(space, uuid), "displays"] as const,
  /** GET …/peripherals/display/configuration/: the displays with their configuration (devices.md §7). */
  displays: (space: string, uuid: string) =>
    queryOptions({
      queryKey: peripheralQueries.displaysKey(space, uuid),
      queryFn: ({ signal }) => callApi(getDisplayConfiguration, { params: { space, uuid }, signal }),
      select: (reply) => reply.displays,
    }),
  /** GET …/application/items/: the applications a display of this device can show. */
  applications: (space: string, uuid: string) =>
    queryOptions({
      queryKey: [...deviceQueries.detailKey(space, uuid), "applications"] as const,
      queryFn: ({ signal }) => callApi(listApplications, { params: { space, uuid }, signal }),
      select: (reply) => reply.applications,
      staleTime: 60_000,
    }),
};
