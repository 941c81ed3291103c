import "@/lib/i18n/locales/en-assets";
import type { DayKey, Weekday } from "@contracts/locations/working-time";
import { PlusIcon, Trash2Icon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import { useT } from "@/lib/i18n";
import type { Entry, EntryError } from "./schedule";
import { TimeInput } from "./time-input";
import type { ScheduleEditor } from "./use-schedule-editor";

type DayRowProps = {
  day: Weekday;
  dayKey: DayKey;
  entries: Entry[];
  errors: EntryError[] | undefined;
  serverErrors: EntryError[] | undefined;
  editor: ScheduleEditor;
  disabled: boolean;
};

/** One day: its name, the working/day-off switch, its start–end entries, add and delete. */
export function DayRow({ day, dayKey, entries, errors, serverErrors, editor, disabled }: DayRowProps) {
  const t = useT();
  const name = t(`workingTime.day.${day}`);
  const working = entries.length > 0;
  const switchId = `wt-${day}-working`;
  return (
    <div className="grid grid-cols-[8rem_9rem_minmax(0,1fr)] items-start gap-4 px-4 py-3">
      <span className="pt-1.5 text-sm font-medium">{name}</span>
      <label htmlFor={switchId} className="flex items-center gap-2 pt-1.5 text-[13px] text-muted-foreground">
        <Switch
          id={switchId}
          checked={working}
          disabled={disabled}
          onCheckedChange={(checked) => editor.setWorking(dayKey, checked)}
          aria-label={t("workingTime.dayOn", { day: name })}
        />
        {working ? t("workingTime.working") : t("workingTime.dayOff")}
      </label>
      <div className="flex items-start gap-3">
        <div className="flex flex-col gap-2">
          {entries.map((entry, index) => {
            const n = index + 1;
            const error = (field: "start" | "end") => serverErrors?.[index]?.[field] ?? errors?.[index]?.[field];
            return (
              // Entries have no identity of their own; their position is what the errors refer to.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <div key={index} className="flex items-start gap-2">
                <TimeField
                  day={day}
                  index={index}
                  field="start"
                  label={t("workingTime.startOf", { day: name, n })}
                  value={entry.start}
                  error={error("start")}
                  editor={editor}
                  dayKey={dayKey}
                  disabled={disabled}
                />
                <span className="pt-1.5 text-muted-foreground" aria-hidden="true">
                  –
                </span>
                <TimeField
                  day={day}
                  index={index}
                  field="end"
                  label={t("workingTime.endOf", { day: name, n })}
                  value={entry.end}
                  error={error("end")}
                  editor={editor}
                  dayKey={dayKey}
                  disabled={disabled}
                />
                {!disabled && (
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={t("workingTime.deleteEntry", { day: name, n })}
                    onClick={() => editor.removeEntry(dayKey, index)}
                  >
                    <Trash2Icon aria-hidden="true" />
                  </Button>
                )}
              </div>
            );
          })}
        </div>
        {!disabled && working && (
          <Button
            variant="ghost"
            size="sm"
            className="w-fit text-muted-foreground"
            aria-label={t("workingTime.addEntryTo", { day: name })}
            onClick={() => editor.addEntry(dayKey)}
          >
            <PlusIcon aria-hidden="true" />
            {t("workingTime.addEntry")}
          </Button>
        )}
      </div>
    </div>
  );
}

type TimeFieldProps = {
  day: Weekday;
  dayKey: DayKey;
  index: number;
  field: "start" | "end";
  label: string;
  value: string;
  error: string | undefined;
  editor: ScheduleEditor;
  disabled: boolean;
};

function TimeField({ day, dayKey, index, field, label, value, error, editor, disabled }: TimeFieldProps) {
  return (
    <TimeInput
      id={`wt-${day}-${index}-${field}`}
      label={label}
      value={value}
      error={error}
      disabled={disabled}
      onChange={(next) => editor.setTime(dayKey, index, field, next)}
    />
  );
}
