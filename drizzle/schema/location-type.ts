import { sqliteTable, text } from "drizzle-orm/sqlite-core";
import { uuidPk } from "./common.ts";

/** Office Building, Shop, … (global reference data, fixed uuids in contracts/reference.ts). */
export const locationTypeTable = sqliteTable("location_type", {
  uuid: uuidPk(),
  name: text("name").notNull(),
});
