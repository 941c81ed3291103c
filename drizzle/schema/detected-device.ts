import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { CONNECTED_STATUSES } from "../../contracts/devices/schema.ts";
import { DEVICE_TYPE_UUID } from "../../contracts/reference.ts";
import { uuidPk } from "./common.ts";
import { detectionScanTable } from "./detection-scan.ts";
import { deviceTable } from "./device.ts";
import { deviceTypeTable } from "./device-type.ts";
import { locationUuid } from "./location.ts";
import { spaceUuid } from "./space.ts";

/**
 * A machine found on a location's network by Detect Devices. Only non_connected ones can be
 * installed; installing sets device_uuid (the device it became) and connected_status.
 */
export const detectedDeviceTable = sqliteTable(
  "detected_device",
  {
    uuid: uuidPk(),
    space_uuid: spaceUuid(),
    location_uuid: locationUuid(),
    scan_uuid: text("scan_uuid").references(() => detectionScanTable.uuid, { onDelete: "set null" }),
    name: text("name").notNull().default(""),
    ip_address: text("ip_address").notNull().default(""),
    mac_address: text("mac_address").notNull().default(""),
    device_type_uuid: text("device_type_uuid")
      .notNull()
      .default(DEVICE_TYPE_UUID.unknown)
      .references(() => deviceTypeTable.uuid),
    connected_status: text("connected_status", { enum: CONNECTED_STATUSES }).notNull().default("non_connected"),
    device_uuid: text("device_uuid").references(() => deviceTable.uuid, { onDelete: "set null" }),
    detected_at: text("detected_at").notNull(),
  },
  (t) => [
    index("detected_device_space_uuid_location_uuid_detected_at_idx").on(t.space_uuid, t.location_uuid, t.detected_at),
  ],
);
