import "@/lib/i18n/locales/en-assets";
import { addLocation, deleteLocation, editLocation } from "@contracts/locations/routes";
import type { LocationAddInput, LocationEditInput } from "@contracts/locations/schema";
import { deviceQueries } from "@/features/devices/queries";
import { groupQueries } from "@/features/groups/queries";
import { useSpaceMutation } from "@/features/session/use-space-mutation";
import { callApi } from "@/lib/api/api";
import { useT } from "@/lib/i18n";
import { locationQueries, tagQueries } from "./queries";

/** POST /space/{space}/location/add/; the lists refresh and a success alert shows. */
export function useAddLocation() {
  const t = useT();
  return useSpaceMutation({
    request: (space, input: LocationAddInput) => callApi(addLocation, { params: { space }, json: input }),
    invalidates: (space) => [locationQueries.all(space), tagQueries.all(space)],
    success: (location) => t("location.added", { name: location.name }),
  });
}

/** PATCH /space/{space}/location/{uuid}/: "Location {name} updated successfully." */
export function useUpdateLocation(uuid: string) {
  const t = useT();
  return useSpaceMutation({
    request: (space, input: LocationEditInput) => callApi(editLocation, { params: { space, loc: uuid }, json: input }),
    onSuccess: (location, { queryClient, space }) =>
      queryClient.setQueryData(locationQueries.detail(space, uuid).queryKey, location),
    invalidates: (space) => [locationQueries.all(space), groupQueries.all(space), tagQueries.all(space)],
    success: (location) => t("location.updated", { name: location.name }),
  });
}

/**
 * DELETE /space/{space}/location/{uuid}/ (204; console.md §7.2): the lists, the groups and the
 * devices (they lose the location) refresh, not the deleted location's own detail.
 */
export function useDeleteLocation(uuid: string) {
  const t = useT();
  return useSpaceMutation({
    request: async (space, _name: string) => {
      await callApi(deleteLocation, { params: { space, loc: uuid } });
    },
    invalidates: (space) => [
      [...locationQueries.all(space), "list"],
      [...locationQueries.all(space), "options"],
      groupQueries.all(space),
      deviceQueries.all(space),
    ],
    success: (_, name) => t("location.deleted", { name }),
  });
}
