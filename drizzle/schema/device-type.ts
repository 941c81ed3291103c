import { sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { uuidPk } from "./common.ts";

/** Linux Computer/LNX, Windows Computer/WIN, … (global reference data). */
export const deviceTypeTable = sqliteTable(
  "device_type",
  {
    uuid: uuidPk(),
    name: text("name").notNull(),
    shorthand: text("shorthand").notNull(),
  },
  // The device list's device_type_name ordering walks the types by (name, uuid) (unique, as uuid is).
  (t) => [uniqueIndex("device_type_name_uuid_idx").on(t.name, t.uuid)],
);
