import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, createdAt, isoDefault, nowIso, uuidPk } from "./common.ts";
import { roleTable } from "./role.ts";
import { spaceUuid } from "./space.ts";
import { userUuid } from "./user.ts";

/** A user's membership of a space, with its role and status. Its uuid is the spec's account_uuid. */
export const spaceAccountTable = sqliteTable(
  "space_account",
  {
    account_uuid: uuidPk("account_uuid"),
    space_uuid: spaceUuid(),
    user_uuid: userUuid(),
    role_uuid: text("role_uuid")
      .notNull()
      .references(() => roleTable.uuid),
    status: text("status", { enum: ["invited", "active", "disabled"] })
      .notNull()
      .default("invited"),
    online: bool("online").notNull().default(false),
    last_seen: text("last_seen"),
    invited_on: text("invited_on").notNull().default(isoDefault).$defaultFn(nowIso),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("space_account_space_uuid_user_uuid_idx").on(t.space_uuid, t.user_uuid),
    index("space_account_user_uuid_idx").on(t.user_uuid),
    index("space_account_space_uuid_status_idx").on(t.space_uuid, t.status),
    index("space_account_space_uuid_role_uuid_idx").on(t.space_uuid, t.role_uuid),
  ],
);
