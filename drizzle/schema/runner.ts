import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { json, timestamps, uuidPk } from "./common.ts";

/** A runner definition (global, Admin Panel; edited as JSON, saved only by system developers). */
export const runnerTable = sqliteTable(
  "runner",
  {
    uuid: uuidPk(),
    name: text("name").notNull(),
    config: json<Record<string, unknown>>("config").notNull().default({}),
    ...timestamps(),
  },
  (t) => [index("runner_name_idx").on(t.name)],
);
