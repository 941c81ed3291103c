import { index, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { bool, timestamps, uuidPk } from "./common.ts";
import { locationTable } from "./location.ts";
import { spaceTable } from "./space.ts";

/** A named set of locations. locations and locations_number are derived from the link table. */
export const locationGroupTable = sqliteTable(
  "location_group",
  {
    uuid: uuidPk(),
    space_uuid: text("space_uuid")
      .notNull()
      .references(() => spaceTable.space_uuid, { onDelete: "cascade" }),
    name: text("name").notNull(),
    active: bool("active").notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    // Orderings Time Added (default -created_at), Active Status, Time Modified; uuid tiebreaker.
    index("location_group_space_uuid_created_at_idx").on(t.space_uuid, t.created_at, t.uuid),
    index("location_group_space_uuid_active_idx").on(t.space_uuid, t.active, t.uuid),
    index("location_group_space_uuid_updated_at_idx").on(t.space_uuid, t.updated_at, t.uuid),
  ],
);

/** Membership of a location in a group (location_uuids on add/edit). */
export const locationGroupLocationTable = sqliteTable(
  "location_group_location",
  {
    location_group_uuid: text("location_group_uuid")
      .notNull()
      .references(() => locationGroupTable.uuid, { onDelete: "cascade" }),
    location_uuid: text("location_uuid")
      .notNull()
      .references(() => locationTable.uuid, { onDelete: "cascade" }),
    space_uuid: text("space_uuid")
      .notNull()
      .references(() => spaceTable.space_uuid, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.location_group_uuid, t.location_uuid] }),
    index("location_group_location_location_uuid_idx").on(t.location_uuid),
  ],
);
