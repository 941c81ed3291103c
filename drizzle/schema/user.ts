import { sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, ownerUuid, timestamps, uuidPk } from "./common.ts";

/** The user a row belongs to (tokens, memberships); the row goes with its user. */
export const userUuid = () => ownerUuid("user_uuid", () => userTable.uuid);

/**
 * A person who signs in (identity). Their membership of each space is a space_account,
 * whose uuid is the spec's account_uuid.
 */
export const userTable = sqliteTable(
  "user",
  {
    uuid: uuidPk(),
    email: text("email").notNull(),
    username: text("username").notNull(),
    display_name: text("display_name").notNull().default(""),
    full_name: text("full_name").notNull().default(""),
    /** pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>; empty until the user sets a password. */
    password_hash: text("password_hash").notNull().default(""),
    sys_dev: bool("sys_dev").notNull().default(false),
    super_admin: bool("super_admin").notNull().default(false),
    ...timestamps(),
  },
  (t) => [uniqueIndex("user_email_idx").on(t.email)],
);
