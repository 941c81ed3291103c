import { addLocation, editLocation } from "@contracts/api/locations";
import type { LocationAddInput, LocationEditInput } from "@contracts/location";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { groupQueries } from "@/features/groups/queries";
import { useCurrentSpace } from "@/features/session/current-space";
import { showAlert } from "@/lib/alerts";
import { callApi } from "@/lib/api";
import { useT } from "@/lib/i18n";
import { locationQueries, tagQueries } from "./queries";

/** POST /space/{space}/location/add/; the lists refresh and a success alert shows. */
export function useAddLocation() {
  const t = useT();
  const { space } = useCurrentSpace();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LocationAddInput) => callApi(addLocation, { params: { space: space.space_uuid }, json: input }),
    onSuccess: (location) => {
      void queryClient.invalidateQueries({ queryKey: locationQueries.all(space.space_uuid) });
      void queryClient.invalidateQueries({ queryKey: tagQueries.all(space.space_uuid) });
      showAlert({ type: "success", message: t("location.added", { name: location.name }) });
    },
  });
}

/** PATCH /space/{space}/location/{uuid}/: "Location {name} updated successfully." */
export function useUpdateLocation(uuid: string) {
  const t = useT();
  const { space } = useCurrentSpace();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LocationEditInput) =>
      callApi(editLocation, { params: { space: space.space_uuid, loc: uuid }, json: input }),
    onSuccess: (location) => {
      queryClient.setQueryData(locationQueries.detail(space.space_uuid, uuid).queryKey, location);
      void queryClient.invalidateQueries({ queryKey: locationQueries.all(space.space_uuid) });
      void queryClient.invalidateQueries({ queryKey: groupQueries.all(space.space_uuid) });
      void queryClient.invalidateQueries({ queryKey: tagQueries.all(space.space_uuid) });
      showAlert({ type: "success", message: t("location.updated", { name: location.name }) });
    },
  });
}
