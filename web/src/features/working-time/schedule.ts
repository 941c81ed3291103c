import "@/lib/i18n/locales/en-assets";
import type { EntryErrors } from "@contracts/http/errors";
import {
  DAY_KEYS,
  type DayKey,
  DaySchedule,
  ORDER_MESSAGE,
  OVERLAP_MESSAGE,
  TIME_FORMAT_MESSAGE,
  type WorkingTime,
  type WorkingTimeInput,
} from "@contracts/locations/working-time";
import type { MessageKey, TFunction } from "@/lib/i18n";

export type Entry = { start: string; end: string };
export type Schedule = Record<DayKey, Entry[]>;
export type EntryError = { start?: string; end?: string };
/** Errors per day, aligned with the day's entries (an empty object: that entry is fine). */
export type ScheduleErrors = Partial<Record<DayKey, EntryError[]>>;

/** The contract's messages (shared with the server) and their translations. */
const messageKeys: Record<string, MessageKey> = {
  [TIME_FORMAT_MESSAGE]: "workingTime.timeFormat",
  [OVERLAP_MESSAGE]: "workingTime.overlap",
  [ORDER_MESSAGE]: "workingTime.order",
};

export function scheduleOf(workingTime: WorkingTime): Schedule {
  return Object.fromEntries(DAY_KEYS.map((key) => [key, workingTime[key].map((e) => ({ ...e }))])) as Schedule;
}

/**
 * console.md §5 with the contract's DaySchedule rules: hh:mm:ss times (00–23, 00–59, 00–59),
 * start before end, and no overlapping or touching entries on a day (the later one is marked).
 */
export function validateSchedule(schedule: Schedule, t: TFunction): ScheduleErrors {
  const errors: ScheduleErrors = {};
  for (const day of DAY_KEYS) {
    const result = DaySchedule.safeParse(schedule[day]);
    if (result.success) continue;
    const dayErrors: EntryError[] = schedule[day].map(() => ({}));
    for (const issue of result.error.issues) {
      const [index, field] = issue.path;
      const entry = typeof index === "number" ? dayErrors[index] : undefined;
      if (!entry || (field !== "start" && field !== "end")) continue;
      const key = messageKeys[issue.message];
      entry[field] ??= key ? t(key) : issue.message;
    }
    errors[day] = dayErrors;
  }
  return errors;
}

export const hasErrors = (errors: ScheduleErrors) =>
  Object.values(errors).some((entries) => entries?.some((entry) => entry.start || entry.end));

/** The server's per-day errors (lists aligned with the entries) in the same shape. */
export function serverScheduleErrors(entryErrors: (field: string) => EntryErrors[] | null): ScheduleErrors {
  const errors: ScheduleErrors = {};
  for (const day of DAY_KEYS) {
    const list = entryErrors(day);
    if (list) errors[day] = list.map((entry) => ({ start: entry.start?.join(" "), end: entry.end?.join(" ") }));
  }
  return errors;
}

/** console.md §2.5: switching the day off clears its entries, switching it on adds one empty entry. */
export const setWorking = (schedule: Schedule, day: DayKey, working: boolean): Schedule => ({
  ...schedule,
  [day]: working ? [{ start: "", end: "" }] : [],
});

export const addEntry = (schedule: Schedule, day: DayKey): Schedule => ({
  ...schedule,
  [day]: [...schedule[day], { start: "", end: "" }],
});

export const removeEntry = (schedule: Schedule, day: DayKey, index: number): Schedule => ({
  ...schedule,
  [day]: schedule[day].filter((_, i) => i !== index),
});

export const setTime = (
  schedule: Schedule,
  day: DayKey,
  index: number,
  field: keyof Entry,
  value: string,
): Schedule => ({
  ...schedule,
  [day]: schedule[day].map((entry, i) => (i === index ? { ...entry, [field]: value } : entry)),
});

export const sameSchedule = (a: Schedule, b: Schedule) => JSON.stringify(a) === JSON.stringify(b);

/** The PATCH body: all seven days, plus whether the space's schedule applies. */
export function toWorkingTimeInput(schedule: Schedule, globalEnabled: boolean): WorkingTimeInput {
  return { ...schedule, global_working_time_enabled: globalEnabled };
}
