import "@/lib/i18n/locales/en-assets";
import { updateSpace } from "@contracts/spaces/routes";
import type { SpacePatch } from "@contracts/spaces/schema";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ZodError } from "zod";
import { useCurrentSpace } from "@/features/session/current-space";
import { spaceQueries } from "@/features/space/queries";
import { ApiError, callApi } from "@/lib/api/api";
import { useT } from "@/lib/i18n";
import { showAlert } from "@/lib/ui/alerts";
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
      // A reply from the server: its error lines (or Unknown server error); no reply at all: Unknown error.
      showAlert({
        type: "error",
        message:
          error instanceof ApiError && error.status !== 0
            ? t("customFields.failed", {
                errors: customFieldErrorLines(error.fieldErrors, error.body?.message ?? null).join(" | "),
              })
            : t("customFields.unknownError"),
      });
    },
  });
}
