import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, uuidPk } from "./common.ts";
import { spaceUuid } from "./space.ts";
import { userUuid } from "./user.ts";

/**
 * A named view of a list: the list's URL query string (filters, ordering, view)
 * saved by one account in one space, shown only to that account. `list` names the list
 * ("devices", "locations", …); the name is unique per account, space and list.
 */
export const savedViewTable = sqliteTable(
  "saved_view",
  {
    uuid: uuidPk(),
    space_uuid: spaceUuid(),
    user_uuid: userUuid(),
    list: text("list").notNull(),
    name: text("name").notNull(),
    query: text("query").notNull(),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("saved_view_space_user_list_name_idx").on(t.space_uuid, t.user_uuid, t.list, t.name),
    index("saved_view_user_uuid_idx").on(t.user_uuid),
  ],
);
