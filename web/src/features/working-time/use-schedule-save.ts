import "@/lib/i18n/locales/en-assets";
import type { WorkingTimeInput } from "@contracts/locations/working-time";
import { ApiError } from "@/lib/api/api";
import { useT } from "@/lib/i18n";
import { showAlert } from "@/lib/ui/alerts";
import { useSaveWorkingTime } from "./queries";
import { serverScheduleErrors } from "./schedule";
import type { ScheduleEditor } from "./use-schedule-editor";

/**
 * Saves a schedule with console.md §8's messages: client errors stop the save, a 400 puts
 * the server's errors under their entries, success says so.
 */
export function useScheduleSave(location: string | null) {
  const t = useT();
  const mutation = useSaveWorkingTime(location);
  const save = async (editor: ScheduleEditor, input: WorkingTimeInput) => {
    if (editor.hasClientErrors) {
      showAlert({ type: "error", message: t("workingTime.clientErrors") });
      return;
    }
    try {
      await mutation.mutateAsync(input);
      showAlert({ type: "success", message: t("workingTime.saved") });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        editor.setServerErrors(serverScheduleErrors((field) => error.entryErrors(field)));
        showAlert({ type: "error", message: t("workingTime.serverErrors") });
      } else {
        showAlert({ type: "error", message: error instanceof ApiError ? error.message : t("common.unexpectedError") });
      }
    }
  };
  return { save, pending: mutation.isPending };
}
