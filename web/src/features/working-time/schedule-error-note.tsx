import "@/lib/i18n/locales/en-assets";
import { CircleAlertIcon } from "lucide-react";
import { useT } from "@/lib/i18n";
import type { ScheduleEditor } from "./use-schedule-editor";

/** Next to a disabled Save: why it is disabled. */
export function ScheduleErrorNote({ editor }: { editor: ScheduleEditor }) {
  const t = useT();
  if (!editor.hasErrors) return null;
  return (
    <p role="status" className="mr-auto flex items-center gap-1.5 text-sm text-destructive">
      <CircleAlertIcon className="size-4" aria-hidden="true" />
      {editor.hasClientErrors ? t("workingTime.clientErrors") : t("workingTime.serverErrors")}
    </p>
  );
}
