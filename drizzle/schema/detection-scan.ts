import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, uuidPk } from "./common.ts";
import { locationUuid } from "./location.ts";
import { spaceUuid } from "./space.ts";
import { userTable } from "./user.ts";

/**
 * One Detect Devices run at a location (Last Scan time and total detections). status:
 * pending until a runner answers; completed (devicesDetected, total may be 0) or no_service
 * (noDevicesDetected: no detection service at the location).
 */
export const detectionScanTable = sqliteTable(
  "detection_scan",
  {
    uuid: uuidPk(),
    space_uuid: spaceUuid(),
    location_uuid: locationUuid(),
    requested_by_user_uuid: text("requested_by_user_uuid").references(() => userTable.uuid, { onDelete: "set null" }),
    status: text("status", { enum: ["pending", "completed", "no_service"] })
      .notNull()
      .default("pending"),
    total_detections: integer("total_detections").notNull().default(0),
    created_at: createdAt(),
    completed_at: text("completed_at"),
  },
  (t) => [
    index("detection_scan_space_uuid_location_uuid_created_at_idx").on(t.space_uuid, t.location_uuid, t.created_at),
  ],
);
