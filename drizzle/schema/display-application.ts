import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { applicationTable } from "./application.ts";
import { json } from "./common.ts";
import { displayTable } from "./display.ts";
import { spaceTable } from "./space.ts";

/**
 * An application configured on a display (the displays_configuration). `config` holds the
 * chosen values keyed by the template option's deterministic_id; `position` orders a display's apps.
 */
export const displayApplicationTable = sqliteTable(
  "display_application",
  {
    display_uuid: text("display_uuid")
      .notNull()
      .references(() => displayTable.uuid, { onDelete: "cascade" }),
    application_uuid: text("application_uuid")
      .notNull()
      .references(() => applicationTable.uuid, { onDelete: "cascade" }),
    space_uuid: text("space_uuid")
      .notNull()
      .references(() => spaceTable.space_uuid, { onDelete: "cascade" }),
    config: json<Record<string, unknown>>("config").notNull().default({}),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.display_uuid, t.application_uuid] }),
    index("display_application_application_uuid_idx").on(t.application_uuid),
  ],
);
