import { sql } from "drizzle-orm";
import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { json, timestamps, uuidPk } from "./common.ts";

/**
 * A runner definition (global, Admin Panel; edited as JSON, saved only by system developers).
 * Names are unique regardless of case (runner_name_unique_idx).
 */
export const runnerTable = sqliteTable(
  "runner",
  {
    uuid: uuidPk(),
    name: text("name").notNull(),
    config: json<Record<string, unknown>>("config").notNull().default({}),
    ...timestamps(),
  },
  (t) => [index("runner_name_idx").on(t.name), uniqueIndex("runner_name_unique_idx").on(sql`lower(${t.name})`)],
);
