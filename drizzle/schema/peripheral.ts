import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { bool, timestamps, uuidPk } from "./common.ts";
import { deviceUuid } from "./device.ts";
import { peripheralTypeTable } from "./peripheral-type.ts";
import { spaceUuid } from "./space.ts";

/** A peripheral attached to a device (the "Misc" list). device_type_name comes from peripheral_type. */
export const peripheralTable = sqliteTable(
  "peripheral",
  {
    uuid: uuidPk(),
    space_uuid: spaceUuid(),
    device_uuid: deviceUuid(),
    peripheral_type_uuid: text("peripheral_type_uuid")
      .notNull()
      .references(() => peripheralTypeTable.uuid),
    name: text("name").notNull(),
    enabled: bool("enabled").notNull().default(true),
    manufacturer: text("manufacturer").notNull().default(""),
    model: text("model").notNull().default(""),
    communication_protocol: text("communication_protocol").notNull().default(""),
    currency: text("currency").notNull().default(""),
    serial_number: text("serial_number").notNull().default(""),
    firmware: text("firmware").notNull().default(""),
    protocol_details: text("protocol_details").notNull().default(""),
    /** Health code 0/1/2/3 (as in peripherals_status). */
    status: integer("status").notNull().default(0),
    ...timestamps(),
  },
  (t) => [index("peripheral_space_uuid_device_uuid_idx").on(t.space_uuid, t.device_uuid)],
);
