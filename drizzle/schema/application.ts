import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { json, timestamps } from "./common.ts";

export type ApplicationOption = {
  type: "text_input" | "toggle" | "select" | "radio";
  deterministic_id: string;
  name: string;
  placeholder_text?: string;
  default_value?: unknown;
  possibilities?: ({ name: string; value: unknown } | { text: string; value: unknown })[];
};
export type ApplicationTemplate = {
  header: string;
  description: string;
  configurable_options: ApplicationOption[];
};
/** Edited as free JSON in the Admin Panel; `template` drives the display configuration form. */
export type ApplicationConfig = { template?: ApplicationTemplate; [key: string]: unknown };

/**
 * An application that runs on displays (global, managed in the Admin Panel). `id` is the
 * spec's numeric id (/applications/{appId}); `uuid` is what displays refer to. Names are unique
 * regardless of case (application_name_unique_idx).
 */
export const applicationTable = sqliteTable(
  "application",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    uuid: text("uuid")
      .notNull()
      .$defaultFn(() => crypto.randomUUID()),
    name: text("name").notNull(),
    config: json<ApplicationConfig>("config").notNull().default({}),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("application_uuid_idx").on(t.uuid),
    index("application_name_idx").on(t.name),
    uniqueIndex("application_name_unique_idx").on(sql`lower(${t.name})`),
  ],
);
