import "@/lib/i18n/locales/en-assets";
import { useQuery } from "@tanstack/react-query";
import { LoaderCircleIcon } from "lucide-react";
import { useNavigate } from "react-router";
import { ListLoadFailed } from "@/components/list-states";
import { Button } from "@/components/ui/button";
import { ControlPanelPage } from "@/features/locations/control-panel";
import { useCurrentSpace } from "@/features/session/current-space";
import { usePermissions } from "@/features/space/use-permissions";
import { useT } from "@/lib/i18n";
import { workingTimeQueries } from "./queries";
import { toWorkingTimeInput } from "./schedule";
import { ScheduleEditor } from "./schedule-editor";
import { ScheduleErrorNote } from "./schedule-error-note";
import { useScheduleEditor } from "./use-schedule-editor";
import { useScheduleSave } from "./use-schedule-save";

/** /locations/global: the space's weekly schedule; saving it is for Admins (console.md §2.5, §6). */
export function GlobalWorkingTimePage() {
  const t = useT();
  const navigate = useNavigate();
  const { space } = useCurrentSpace();
  const { isAdmin } = usePermissions();
  const query = useQuery(workingTimeQueries.global(space.space_uuid));
  const editor = useScheduleEditor(query.data);
  const { save, pending } = useScheduleSave(null);

  if (query.isError)
    return (
      <ListLoadFailed title={t("workingTime.loadFailed")} error={query.error} onRetry={() => void query.refetch()} />
    );
  return (
    <ControlPanelPage
      title={t("workingTime.globalTitle")}
      text={isAdmin ? t("workingTime.globalText") : t("workingTime.adminOnly")}
    >
      <ScheduleEditor editor={editor} disabled={!isAdmin} />
      <div className="flex items-center justify-end gap-2">
        <ScheduleErrorNote editor={editor} />
        <Button variant="outline" onClick={() => navigate("/locations")}>
          {t("common.cancel")}
        </Button>
        {isAdmin && (
          <Button
            disabled={!editor.dirty || editor.hasErrors || pending}
            onClick={() => editor.schedule && void save(editor, toWorkingTimeInput(editor.schedule, true))}
          >
            {pending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
            {t("common.save")}
          </Button>
        )}
      </div>
    </ControlPanelPage>
  );
}
