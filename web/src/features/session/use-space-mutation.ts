import { type QueryClient, type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { showAlert } from "@/lib/ui/alerts";
import { useCurrentSpace } from "./current-space";

type SpaceMutationOptions<I, R> = {
  /** The call, given the current space's uuid and the mutation's input. */
  request: (space: string, input: I) => Promise<R>;
  /** The queries a success makes stale (lists, totals …) of the space. */
  invalidates: (space: string) => readonly QueryKey[];
  /** The success alert's text. */
  success: (result: R, input: I) => string;
  /** More to do on success before the refetches, e.g. put the saved record into its detail query. */
  onSuccess?: (result: R, cache: { queryClient: QueryClient; space: string }) => void;
  onError?: (error: Error) => void;
};

/** A change in the current space: the call, then its queries refetch and a success alert shows. */
export function useSpaceMutation<I, R>({
  request,
  invalidates,
  success,
  onSuccess,
  onError,
}: SpaceMutationOptions<I, R>) {
  const { space } = useCurrentSpace();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => request(space.space_uuid, input),
    onSuccess: (result, input) => {
      onSuccess?.(result, { queryClient, space: space.space_uuid });
      for (const queryKey of invalidates(space.space_uuid)) void queryClient.invalidateQueries({ queryKey });
      showAlert({ type: "success", message: success(result, input) });
    },
    onError,
  });
}
