import { DAY_KEYS, WorkingTime } from "@contracts/locations/working-time";
import { describe, expect, it } from "vitest";
import { translate } from "@/lib/i18n";
import {
  addEntry,
  hasErrors,
  removeEntry,
  type Schedule,
  scheduleOf,
  serverScheduleErrors,
  setTime,
  setWorking,
  toWorkingTimeInput,
  validateSchedule,
} from "./schedule";

const t = (key: Parameters<typeof translate>[1]) => translate("en", key);
const empty = Object.fromEntries(DAY_KEYS.map((key) => [key, []])) as unknown as Schedule;
const withMonday = (...entries: [string, string][]): Schedule => ({
  ...empty,
  working_time_monday: entries.map(([start, end]) => ({ start, end })),
});

describe("validateSchedule", () => {
  it("accepts separate entries and days off", () => {
    const errors = validateSchedule(withMonday(["08:00:00", "12:00:00"], ["13:00:00", "17:00:00"]), t);
    expect(errors).toEqual({});
    expect(hasErrors(errors)).toBe(false);
  });

  it("wants hh:mm:ss with hours 00–23 and minutes, seconds 00–59", () => {
    const errors = validateSchedule(withMonday(["8:00", "24:00:00"], ["10:60:00", "11:00:61"]), t);
    expect(errors.working_time_monday).toEqual([
      { start: "Time must be in hh:mm:ss format", end: "Time must be in hh:mm:ss format" },
      { start: "Time must be in hh:mm:ss format", end: "Time must be in hh:mm:ss format" },
    ]);
    expect(hasErrors(errors)).toBe(true);
  });

  it("marks overlapping entries, whatever their order", () => {
    const errors = validateSchedule(withMonday(["10:00:00", "14:00:00"], ["08:00:00", "11:00:00"]), t);
    expect(errors.working_time_monday).toEqual([{ start: "Overlapping intervals detected" }, {}]);
  });

  it("counts touching entries as overlapping", () => {
    const errors = validateSchedule(withMonday(["08:00:00", "12:00:00"], ["12:00:00", "16:00:00"]), t);
    expect(errors.working_time_monday?.[1]).toEqual({ start: "Overlapping intervals detected" });
  });

  it("wants the end after the start", () => {
    const errors = validateSchedule(withMonday(["12:00:00", "08:00:00"]), t);
    expect(errors.working_time_monday).toEqual([{ end: "End time must be after start time." }]);
  });
});

describe("editing", () => {
  it("switching a day off clears it and switching it on adds one empty entry", () => {
    const on = setWorking(withMonday(["08:00:00", "12:00:00"], ["13:00:00", "17:00:00"]), "working_time_monday", false);
    expect(on.working_time_monday).toEqual([]);
    expect(setWorking(on, "working_time_monday", true).working_time_monday).toEqual([{ start: "", end: "" }]);
  });

  it("adds, edits and deletes entries without touching other days", () => {
    let s = addEntry(empty, "working_time_friday");
    s = setTime(s, "working_time_friday", 0, "start", "09:00:00");
    s = addEntry(s, "working_time_friday");
    expect(s.working_time_friday).toEqual([
      { start: "09:00:00", end: "" },
      { start: "", end: "" },
    ]);
    expect(removeEntry(s, "working_time_friday", 0).working_time_friday).toEqual([{ start: "", end: "" }]);
    expect(s.working_time_monday).toBe(empty.working_time_monday);
  });
});

it("reads the server's per-day, per-entry errors", () => {
  const lists: Record<string, Array<Record<string, string[]>>> = {
    working_time_monday: [{}, { start: ["Overlapping intervals detected"] }],
  };
  expect(serverScheduleErrors((field) => lists[field] ?? null)).toEqual({
    working_time_monday: [
      { start: undefined, end: undefined },
      { start: "Overlapping intervals detected", end: undefined },
    ],
  });
});

it("round-trips a reply into the PATCH body", () => {
  const reply = WorkingTime.parse({ ...withMonday(["08:00:00", "16:00:00"]), global_working_time_enabled: true });
  const body = toWorkingTimeInput(scheduleOf(reply), false);
  expect(body.working_time_monday).toEqual([{ start: "08:00:00", end: "16:00:00" }]);
  expect(body.global_working_time_enabled).toBe(false);
  expect(Object.keys(body)).toHaveLength(8);
});
