import { sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { uuidPk } from "./common.ts";

/** Admin, Content Manager, Viewer (reference data). `code` is what the server checks. */
export const roleTable = sqliteTable(
  "role",
  {
    uuid: uuidPk(),
    name: text("name").notNull(),
    code: text("code", { enum: ["admin", "content_manager", "viewer"] }).notNull(),
  },
  (t) => [uniqueIndex("role_code_idx").on(t.code)],
);
