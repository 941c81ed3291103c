import { sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { uuidPk } from "./common.ts";

/** ISO 3166-1 countries (global reference data). Locations refer to them by alpha-2 `code`. */
export const countryTable = sqliteTable(
  "country",
  {
    uuid: uuidPk(),
    name: text("name").notNull(),
    code: text("code").notNull(),
  },
  (t) => [uniqueIndex("country_code_idx").on(t.code)],
);
