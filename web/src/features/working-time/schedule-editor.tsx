import { dayKey, WEEKDAYS } from "@contracts/locations/working-time";
import { Skeleton } from "@/components/ui/skeleton";
import { useT } from "@/lib/i18n";
import { DayRow } from "./day-row";
import type { ScheduleEditor as Editor } from "./use-schedule-editor";

/** The seven day rows of a schedule (entries disabled for a schedule shown read-only). */
export function ScheduleEditor({ editor, disabled }: { editor: Editor; disabled: boolean }) {
  const t = useT();
  const { schedule } = editor;
  if (!schedule) return <ScheduleSkeleton />;
  return (
    <fieldset className="divide-y rounded-lg border bg-card" disabled={disabled} aria-label={t("workingTime.title")}>
      {WEEKDAYS.map((day) => {
        const key = dayKey(day);
        return (
          <DayRow
            key={day}
            day={day}
            dayKey={key}
            entries={schedule[key]}
            errors={editor.clientErrors[key]}
            serverErrors={editor.serverErrors[key]}
            editor={editor}
            disabled={disabled}
          />
        );
      })}
    </fieldset>
  );
}

export function ScheduleSkeleton() {
  const t = useT();
  return (
    <div role="status" aria-label={t("common.loading")} className="divide-y rounded-lg border bg-card">
      {WEEKDAYS.map((day) => (
        <div key={day} className="flex items-center gap-4 px-4 py-3">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-5 w-28" />
          <Skeleton className="h-8 w-64" />
        </div>
      ))}
    </div>
  );
}
