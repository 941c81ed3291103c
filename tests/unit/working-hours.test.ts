import { describe, expect, it } from "vitest";
import {
  expectedOnline,
  insideWorkingHours,
  type LocationHours,
  locationTimeZone,
  type ScheduleRow,
  wallClock,
} from "../../worker/services/locations/working-hours.ts";

const at = (iso: string) => new Date(iso);
const OFFICE = { monday: [{ start: "09:00:00", end: "17:00:00" }] };

describe("insideWorkingHours", () => {
  it("includes both ends of an entry, to the second", () => {
    // 2026-03-02 is a Monday.
    expect(insideWorkingHours(OFFICE, "UTC", at("2026-03-02T08:59:59Z"))).toBe(false);
    expect(insideWorkingHours(OFFICE, "UTC", at("2026-03-02T09:00:00Z"))).toBe(true);
    expect(insideWorkingHours(OFFICE, "UTC", at("2026-03-02T17:00:00.900Z"))).toBe(true);
    expect(insideWorkingHours(OFFICE, "UTC", at("2026-03-02T17:00:01Z"))).toBe(false);
  });

  it("treats a day without entries as a day off", () => {
    expect(insideWorkingHours(OFFICE, "UTC", at("2026-03-03T12:00:00Z"))).toBe(false);
    expect(insideWorkingHours({ monday: [] }, "UTC", at("2026-03-02T12:00:00Z"))).toBe(false);
    expect(insideWorkingHours({}, "UTC", at("2026-03-02T12:00:00Z"))).toBe(false);
  });

  it("reads two entries of a day with the lunch gap outside", () => {
    const split = {
      wednesday: [
        { start: "13:00:00", end: "17:00:00" },
        { start: "09:00:00", end: "12:00:00" },
      ],
    };
    expect(insideWorkingHours(split, "UTC", at("2026-03-04T10:00:00Z"))).toBe(true);
    expect(insideWorkingHours(split, "UTC", at("2026-03-04T12:30:00Z"))).toBe(false);
    expect(insideWorkingHours(split, "UTC", at("2026-03-04T13:00:00Z"))).toBe(true);
    expect(insideWorkingHours(split, "UTC", at("2026-03-04T17:30:00Z"))).toBe(false);
  });

  it("reads the weekday east of UTC on the local calendar (Tokyo, +9)", () => {
    // Sunday 2026-03-01 23:30 UTC is Monday 08:30 in Tokyo; 00:00 UTC Monday is 09:00 there.
    expect(wallClock("Asia/Tokyo", at("2026-03-01T23:30:00Z"))).toEqual({ day: "monday", second: 8.5 * 3600 });
    expect(insideWorkingHours(OFFICE, "Asia/Tokyo", at("2026-03-01T23:30:00Z"))).toBe(false);
    expect(insideWorkingHours(OFFICE, "Asia/Tokyo", at("2026-03-02T00:00:00Z"))).toBe(true);
    // Monday 16:00 UTC is Tuesday 01:00 in Tokyo: a day off there, office hours in UTC.
    expect(insideWorkingHours(OFFICE, "Asia/Tokyo", at("2026-03-02T16:00:00Z"))).toBe(false);
    // Half-hour offset (Kolkata, +5:30): 03:30 UTC is 09:00 local.
    expect(insideWorkingHours(OFFICE, "Asia/Kolkata", at("2026-03-02T03:29:59Z"))).toBe(false);
    expect(insideWorkingHours(OFFICE, "Asia/Kolkata", at("2026-03-02T03:30:00Z"))).toBe(true);
  });

  it("reads the weekday west of UTC on the local calendar (Los Angeles, -8)", () => {
    const friday = { friday: [{ start: "09:00:00", end: "21:00:00" }] };
    // Saturday 04:00 UTC is still Friday 20:00 in Los Angeles.
    expect(insideWorkingHours(friday, "America/Los_Angeles", at("2026-03-07T04:00:00Z"))).toBe(true);
    expect(insideWorkingHours(friday, "UTC", at("2026-03-07T04:00:00Z"))).toBe(false);
    // Friday 16:59 UTC is 08:59 there.
    expect(insideWorkingHours(friday, "America/Los_Angeles", at("2026-03-06T16:59:00Z"))).toBe(false);
  });

  it("follows daylight saving time (Zagreb: CET +1, CEST +2 from 2026-03-29)", () => {
    const shift = { monday: [{ start: "08:00:00", end: "16:00:00" }] };
    // 14:30 UTC: 15:30 local before the change, 16:30 after it.
    expect(insideWorkingHours(shift, "Europe/Zagreb", at("2026-03-23T14:30:00Z"))).toBe(true);
    expect(insideWorkingHours(shift, "Europe/Zagreb", at("2026-03-30T14:30:00Z"))).toBe(false);
    // 06:30 UTC: 07:30 local before, 08:30 after.
    expect(insideWorkingHours(shift, "Europe/Zagreb", at("2026-03-23T06:30:00Z"))).toBe(false);
    expect(insideWorkingHours(shift, "Europe/Zagreb", at("2026-03-30T06:30:00Z"))).toBe(true);
  });

  it("runs an entry that ends before it starts past midnight into the next day", () => {
    const night = { friday: [{ start: "22:00:00", end: "06:00:00" }] };
    expect(insideWorkingHours(night, "UTC", at("2026-03-06T21:59:59Z"))).toBe(false);
    expect(insideWorkingHours(night, "UTC", at("2026-03-06T23:00:00Z"))).toBe(true);
    expect(insideWorkingHours(night, "UTC", at("2026-03-07T05:59:00Z"))).toBe(true);
    expect(insideWorkingHours(night, "UTC", at("2026-03-07T06:00:00Z"))).toBe(true);
    expect(insideWorkingHours(night, "UTC", at("2026-03-07T06:00:01Z"))).toBe(false);
    // Not into the morning of the day it starts.
    expect(insideWorkingHours(night, "UTC", at("2026-03-06T05:00:00Z"))).toBe(false);
  });

  it("reads an end of 00:00:00 as midnight, and wraps Sunday into Monday", () => {
    const evening = { friday: [{ start: "18:00:00", end: "00:00:00" }] };
    expect(insideWorkingHours(evening, "UTC", at("2026-03-06T23:59:59Z"))).toBe(true);
    expect(insideWorkingHours(evening, "UTC", at("2026-03-07T00:00:00Z"))).toBe(true);
    expect(insideWorkingHours(evening, "UTC", at("2026-03-07T00:00:01Z"))).toBe(false);
    const sunday = { sunday: [{ start: "20:00:00", end: "02:00:00" }] };
    expect(insideWorkingHours(sunday, "UTC", at("2026-03-02T01:00:00Z"))).toBe(true);
    expect(insideWorkingHours(sunday, "UTC", at("2026-03-02T03:00:00Z"))).toBe(false);
  });
});

const location = (over: Partial<LocationHours> = {}): LocationHours => ({
  uuid: "loc-a",
  timezone: "Asia/Tokyo",
  global_timezone_enabled: false,
  global_working_time_enabled: false,
  ...over,
});
const row = (location_uuid: string | null, start: string, end: string): ScheduleRow => ({
  location_uuid,
  day: "monday",
  start,
  end,
});
// Monday 2026-03-02 10:00 UTC: 19:00 in Tokyo.
const MONDAY_10_UTC = at("2026-03-02T10:00:00Z");
const ROWS = [
  row(null, "09:00:00", "12:00:00"),
  row("loc-a", "18:00:00", "20:00:00"),
  row("loc-b", "00:00:00", "23:59:59"),
];

describe("expectedOnline", () => {
  it("reads a location's own schedule on its own clock", () => {
    expect(expectedOnline(location(), ROWS, "UTC", MONDAY_10_UTC)).toBe(true);
    expect(expectedOnline(location({ timezone: "UTC" }), ROWS, "UTC", MONDAY_10_UTC)).toBe(false);
  });

  it("reads the space's global schedule when the location follows it", () => {
    const global = location({ global_working_time_enabled: true });
    expect(expectedOnline(global, ROWS, "UTC", MONDAY_10_UTC)).toBe(false); // 19:00 Tokyo
    expect(
      expectedOnline(location({ global_working_time_enabled: true, timezone: "UTC" }), ROWS, "UTC", MONDAY_10_UTC),
    ).toBe(true);
  });

  it("uses the space's timezone when the location follows it or has none", () => {
    expect(locationTimeZone(location({ global_timezone_enabled: true }), "Europe/Zagreb")).toBe("Europe/Zagreb");
    expect(locationTimeZone(location({ timezone: "" }), "Europe/Zagreb")).toBe("Europe/Zagreb");
    expect(locationTimeZone(location(), "Europe/Zagreb")).toBe("Asia/Tokyo");
    expect(locationTimeZone(location({ timezone: "Mars/Olympus" }), "Europe/Zagreb")).toBe("Europe/Zagreb");
    expect(locationTimeZone(location({ timezone: "Mars/Olympus" }), "nowhere")).toBe("UTC");
  });

  it("is null when the followed schedule has no entries on any day", () => {
    expect(expectedOnline(location({ uuid: "loc-c" }), ROWS, "UTC", MONDAY_10_UTC)).toBeNull();
    const ownOnly = [row("loc-a", "09:00:00", "17:00:00")];
    expect(expectedOnline(location({ global_working_time_enabled: true }), ownOnly, "UTC", MONDAY_10_UTC)).toBeNull();
  });

  it("is false on a day off of a schedule that has other days", () => {
    const tuesday = at("2026-03-03T10:00:00Z");
    expect(expectedOnline(location({ timezone: "UTC", uuid: "loc-b" }), ROWS, "UTC", tuesday)).toBe(false);
  });
});
