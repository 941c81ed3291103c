import { useQuery } from "@tanstack/react-query";
import { LoaderCircleIcon, RotateCwIcon, TriangleAlertIcon } from "lucide-react";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
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
      <EmptyState
        icon={TriangleAlertIcon}
        title={t("workingTime.loadFailed")}
        description={query.error.message}
        action={
          <Button variant="outline" onClick={() => void query.refetch()}>
            <RotateCwIcon aria-hidden="true" />
            {t("common.retry")}
          </Button>
        }
      />
    );
  return (
    <div className="flex max-w-4xl flex-col gap-4">
      <div>
        <h2 className="text-base font-semibold">{t("workingTime.globalTitle")}</h2>
        <p className="text-sm text-muted-foreground">
          {isAdmin ? t("workingTime.globalText") : t("workingTime.adminOnly")}
        </p>
      </div>
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
    </div>
  );
}
