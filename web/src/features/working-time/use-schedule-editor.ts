import type { DayKey, WorkingTime } from "@contracts/locations/working-time";
import { useMemo, useState } from "react";
import { useT } from "@/lib/i18n";
import {
  addEntry,
  type Entry,
  hasErrors,
  removeEntry,
  type Schedule,
  type ScheduleErrors,
  sameSchedule,
  scheduleOf,
  setTime,
  setWorking,
  validateSchedule,
} from "./schedule";

export type ScheduleEditor = ReturnType<typeof useScheduleEditor>;

/**
 * The editable week of a saved schedule: client errors computed on every change, the server's
 * errors kept per day until that day is edited again.
 */
export function useScheduleEditor(saved: WorkingTime | undefined) {
  const t = useT();
  const [base, setBase] = useState(saved);
  const [schedule, setSchedule] = useState<Schedule | null>(saved ? scheduleOf(saved) : null);
  const [serverErrors, setServerErrors] = useState<ScheduleErrors>({});
  // New data from the server (first load, a save, a refresh) replaces the edited week.
  if (saved !== base) {
    setBase(saved);
    setSchedule(saved ? scheduleOf(saved) : null);
    setServerErrors({});
  }
  const clientErrors = useMemo(() => (schedule ? validateSchedule(schedule, t) : {}), [schedule, t]);
  const edit = (day: DayKey, change: (s: Schedule) => Schedule) => {
    setSchedule((current) => (current ? change(current) : current));
    setServerErrors(({ [day]: _, ...rest }) => rest);
  };

  return {
    schedule,
    clientErrors,
    serverErrors,
    setServerErrors,
    hasClientErrors: hasErrors(clientErrors),
    hasErrors: hasErrors(clientErrors) || hasErrors(serverErrors),
    dirty: Boolean(schedule && saved && !sameSchedule(schedule, scheduleOf(saved))),
    setWorking: (day: DayKey, working: boolean) => edit(day, (s) => setWorking(s, day, working)),
    addEntry: (day: DayKey) => edit(day, (s) => addEntry(s, day)),
    removeEntry: (day: DayKey, index: number) => edit(day, (s) => removeEntry(s, day, index)),
    setTime: (day: DayKey, index: number, field: keyof Entry, value: string) =>
      edit(day, (s) => setTime(s, day, index, field, value)),
    reset: () => {
      setSchedule(saved ? scheduleOf(saved) : null);
      setServerErrors({});
    },
  };
}
