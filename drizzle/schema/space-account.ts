import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, isoDefault, nowIso } from "./common.ts";
import { roleTable } from "./role.ts";
import { spaceTable } from "./space.ts";
import { userTable } from "./user.ts";

/** A user's membership of a space, with its role and status. Its uuid is the spec's account_uuid. */
export const spaceAccountTable = sqliteTable(
  "space_account",
  {
    account_uuid: text("account_uuid")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    space_uuid: text("space_uuid")
      .notNull()
      .references(() => spaceTable.space_uuid, { onDelete: "cascade" }),
    user_uuid: text("user_uuid")
      .notNull()
      .references(() => userTable.uuid, { onDelete: "cascade" }),
    role_uuid: text("role_uuid")
      .notNull()
      .references(() => roleTable.uuid),
    status: text("status", { enum: ["invited", "active", "disabled"] })
      .notNull()
      .default("invited"),
    online: bool("online").notNull().default(false),
    last_seen: text("last_seen"),
    invited_on: text("invited_on").notNull().default(isoDefault).$defaultFn(nowIso),
    created_at: text("created_at").notNull().default(isoDefault).$defaultFn(nowIso),
  },
  (t) => [
    uniqueIndex("space_account_space_uuid_user_uuid_idx").on(t.space_uuid, t.user_uuid),
    index("space_account_user_uuid_idx").on(t.user_uuid),
    index("space_account_space_uuid_status_idx").on(t.space_uuid, t.status),
    index("space_account_space_uuid_role_uuid_idx").on(t.space_uuid, t.role_uuid),
  ],
);
