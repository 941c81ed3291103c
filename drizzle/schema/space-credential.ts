import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, uuidPk } from "./common.ts";
import { spaceUuid } from "./space.ts";
import { userTable } from "./user.ts";

/**
 * Wall display links and space API tokens: scoped, revocable bearer credentials of a
 * space. Only a SHA-256 hex of the secret is stored. The group/location scope is kept without a
 * foreign key on purpose: deleting the group must not widen a narrowed link to the whole space
 * (a scope naming nothing shows nothing).
 */
export const spaceCredentialTable = sqliteTable(
  "space_credential",
  {
    uuid: uuidPk(),
    space_uuid: spaceUuid(),
    kind: text("kind", { enum: ["display_link", "api_token"] }).notNull(),
    name: text("name").notNull(),
    scope: text("scope", { enum: ["read", "operator"] })
      .notNull()
      .default("read"),
    location_group_uuid: text("location_group_uuid"),
    location_uuid: text("location_uuid"),
    secret_hash: text("secret_hash").notNull(),
    created_by_user_uuid: text("created_by_user_uuid").references(() => userTable.uuid, { onDelete: "set null" }),
    created_at: createdAt(),
    expires_at: text("expires_at"),
    last_used_at: text("last_used_at"),
    last_used_ip: text("last_used_ip"),
    revoked_at: text("revoked_at"),
  },
  (t) => [
    uniqueIndex("space_credential_secret_hash_idx").on(t.secret_hash),
    index("space_credential_space_uuid_kind_created_at_idx").on(t.space_uuid, t.kind, t.created_at),
  ],
);
