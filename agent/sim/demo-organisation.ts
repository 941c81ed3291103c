/**
 * How the demo's locations are organised: tags, location groups and working-time schedules. They
 * refer to locations by key, so they sit beside the location table rather than inside it.
 */
import { DEMO_TABLE, type DemoSpaceKey, demoUuid } from "./demo-ids.ts";

export const DEMO_TAGS: { space: DemoSpaceKey; name: string }[] = [
  { space: "demo", name: "flagship" },
  { space: "demo", name: "pilot" },
  { space: "demo", name: "24/7" },
  { space: "demo", name: "outdoor" },
  { space: "demo", name: "seasonal" },
  { space: "demo", name: "priority" },
  { space: "demo", name: "refurbished" },
  { space: "demo", name: "needs-visit" },
  { space: "lab", name: "lab" },
];
export const tagUuid = (space: DemoSpaceKey, name: string) => {
  const i = DEMO_TAGS.findIndex((t) => t.space === space && t.name === name);
  if (i < 0) throw new Error(`no demo tag ${space}/${name}`);
  return demoUuid(DEMO_TABLE.tag, i + 1);
};

export const DEMO_LOCATION_GROUPS = [
  {
    uuid: demoUuid(DEMO_TABLE.location_group, 1),
    name: "Adriatic Coast",
    active: true,
    locations: ["split_riva", "zadar_mall", "dubrovnik_truck", "pula_home", "rijeka_port"],
  },
  {
    uuid: demoUuid(DEMO_TABLE.location_group, 2),
    name: "Retail Pilot",
    active: true,
    locations: ["split_riva", "zadar_mall", "mostar_old_town"],
  },
  {
    uuid: demoUuid(DEMO_TABLE.location_group, 3),
    name: "Central Europe",
    active: false,
    locations: ["ljubljana_office", "vienna_expo"],
  },
];

type Day = "monday" | "tuesday" | "wednesday" | "thursday" | "friday" | "saturday" | "sunday";
type Schedule = Partial<Record<Day, [start: string, end: string][]>>;
const weekdays = (entries: [string, string][]): Schedule =>
  Object.fromEntries((["monday", "tuesday", "wednesday", "thursday", "friday"] as const).map((d) => [d, entries]));

/** Working time: location key null = the Outpost Demo global schedule. Locations listed here use their own. */
export const DEMO_WORKING_TIME: { location: string | null; schedule: Schedule }[] = [
  {
    location: null,
    schedule: { ...weekdays([["08:00:00", "16:00:00"]]), saturday: [["09:00:00", "13:00:00"]] },
  },
  {
    location: "split_riva",
    schedule: {
      ...weekdays([
        ["08:00:00", "14:00:00"],
        ["17:00:00", "22:00:00"],
      ]),
      saturday: [
        ["08:00:00", "14:00:00"],
        ["17:00:00", "22:00:00"],
      ],
      sunday: [["09:00:00", "13:00:00"]],
    },
  },
  {
    location: "zadar_mall",
    schedule: Object.fromEntries(
      (["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const).map((d) => [
        d,
        [["09:00:00", "21:00:00"]],
      ]),
    ),
  },
  {
    location: "vienna_expo",
    schedule: {
      friday: [["10:00:00", "20:00:00"]],
      saturday: [["10:00:00", "20:00:00"]],
      sunday: [["10:00:00", "18:00:00"]],
    },
  },
];
