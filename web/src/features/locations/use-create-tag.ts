import { addTag } from "@contracts/tags/routes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCurrentSpace } from "@/features/session/current-space";
import { callApi } from "@/lib/api/api";
import { type MessageKey, useT } from "@/lib/i18n";
import { showAlert } from "@/lib/ui/alerts";
import { tagQueries } from "./queries";

/**
 * Creates a tag of the current space (POST /tag/add/): the new tag is put into the cached tag
 * list at once (the picker can select it) and the tag queries refetch; a failure shows `failed`.
 * One mutation for the location and device tag pickers.
 */
export function useCreateTag(failed: MessageKey) {
  const t = useT();
  const { space } = useCurrentSpace();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => callApi(addTag, { params: { space: space.space_uuid }, json: { name } }),
    onSuccess: (tag) => {
      queryClient.setQueryData(tagQueries.list(space.space_uuid).queryKey, (old) =>
        old && !old.tags.some((x) => x.uuid === tag.uuid) ? { tags: [...old.tags, tag] } : old,
      );
      void queryClient.invalidateQueries({ queryKey: tagQueries.all(space.space_uuid) });
    },
    onError: () => showAlert({ type: "error", message: t(failed) }),
  });
}
