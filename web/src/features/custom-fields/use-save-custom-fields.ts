import { updateSpace } from "@contracts/api/spaces";
import type { SpacePatch } from "@contracts/space";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ZodError } from "zod";
import { useCurrentSpace } from "@/features/session/current-space";
import { spaceQueries } from "@/features/space/queries";
import { showAlert } from "@/lib/alerts";
import { ApiError, callApi } from "@/lib/api";
import { useT } from "@/lib/i18n";
import { customFieldErrorLines } from "./custom-fields";

/** PATCH /space/{space}/ with the custom-field settings and console.md §8's messages. */
export function useSaveCustomFields() {
  const t = useT();
  const { space } = useCurrentSpace();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: SpacePatch) => callApi(updateSpace, { params: { space: space.space_uuid }, json: patch }),
    onSuccess: (saved) => {
      queryClient.setQueryData(spaceQueries.detail(space.space_uuid).queryKey, saved);
      showAlert({ type: "success", message: t("customFields.saved") });
    },
    onError: (error) => {
      if (error instanceof ZodError) {
        showAlert({ type: "error", message: t("customFields.unexpectedResponse") });
        return;
      }
      const lines =
        error instanceof ApiError ? customFieldErrorLines(error.fieldErrors, error.body?.message ?? null) : [];
      showAlert({
        type: "error",
        message: lines.length
          ? t("customFields.failed", { errors: lines.join(" | ") })
          : t("customFields.unknownError"),
      });
    },
  });
}
