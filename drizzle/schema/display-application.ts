import { index, integer, primaryKey, sqliteTable } from "drizzle-orm/sqlite-core";
import { applicationTable } from "./application.ts";
import { json, ownerUuid } from "./common.ts";
import { displayTable } from "./display.ts";
import { spaceUuid } from "./space.ts";

/**
 * An application configured on a display (the displays_configuration). `config` holds the
 * chosen values keyed by the template option's deterministic_id; `position` orders a display's apps.
 */
export const displayApplicationTable = sqliteTable(
  "display_application",
  {
    display_uuid: ownerUuid("display_uuid", () => displayTable.uuid),
    application_uuid: ownerUuid("application_uuid", () => applicationTable.uuid),
    space_uuid: spaceUuid(),
    config: json<Record<string, unknown>>("config").notNull().default({}),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.display_uuid, t.application_uuid] }),
    index("display_application_application_uuid_idx").on(t.application_uuid),
  ],
);
