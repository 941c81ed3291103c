import { z } from "zod";

/** Days of a weekly schedule, Monday first; the API keys are working_time_{day}. */
export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export type DayKey = `working_time_${Weekday}`;
export const dayKey = (day: Weekday): DayKey => `working_time_${day}`;
export const DAY_KEYS: readonly DayKey[] = WEEKDAYS.map(dayKey);

export const TIME_FORMAT_MESSAGE = "Time must be in hh:mm:ss format";
export const OVERLAP_MESSAGE = "Overlapping intervals detected";
export const ORDER_MESSAGE = "End time must be after start time.";
const TIME = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;

const Time = z.string({ error: TIME_FORMAT_MESSAGE }).regex(TIME, TIME_FORMAT_MESSAGE);

/** One start–end entry of a day (hh:mm:ss); start must be before end. */
export const TimeEntry = z.object({ start: Time, end: Time }).superRefine((entry, ctx) => {
  if (TIME.test(entry.start) && TIME.test(entry.end) && entry.start >= entry.end) {
    ctx.addIssue({ code: "custom", path: ["end"], message: ORDER_MESSAGE });
  }
});
export type TimeEntry = z.infer<typeof TimeEntry>;

/**
 * A day's entries. Entries must not overlap or touch: when, in start order, an entry ends at or
 * after the next one's start, the later entry's start carries OVERLAP_MESSAGE. An empty list is
 * a day off. Issues carry the entry index, so errors come back as a list aligned with the entries.
 */
export const DaySchedule = z.array(TimeEntry).superRefine((entries, ctx) => {
  const valid = entries
    .map((entry, index) => ({ ...entry, index }))
    .filter((e) => TIME.test(e.start) && TIME.test(e.end))
    .sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.index - b.index));
  for (let i = 1; i < valid.length; i++) {
    if (valid[i - 1].end >= valid[i].start) {
      ctx.addIssue({ code: "custom", path: [valid[i].index, "start"], message: OVERLAP_MESSAGE });
    }
  }
});

type Days<T> = Record<DayKey, T>;
const daysShape = <T extends z.ZodType>(schema: T) =>
  Object.fromEntries(DAY_KEYS.map((key) => [key, schema])) as Days<T>;

/** Reply of GET/PATCH …/working-time/: the seven days and whether the space schedule applies. */
export const WorkingTime = z.object({
  ...daysShape(z.array(z.object({ start: z.string(), end: z.string() }))),
  global_working_time_enabled: z.boolean(),
});
export type WorkingTime = z.infer<typeof WorkingTime>;

/**
 * Body of PATCH …/working-time/ (and the schedule part of a location PATCH). A day that is
 * sent replaces that day's entries; a day left out is unchanged. global_working_time_enabled:
 * the global save always sets the space's flag to true; on a location it says whether the space
 * schedule applies (default false: saving a local schedule switches the location to it).
 */
export const WorkingTimeShape = {
  ...daysShape(DaySchedule.optional()),
  global_working_time_enabled: z.boolean().optional(),
};
export const WorkingTimeInput = z.object(WorkingTimeShape);
export type WorkingTimeInput = z.infer<typeof WorkingTimeInput>;

/** Per-day validation errors: a list aligned with the entries, `{}` for a valid entry. */
export type ScheduleErrors = Partial<Record<DayKey, Array<Partial<Record<keyof TimeEntry, string[]>>>>>;
