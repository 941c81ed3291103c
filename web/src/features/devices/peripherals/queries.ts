import { ApplicationList } from "@contracts/peripheral-config";
import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { deviceQueries } from "../queries";

/** /space/{space}/device/{id} */
export const devicePath = (space: string, uuid: string) => `/space/${space}/device/${uuid}`;

/** Under the device's detail key, so the room's deviceDetailsUpdate refresh covers them too. */
export const peripheralQueries = {
  /** GET …/application/items/: the applications a display of this device can show. */
  applications: (space: string, uuid: string) =>
    queryOptions({
      queryKey: [...deviceQueries.detailKey(space, uuid), "applications"] as const,
      queryFn: ({ signal }) =>
        apiFetch(`${devicePath(space, uuid)}/application/items/`, { schema: ApplicationList, signal }),
      select: (reply) => reply.applications,
      staleTime: 60_000,
    }),
};
