import { type TimeEntry, WEEKDAYS, type Weekday } from "../../../contracts/locations/working-time.ts";

/** A weekly schedule: the entries of each day (a day without entries is a day off). */
export type WeeklySchedule = Partial<Record<Weekday, readonly TimeEntry[]>>;

/** "HH:MM[:SS]" → seconds since midnight. */
export const seconds = (hms: string) => {
  const [h, m, s] = hms.split(":").map(Number);
  return h * 3600 + m * 60 + (s || 0);
};

/**
 * One formatter per zone for these fields (building one is the expensive part); the getter
 * throws RangeError for an unknown zone.
 */
export function zoneFormatters(fields: Omit<Intl.DateTimeFormatOptions, "timeZone">) {
  const formatters = new Map<string, Intl.DateTimeFormat>();
  return (timeZone: string) => {
    let f = formatters.get(timeZone);
    if (!f) {
      f = new Intl.DateTimeFormat("en-US", { ...fields, timeZone });
      formatters.set(timeZone, f);
    }
    return f;
  };
}

const formatterFor = zoneFormatters({
  weekday: "long",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** The weekday and second of the day that `now` is on the wall clocks of `timeZone` (DST included). */
export function wallClock(timeZone: string, now: Date): { day: Weekday; second: number } {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  const day = parts.weekday.toLowerCase() as Weekday;
  return { day, second: (Number(parts.hour) % 24) * 3600 + Number(parts.minute) * 60 + Number(parts.second) };
}

/** True when `timeZone` is an IANA zone this runtime knows. */
export function isKnownTimeZone(timeZone: string): boolean {
  if (!timeZone) return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether `now` falls inside `schedule` on the wall clocks of `timeZone`. Entries are whole
 * seconds with both ends included (the API refuses an entry whose end touches the next start, so
 * 09:00:00–12:00:00 + 12:00:01–17:00:00 is one unbroken span, and an end of 23:59:59 reaches
 * midnight). An entry whose end is before its start — 22:00:00–06:00:00, or 18:00:00–00:00:00 —
 * runs past midnight into the next day's morning (the day off or not); the API itself refuses
 * such entries today, but rows written before or by hand keep their plain meaning.
 */
export function insideWorkingHours(schedule: WeeklySchedule, timeZone: string, now: Date): boolean {
  const { day, second } = wallClock(timeZone, now);
  const today = WEEKDAYS.indexOf(day);
  const yesterday = WEEKDAYS[(today + WEEKDAYS.length - 1) % WEEKDAYS.length];
  const inToday = (schedule[day] ?? []).some((e) => {
    const start = seconds(e.start);
    const end = seconds(e.end);
    return end < start ? second >= start : second >= start && second <= end;
  });
  if (inToday) return true;
  return (schedule[yesterday] ?? []).some((e) => {
    const end = seconds(e.end);
    return end < seconds(e.start) && second <= end;
  });
}

/** A stored schedule entry (working_time row): location_uuid null is the space's global schedule. */
export type ScheduleRow = { location_uuid: string | null; day: Weekday; start: string; end: string };

/** What decides a location's hours: which schedule it follows and which clock it reads. */
export type LocationHours = {
  uuid: string;
  timezone: string;
  global_timezone_enabled: boolean;
  global_working_time_enabled: boolean;
};

/**
 * The zone a location's hours are read in: its own timezone unless it follows the space's (or has
 * none); a zone the runtime does not know falls back to the space's, then to UTC, so one bad
 * value cannot break a list.
 */
export function locationTimeZone(location: LocationHours, spaceTimeZone: string): string {
  const own = location.global_timezone_enabled ? "" : location.timezone;
  return [own, spaceTimeZone].find(isKnownTimeZone) ?? "UTC";
}

/**
 * Whether a device at `location` is expected online at `now`: inside the schedule it follows (the
 * space's global one when global_working_time_enabled, else its own), read on its clock; null
 * when that schedule has no entries on any day (no working time set). `rows` may hold other
 * locations' entries and the global ones; only the followed schedule counts.
 */
export function expectedOnline(
  location: LocationHours,
  rows: readonly ScheduleRow[],
  spaceTimeZone: string,
  now: Date,
): boolean | null {
  const source = location.global_working_time_enabled ? null : location.uuid;
  const followed = rows.filter((row) => row.location_uuid === source);
  if (followed.length === 0) return null;
  const schedule: Partial<Record<Weekday, TimeEntry[]>> = {};
  for (const row of followed) schedule[row.day] = [...(schedule[row.day] ?? []), { start: row.start, end: row.end }];
  return insideWorkingHours(schedule, locationTimeZone(location, spaceTimeZone), now);
}
