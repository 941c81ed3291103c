import "@/lib/i18n/locales/en-assets";
import { addLocationGroup, deleteLocationGroup, editLocationGroup } from "@contracts/location-groups/routes";
import type { LocationGroup, LocationGroupAddInput, LocationGroupPatch } from "@contracts/location-groups/schema";
import { locationQueries } from "@/features/locations/queries";
import { useSpaceMutation } from "@/features/session/use-space-mutation";
import { callApi } from "@/lib/api/api";
import { useT } from "@/lib/i18n";
import { groupQueries } from "./queries";

/** A group change: the groups and the locations (their group names) refetch, and `message` shows. */
function useGroupMutation<I>(
  request: (space: string, input: I) => Promise<LocationGroup | undefined>,
  message: (group: LocationGroup | undefined, input: I) => string,
) {
  return useSpaceMutation({
    request,
    invalidates: (space) => [groupQueries.all(space), locationQueries.all(space)],
    success: message,
  });
}

/** POST /space/{space}/location-group/add/. */
export function useAddGroup() {
  const t = useT();
  return useGroupMutation(
    (space, input: LocationGroupAddInput) => callApi(addLocationGroup, { params: { space }, json: input }),
    (group) => t("group.added", { name: group?.name ?? "" }),
  );
}

/** PATCH /space/{space}/location-group/{uuid}/ (location_uuids replaces the links). */
export function useUpdateGroup(uuid: string) {
  const t = useT();
  return useGroupMutation(
    (space, input: LocationGroupPatch) => callApi(editLocationGroup, { params: { space, uuid }, json: input }),
    (group) => t("group.updated", { name: group?.name ?? "" }),
  );
}

/** DELETE /space/{space}/location-group/{uuid}/ (204). */
export function useDeleteGroup(uuid: string) {
  const t = useT();
  return useGroupMutation(
    async (space, _name: string) => {
      await callApi(deleteLocationGroup, { params: { space, uuid } });
      return undefined;
    },
    (_, name) => t("group.deleted", { name }),
  );
}
