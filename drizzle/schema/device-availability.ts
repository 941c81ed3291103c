import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { deviceTable } from "./device.ts";
import { spaceTable } from "./space.ts";

/** Seconds online per device per UTC day (YYYY-MM-DD), for the Reports tab. */
export const deviceAvailabilityTable = sqliteTable(
  "device_availability",
  {
    space_uuid: text("space_uuid")
      .notNull()
      .references(() => spaceTable.space_uuid, { onDelete: "cascade" }),
    device_uuid: text("device_uuid")
      .notNull()
      .references(() => deviceTable.uuid, { onDelete: "cascade" }),
    day: text("day").notNull(),
    online_seconds: integer("online_seconds").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.device_uuid, t.day] }),
    index("device_availability_space_uuid_day_idx").on(t.space_uuid, t.day),
  ],
);
