import { primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ownerUuid, uuidPk } from "./common.ts";
import { deviceTypeTable } from "./device-type.ts";

/** Computer, Single-board computer, TV box, Camera, Unknown (global reference data). */
export const deviceCategoryTable = sqliteTable("device_category", {
  uuid: uuidPk(),
  name: text("name").notNull(),
});

/** Which device types belong to which category (GET /device/category-type/items/). */
export const deviceCategoryTypeTable = sqliteTable(
  "device_category_type",
  {
    device_category_uuid: ownerUuid("device_category_uuid", () => deviceCategoryTable.uuid),
    device_type_uuid: ownerUuid("device_type_uuid", () => deviceTypeTable.uuid),
  },
  (t) => [primaryKey({ columns: [t.device_category_uuid, t.device_type_uuid] })],
);
