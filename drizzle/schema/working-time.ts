import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { uuidPk } from "./common.ts";
import { locationTable } from "./location.ts";
import { spaceUuid } from "./space.ts";

export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;

/**
 * One start–end entry of a weekly schedule (the API's working_time_{day} lists). location_uuid
 * null = the space's global schedule. A day without rows is a day off. position orders the
 * entries of a day (0, 1, …). start/end are hh:mm:ss.
 */
export const workingTimeTable = sqliteTable(
  "working_time",
  {
    uuid: uuidPk(),
    space_uuid: spaceUuid(),
    location_uuid: text("location_uuid").references(() => locationTable.uuid, { onDelete: "cascade" }),
    day: text("day", { enum: WEEKDAYS }).notNull(),
    position: integer("position").notNull().default(0),
    start: text("start").notNull(),
    end: text("end").notNull(),
  },
  (t) => [index("working_time_space_uuid_location_uuid_day_idx").on(t.space_uuid, t.location_uuid, t.day, t.position)],
);
