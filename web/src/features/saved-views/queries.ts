import { addSavedView, deleteSavedView, listSavedViews } from "@contracts/saved-views/routes";
import type { SavedView, SavedViewList } from "@contracts/saved-views/schema";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi } from "@/lib/api/api";

/** The caller's saved views of one list in a space. */
export const savedViewQueries = {
  all: (space: string) => ["space", space, "saved-views"] as const,
  list: (space: string, list: SavedViewList) =>
    queryOptions({
      queryKey: [...savedViewQueries.all(space), list] as const,
      queryFn: ({ signal }) => callApi(listSavedViews, { params: { space }, query: { list }, signal }),
      select: (reply) => reply.saved_views,
    }),
};

export function useSaveView(space: string, list: SavedViewList) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; query: string }) =>
      callApi(addSavedView, { params: { space }, json: { ...input, list } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedViewQueries.all(space) }),
  });
}

export function useDeleteView(space: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (view: SavedView) => callApi(deleteSavedView, { params: { space, uuid: view.uuid } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedViewQueries.all(space) }),
  });
}
