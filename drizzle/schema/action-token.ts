import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./common.ts";
import { spaceTable } from "./space.ts";
import { spaceAccountTable } from "./space-account.ts";
import { userUuid } from "./user.ts";

export const ACTION_TOKEN_PURPOSES = ["registration", "space_join", "password_reset", "password_update"] as const;

/**
 * One-time links sent by e-mail (invitation registration, joining a space, password reset and
 * update). Only a SHA-256 hex of the token is stored; used_at marks it consumed.
 */
export const actionTokenTable = sqliteTable(
  "action_token",
  {
    token_hash: text("token_hash").primaryKey(),
    purpose: text("purpose", { enum: ACTION_TOKEN_PURPOSES }).notNull(),
    user_uuid: userUuid(),
    account_uuid: text("account_uuid").references(() => spaceAccountTable.account_uuid, { onDelete: "cascade" }),
    space_uuid: text("space_uuid").references(() => spaceTable.space_uuid, { onDelete: "cascade" }),
    expires_at: text("expires_at").notNull(),
    used_at: text("used_at"),
    created_at: createdAt(),
  },
  (t) => [
    index("action_token_user_uuid_purpose_idx").on(t.user_uuid, t.purpose),
    index("action_token_account_uuid_idx").on(t.account_uuid),
  ],
);
