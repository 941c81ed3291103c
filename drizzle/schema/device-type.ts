import { sqliteTable, text } from "drizzle-orm/sqlite-core";
import { uuidPk } from "./common.ts";

/** Linux Computer/LNX, Windows Computer/WIN, … (global reference data). */
export const deviceTypeTable = sqliteTable("device_type", {
  uuid: uuidPk(),
  name: text("name").notNull(),
  shorthand: text("shorthand").notNull(),
});
