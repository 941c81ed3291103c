import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { TimeEntry } from "../../contracts/locations/working-time.ts";
import { scheduleOf } from "../../worker/services/monitoring/availability.ts";
import {
  availabilityRatio,
  byAvailability,
  type DeviceHistory,
  deviceHistory,
  type Interval,
  locationAvailableSeconds,
  mergeIntervals,
  workingIntervals,
  zonedToUtc,
} from "../../worker/services/monitoring/availability-math.ts";

const ms = (iso: string) => Date.parse(iso);
const iv = (a: string, b: string): Interval => [ms(a), ms(b)];
const H = 3_600_000;
const OFFICE = { monday: [{ start: "09:00:00", end: "17:00:00" }] };
const WEEKDAYS_9_TO_5 = Object.fromEntries(
  ["monday", "tuesday", "wednesday", "thursday", "friday"].map((d) => [d, [{ start: "09:00:00", end: "16:59:59" }]]),
);

describe("workingIntervals", () => {
  // 2026-03-02 is a Monday.
  it("reads an entry with its end included to the second", () => {
    expect(workingIntervals(OFFICE, "UTC", ms("2026-03-02T00:00:00Z"), ms("2026-03-03T00:00:00Z"))).toEqual([
      iv("2026-03-02T09:00:00Z", "2026-03-02T17:00:01Z"),
    ]);
  });

  it("clips to the window", () => {
    expect(workingIntervals(OFFICE, "UTC", ms("2026-03-02T12:00:00Z"), ms("2026-03-02T13:30:00Z"))).toEqual([
      iv("2026-03-02T12:00:00Z", "2026-03-02T13:30:00Z"),
    ]);
  });

  it("has no working time on a day off", () => {
    // Tuesday has no entries.
    expect(workingIntervals(OFFICE, "UTC", ms("2026-03-03T00:00:00Z"), ms("2026-03-04T00:00:00Z"))).toEqual([]);
    expect(workingIntervals({}, "UTC", ms("2026-03-02T00:00:00Z"), ms("2026-03-09T00:00:00Z"))).toEqual([]);
  });

  it("runs an overnight entry past midnight into the next day, the next day off or not", () => {
    const night = { saturday: [{ start: "22:00:00", end: "05:59:59" }] };
    // 2026-03-07 is a Saturday; Sunday is a day off but the night shift still runs into it.
    expect(workingIntervals(night, "UTC", ms("2026-03-07T00:00:00Z"), ms("2026-03-09T00:00:00Z"))).toEqual([
      iv("2026-03-07T22:00:00Z", "2026-03-08T06:00:00Z"),
    ]);
    // A window starting on Sunday morning still sees Saturday night's tail.
    expect(workingIntervals(night, "UTC", ms("2026-03-08T03:00:00Z"), ms("2026-03-08T12:00:00Z"))).toEqual([
      iv("2026-03-08T03:00:00Z", "2026-03-08T06:00:00Z"),
    ]);
  });

  it("merges an evening entry with the next morning's into one span", () => {
    const shifts = {
      monday: [{ start: "18:00:00", end: "23:59:59" }],
      tuesday: [{ start: "00:00:00", end: "02:00:00" }],
    };
    expect(workingIntervals(shifts, "UTC", ms("2026-03-02T00:00:00Z"), ms("2026-03-04T00:00:00Z"))).toEqual([
      iv("2026-03-02T18:00:00Z", "2026-03-03T02:00:01Z"),
    ]);
  });

  it("reads the hours on the zone's wall clock", () => {
    // Zagreb is UTC+1 in winter: 09:00 local is 08:00 UTC.
    expect(workingIntervals(OFFICE, "Europe/Zagreb", ms("2026-03-02T00:00:00Z"), ms("2026-03-03T00:00:00Z"))).toEqual([
      iv("2026-03-02T08:00:00Z", "2026-03-02T16:00:01Z"),
    ]);
    // New York (UTC-5): Monday 09:00–17:00 local is 14:00–22:00 UTC.
    expect(
      workingIntervals(OFFICE, "America/New_York", ms("2026-03-02T00:00:00Z"), ms("2026-03-03T12:00:00Z")),
    ).toEqual([iv("2026-03-02T14:00:00Z", "2026-03-02T22:00:01Z")]);
    // Auckland (UTC+13 in March): Monday local is mostly Sunday in UTC.
    expect(
      workingIntervals(OFFICE, "Pacific/Auckland", ms("2026-03-01T00:00:00Z"), ms("2026-03-02T00:00:00Z")),
    ).toEqual([iv("2026-03-01T20:00:00Z", "2026-03-02T00:00:00Z")]);
  });

  it("follows a daylight-saving change inside the window", () => {
    // Berlin springs forward on 2026-03-29 (Sunday): Monday 30th is UTC+2, Monday 23rd UTC+1.
    const week = workingIntervals(OFFICE, "Europe/Berlin", ms("2026-03-23T00:00:00Z"), ms("2026-03-31T00:00:00Z"));
    expect(week).toEqual([
      iv("2026-03-23T08:00:00Z", "2026-03-23T16:00:01Z"),
      iv("2026-03-30T07:00:00Z", "2026-03-30T15:00:01Z"),
    ]);
    // A night shift across the change is one hour shorter in real time.
    const night = { saturday: [{ start: "22:00:00", end: "05:59:59" }] };
    const [[a, b]] = workingIntervals(night, "Europe/Berlin", ms("2026-03-28T00:00:00Z"), ms("2026-03-30T00:00:00Z"));
    expect((b - a) / H).toBeCloseTo(7, 3);
  });

  it("maps a skipped local time to the gap's end and a repeated one to its first occurrence", () => {
    // 02:30 does not exist in Berlin on 2026-03-29: the wall clock is first past it at 03:00 CEST (01:00Z).
    expect(new Date(zonedToUtc("Europe/Berlin", ms("2026-03-29T02:30:00Z"))).toISOString()).toBe(
      "2026-03-29T01:00:00.000Z",
    );
    // 02:30 happens twice on 2026-10-25: first in CEST (00:30Z).
    expect(new Date(zonedToUtc("Europe/Berlin", ms("2026-10-25T02:30:00Z"))).toISOString()).toBe(
      "2026-10-25T00:30:00.000Z",
    );
  });

  it("holds the repeated hour twice and skips the missing one, as the wall clock reads them", () => {
    const sunday = (entries: TimeEntry[]) => ({ sunday: entries });
    // 02:00–02:59:59 on the night the clocks go back happens twice: 00:00–01:00Z (CEST) and 01:00–02:00Z (CET).
    expect(
      workingIntervals(
        sunday([{ start: "02:00:00", end: "02:59:59" }]),
        "Europe/Zagreb",
        ms("2026-10-24T12:00:00Z"),
        ms("2026-10-25T12:00:00Z"),
      ),
    ).toEqual([iv("2026-10-25T00:00:00Z", "2026-10-25T02:00:00Z")]);
    // 02:30–03:29:59 on the night they go forward: only 03:00–03:30 CEST happens (01:00–01:30Z).
    expect(
      workingIntervals(
        sunday([{ start: "02:30:00", end: "03:29:59" }]),
        "Europe/Zagreb",
        ms("2026-03-28T12:00:00Z"),
        ms("2026-03-29T12:00:00Z"),
      ),
    ).toEqual([iv("2026-03-29T01:00:00Z", "2026-03-29T01:30:00Z")]);
  });

  it("gives five spans for a working week", () => {
    const spans = workingIntervals(WEEKDAYS_9_TO_5, "UTC", ms("2026-03-02T00:00:00Z"), ms("2026-03-09T00:00:00Z"));
    expect(spans).toHaveLength(5);
    expect(spans.every(([a, b]) => b - a === 8 * H)).toBe(true);
  });
});

describe("mergeIntervals", () => {
  it("sorts, merges overlapping and touching spans, drops empty ones", () => {
    expect(
      mergeIntervals([
        [5, 7],
        [1, 3],
        [3, 4],
        [6, 9],
        [10, 10],
      ]),
    ).toEqual([
      [1, 4],
      [5, 9],
    ]);
  });
});

describe("scheduleOf (global vs local)", () => {
  const rows = [
    { location_uuid: null, day: "monday" as const, start: "08:00:00", end: "12:00:00" },
    { location_uuid: "loc-a", day: "monday" as const, start: "13:00:00", end: "15:00:00" },
    { location_uuid: "loc-a", day: "monday" as const, start: "09:00:00", end: "10:00:00" },
    { location_uuid: "loc-b", day: "tuesday" as const, start: "09:00:00", end: "10:00:00" },
  ];
  it("takes the location's own entries when it has a local schedule", () => {
    expect(scheduleOf({ uuid: "loc-a", global_working_time_enabled: false }, rows)).toEqual({
      monday: [
        { start: "13:00:00", end: "15:00:00" },
        { start: "09:00:00", end: "10:00:00" },
      ],
    });
  });
  it("takes the space's entries when it follows the global schedule", () => {
    expect(scheduleOf({ uuid: "loc-a", global_working_time_enabled: true }, rows)).toEqual({
      monday: [{ start: "08:00:00", end: "12:00:00" }],
    });
  });
  it("is null when the followed schedule has no entries", () => {
    expect(scheduleOf({ uuid: "loc-c", global_working_time_enabled: false }, rows)).toBeNull();
  });
});

const device = (over: Partial<DeviceHistory> = {}): DeviceHistory => ({ installed_at: null, offline: [], ...over });
const INF = Number.POSITIVE_INFINITY;

describe("deviceHistory", () => {
  const state = { installed_at: ms("2026-03-01T00:00:00Z"), online: true, online_since: null, last_seen: null };
  it("takes the outage rows as they are, an open one up to now while offline", () => {
    const h = deviceHistory({ ...state, online: false, last_seen: ms("2026-03-02T12:00:00Z") }, [
      { started_at: ms("2026-03-02T01:00:00Z"), ended_at: ms("2026-03-02T02:00:00Z") },
      { started_at: ms("2026-03-02T12:00:00Z"), ended_at: null },
    ]);
    expect(mergeIntervals(h.offline)).toEqual([
      iv("2026-03-02T01:00:00Z", "2026-03-02T02:00:00Z"),
      [ms("2026-03-02T12:00:00Z"), INF],
    ]);
  });
  it("ends an outage left open at the current streak's start", () => {
    const since = ms("2026-03-02T13:00:00Z");
    const h = deviceHistory({ ...state, online_since: since }, [
      { started_at: ms("2026-03-02T12:00:00Z"), ended_at: null },
    ]);
    expect(h.offline).toEqual([[ms("2026-03-02T12:00:00Z"), since]]);
  });
  it("is offline since last heard without a row, and since installation when never heard", () => {
    expect(deviceHistory({ ...state, online: false, last_seen: ms("2026-03-02T12:00:00Z") }, []).offline).toEqual([
      [ms("2026-03-02T12:00:00Z"), INF],
    ]);
    expect(deviceHistory({ ...state, online: false }, []).offline).toEqual([[state.installed_at, INF]]);
  });
});

describe("locationAvailableSeconds", () => {
  const monday = workingIntervals(OFFICE, "UTC", ms("2026-03-02T00:00:00Z"), ms("2026-03-03T00:00:00Z"));

  it("is all the working time when every device stayed online", () => {
    const r = locationAvailableSeconds(monday, [device(), device()]);
    expect(r).toEqual({ working_seconds: 8 * 3600 + 1, available_seconds: 8 * 3600 + 1 });
    expect(availabilityRatio(r)).toBe(1);
  });

  it("loses the working time after one device went offline", () => {
    const r = locationAvailableSeconds(monday, [device(), device({ offline: [[ms("2026-03-02T15:00:00Z"), INF]] })]);
    expect(r.working_seconds).toBe(8 * 3600 + 1);
    expect(r.available_seconds).toBe(6 * 3600);
  });

  it("does not count an outage outside working hours", () => {
    const r = locationAvailableSeconds(monday, [
      device({ offline: [iv("2026-03-01T20:00:00Z", "2026-03-02T08:00:00Z")] }),
    ]);
    expect(availabilityRatio(r)).toBe(1);
  });

  it("counts working time only once a device is installed, and its outages only after that", () => {
    const r = locationAvailableSeconds(monday, [
      device({
        installed_at: ms("2026-03-02T13:00:00Z"),
        offline: [iv("2026-03-02T08:00:00Z", "2026-03-02T14:00:00Z")],
      }),
    ]);
    expect(r.working_seconds).toBe(4 * 3600 + 1);
    expect(r.available_seconds).toBe(3 * 3600 + 1);
  });

  it("counts overlapping outages of two devices once, and the location as down while any device is", () => {
    const r = locationAvailableSeconds(monday, [
      device({ offline: [iv("2026-03-02T10:00:00Z", "2026-03-02T12:00:00Z")] }),
      device({
        offline: [
          iv("2026-03-02T11:00:00Z", "2026-03-02T13:00:00Z"),
          iv("2026-03-02T16:00:00Z", "2026-03-02T16:30:00Z"),
        ],
      }),
    ]);
    expect(r.available_seconds).toBe(8 * 3600 + 1 - 3.5 * 3600);
  });

  it("has no figure without working time or without devices", () => {
    expect(availabilityRatio(locationAvailableSeconds([], [device()]))).toBeNull();
    expect(availabilityRatio(locationAvailableSeconds(monday, []))).toBeNull();
  });
});

describe("byAvailability", () => {
  it("orders worst first, no figure last, then by name", () => {
    const rows = [
      { location_name: "B", availability: null },
      { location_name: "C", availability: 0.9 },
      { location_name: "A", availability: 0.5 },
      { location_name: "D", availability: 0.9 },
    ];
    expect(rows.sort(byAvailability).map((r) => r.location_name)).toEqual(["A", "C", "D", "B"]);
  });
});

describe("devices online throughout the window (availability.ts counts them and adds one stand-in)", () => {
  const FROM = ms("2026-03-02T00:00:00Z");
  const TO = FROM + 7 * 24 * H;
  const STAND_IN: DeviceHistory = { installed_at: null, offline: [] };
  // Times around the window, on whole minutes (with its edges among them).
  const time = fc.oneof(
    fc.integer({ min: -48 * 60, max: 8 * 24 * 60 }).map((m) => FROM + m * 60_000),
    fc.constantFrom(FROM, TO),
  );
  const span = fc.tuple(time, fc.integer({ min: 1, max: 48 * 60 })).map(([a, m]): Interval => [a, a + m * 60_000]);
  const changing = fc.record({
    installed_at: fc.option(time, { nil: null }),
    offline: fc.array(span, { maxLength: 5 }),
  });
  // What the read counts instead of listing: online since at or before the window's start,
  // installed at or before it (or unknown): no outage reaches into the window.
  const steady = fc.record({
    installed_at: fc.option(
      fc.integer({ min: 0, max: 30 * 24 }).map((h) => FROM - h * H),
      { nil: null },
    ),
    offline: fc.array(
      fc.integer({ min: 1, max: 30 * 24 }).map((h): Interval => [FROM - (h + 1) * H, FROM - h * H]),
      { maxLength: 3 },
    ),
  });
  const working = fc
    .array(
      fc.tuple(
        time,
        fc.integer({ min: 1, max: 30 * 60 }).map((m) => m * 60_000),
      ),
      { maxLength: 6 },
    )
    .map((list) =>
      mergeIntervals(
        list.map(([a, len]): Interval => [Math.max(FROM, a), Math.min(TO, a + len)]).filter(([a, b]) => b > a),
      ),
    );

  it("gives the same seconds as all of those devices themselves", () => {
    fc.assert(
      fc.property(
        working,
        fc.array(changing, { maxLength: 4 }),
        fc.array(steady, { minLength: 1, maxLength: 4 }),
        (w, c, s) => {
          expect(locationAvailableSeconds(w, [...c, STAND_IN])).toEqual(locationAvailableSeconds(w, [...c, ...s]));
        },
      ),
      { numRuns: 300 },
    );
  });
});
