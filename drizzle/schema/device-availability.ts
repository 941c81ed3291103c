import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { deviceUuid } from "./device.ts";
import { spaceUuid } from "./space.ts";

/** Seconds online per device per UTC day (YYYY-MM-DD), for the Reports tab. */
export const deviceAvailabilityTable = sqliteTable(
  "device_availability",
  {
    space_uuid: spaceUuid(),
    device_uuid: deviceUuid(),
    day: text("day").notNull(),
    online_seconds: integer("online_seconds").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.device_uuid, t.day] }),
    index("device_availability_space_uuid_day_idx").on(t.space_uuid, t.day),
  ],
);
