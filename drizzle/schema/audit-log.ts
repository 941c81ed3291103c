import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, json, uuidPk } from "./common.ts";

/**
 * Every mutation, remote action, session, sign-in and audit read: who (actor kind, uuid and name
 * at the time, request id, client address, user agent), what (action, target type/uuid/name),
 * before/after. space_uuid is null for global events (their own chain).
 *
 * Tamper evidence: `seq` is allocated inside the D1 batch that writes the entry (max+1 of the
 * space, a batch being one transaction), and `hash` = SHA-256(content + prev_hash) is filled in
 * afterwards by the chainer (worker/services/audit/chain.ts); docs/security.md says why.
 */
export const auditLogTable = sqliteTable(
  "audit_log",
  {
    uuid: uuidPk(),
    space_uuid: text("space_uuid"),
    actor_user_uuid: text("actor_user_uuid"),
    actor_device_uuid: text("actor_device_uuid"),
    /** account | api_token | display_link | system */
    actor_kind: text("actor_kind"),
    /** The account's, API token's or display link's uuid. */
    actor_uuid: text("actor_uuid"),
    actor_name: text("actor_name"),
    action: text("action").notNull(),
    entity_type: text("entity_type").notNull(),
    entity_uuid: text("entity_uuid"),
    entity_name: text("entity_name"),
    before: json<unknown>("before"),
    after: json<unknown>("after"),
    request_id: text("request_id"),
    client_address: text("client_address"),
    user_agent: text("user_agent"),
    bytes_in: integer("bytes_in"),
    bytes_out: integer("bytes_out"),
    recording_path: text("recording_path"),
    seq: integer("seq"),
    prev_hash: text("prev_hash"),
    hash: text("hash"),
    created_at: createdAt(),
  },
  (t) => [
    index("audit_log_space_uuid_created_at_idx").on(t.space_uuid, t.created_at),
    index("audit_log_entity_uuid_created_at_idx").on(t.entity_uuid, t.created_at),
    // No two entries of a space share a sequence: a forked chain fails the batch that would fork it.
    uniqueIndex("audit_log_space_uuid_seq_idx").on(t.space_uuid, t.seq),
  ],
);

/**
 * Anchors of a space's chain: `daily` (the last entry of a UTC day, also written to R2) and
 * `prune` (the last entry removed by retention; verification starts from it).
 */
export const auditAnchorTable = sqliteTable(
  "audit_anchor",
  {
    space_key: text("space_key").notNull(),
    kind: text("kind", { enum: ["daily", "prune"] }).notNull(),
    day: text("day").notNull(),
    seq: integer("seq").notNull(),
    hash: text("hash").notNull(),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex("audit_anchor_space_key_kind_day_idx").on(t.space_key, t.kind, t.day)],
);

/** Per-space audit settings; a space without a row keeps entries 400 days. */
export const auditSettingsTable = sqliteTable("audit_settings", {
  space_uuid: text("space_uuid").primaryKey(),
  retention_days: integer("retention_days").notNull().default(400),
});
