import { index, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { bool, ownerUuid, timestamps, uuidPk } from "./common.ts";
import { locationUuid } from "./location.ts";
import { spaceUuid } from "./space.ts";

/** A named set of locations. locations and locations_number are derived from the link table. */
export const locationGroupTable = sqliteTable(
  "location_group",
  {
    uuid: uuidPk(),
    space_uuid: spaceUuid(),
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
    location_group_uuid: ownerUuid("location_group_uuid", () => locationGroupTable.uuid),
    location_uuid: locationUuid(),
    space_uuid: spaceUuid(),
  },
  (t) => [
    primaryKey({ columns: [t.location_group_uuid, t.location_uuid] }),
    index("location_group_location_location_uuid_idx").on(t.location_uuid),
  ],
);
