import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, json, uuidPk } from "./common.ts";

/** Every catalogue mutation: who, what, when, before/after. space_uuid is null for global events. */
export const auditLogTable = sqliteTable(
  "audit_log",
  {
    uuid: uuidPk(),
    space_uuid: text("space_uuid"),
    actor_user_uuid: text("actor_user_uuid"),
    actor_device_uuid: text("actor_device_uuid"),
    action: text("action").notNull(),
    entity_type: text("entity_type").notNull(),
    entity_uuid: text("entity_uuid"),
    before: json<unknown>("before"),
    after: json<unknown>("after"),
    created_at: createdAt(),
  },
  (t) => [
    index("audit_log_space_uuid_created_at_idx").on(t.space_uuid, t.created_at),
    index("audit_log_entity_uuid_created_at_idx").on(t.entity_uuid, t.created_at),
  ],
);
