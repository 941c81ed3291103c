import "@/lib/i18n/locales/en-assets";
import type { Location } from "@contracts/locations/schema";
import { useQuery } from "@tanstack/react-query";
import { LoaderCircleIcon } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { Segmented } from "@/components/ui/segmented";
import { SheetBody, SheetFooter } from "@/components/ui/sheet";
import { useCurrentSpace } from "@/features/session/current-space";
import { usePermissions } from "@/features/space/use-permissions";
import { useT } from "@/lib/i18n";
import { workingTimeQueries } from "./queries";
import { toWorkingTimeInput } from "./schedule";
import { ScheduleEditor } from "./schedule-editor";
import { ScheduleErrorNote } from "./schedule-error-note";
import { useScheduleEditor } from "./use-schedule-editor";
import { useScheduleSave } from "./use-schedule-save";

type Scope = "global" | "local";

/**
 * A location's working time: Global shows the space's schedule read-only (saving picks it for
 * the location), Local is the location's own schedule. Each tab loads its own data.
 */
export function LocationWorkingTime({ location }: { location: Location }) {
  const t = useT();
  const navigate = useNavigate();
  const { space } = useCurrentSpace();
  const { canWrite } = usePermissions();
  const saved: Scope = location.global_working_time_enabled ? "global" : "local";
  const [scope, setScope] = useState<Scope>(saved);
  const global = useScheduleEditor(
    useQuery({ ...workingTimeQueries.global(space.space_uuid), enabled: scope === "global" }).data,
  );
  const local = useScheduleEditor(
    useQuery({ ...workingTimeQueries.location(space.space_uuid, location.uuid), enabled: scope === "local" }).data,
  );
  const editor = scope === "global" ? global : local;
  const { save, pending } = useScheduleSave(location.uuid);
  const changed = scope !== saved || (scope === "local" && local.dirty);

  const onSave = () => {
    if (scope === "global") void save(global, { global_working_time_enabled: true });
    else if (local.schedule) void save(local, toWorkingTimeInput(local.schedule, false));
  };
  return (
    <>
      <SheetBody className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <Segmented<Scope>
            label={t("workingTime.scope")}
            value={scope}
            onValueChange={setScope}
            options={[
              { value: "global", label: t("workingTime.global") },
              { value: "local", label: t("workingTime.local") },
            ]}
          />
          <p className="text-sm text-muted-foreground">
            {scope === "global"
              ? t("workingTime.globalNote")
              : canWrite
                ? t("workingTime.localNote")
                : t("workingTime.readOnly")}
          </p>
        </div>
        <ScheduleEditor editor={editor} disabled={scope === "global" || !canWrite} />
      </SheetBody>
      <SheetFooter>
        <ScheduleErrorNote editor={editor} />
        <Button variant="outline" onClick={() => navigate("/locations")}>
          {t("common.cancel")}
        </Button>
        {canWrite && (
          <Button disabled={!changed || editor.hasErrors || pending} onClick={onSave}>
            {pending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
            {t("common.save")}
          </Button>
        )}
      </SheetFooter>
    </>
  );
}
