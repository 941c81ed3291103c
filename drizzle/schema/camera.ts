import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamps, uuidPk } from "./common.ts";
import { deviceTable } from "./device.ts";
import { locationUuid } from "./location.ts";
import { spaceUuid } from "./space.ts";

/**
 * An IP camera's connection settings at a location; device_uuid links the camera-type device
 * that represents it in the device list. The password is stored as given (it is needed to
 * open the stream); never return it in list replies.
 */
export const cameraTable = sqliteTable(
  "camera",
  {
    uuid: uuidPk(),
    space_uuid: spaceUuid(),
    location_uuid: locationUuid(),
    device_uuid: text("device_uuid").references(() => deviceTable.uuid, { onDelete: "set null" }),
    name: text("name").notNull().default(""),
    ip_address: text("ip_address").notNull(),
    http_port: integer("http_port").notNull(),
    main_rtsp_port: integer("main_rtsp_port").notNull(),
    sub_rtsp_port: integer("sub_rtsp_port"),
    main_rtsp_url: text("main_rtsp_url").notNull().default(""),
    main_stream: text("main_stream").notNull(),
    sub_stream: text("sub_stream").notNull().default(""),
    username: text("username").notNull(),
    password: text("password").notNull(),
    ...timestamps(),
  },
  (t) => [
    index("camera_space_uuid_location_uuid_idx").on(t.space_uuid, t.location_uuid),
    index("camera_device_uuid_idx").on(t.device_uuid),
  ],
);
