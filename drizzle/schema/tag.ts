import { index, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, ownerUuid, uuidPk } from "./common.ts";
import { deviceUuid } from "./device.ts";
import { locationUuid } from "./location.ts";
import { spaceUuid } from "./space.ts";

/** A space's label for devices and locations (name ≤ 20). total_number is derived from the links. */
export const tagTable = sqliteTable(
  "tag",
  {
    uuid: uuidPk(),
    space_uuid: spaceUuid(),
    name: text("name").notNull(),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex("tag_space_uuid_name_idx").on(t.space_uuid, t.name)],
);

export const locationTagTable = sqliteTable(
  "location_tag",
  {
    location_uuid: locationUuid(),
    tag_uuid: ownerUuid("tag_uuid", () => tagTable.uuid),
    space_uuid: spaceUuid(),
  },
  (t) => [
    primaryKey({ columns: [t.location_uuid, t.tag_uuid] }),
    // Filter locations by tag_uuid (covering: tag → location uuids).
    index("location_tag_tag_uuid_idx").on(t.tag_uuid, t.location_uuid),
  ],
);

export const deviceTagTable = sqliteTable(
  "device_tag",
  {
    device_uuid: deviceUuid(),
    tag_uuid: ownerUuid("tag_uuid", () => tagTable.uuid),
    space_uuid: spaceUuid(),
  },
  (t) => [
    primaryKey({ columns: [t.device_uuid, t.tag_uuid] }),
    // Filter devices by tag_uuid (covering: tag → device uuids).
    index("device_tag_tag_uuid_idx").on(t.tag_uuid, t.device_uuid),
  ],
);
