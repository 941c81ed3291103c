import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { AlertCondition, AlertScope, IncidentDevice, QuietHours } from "../../contracts/alerting/schema.ts";
import {
  CHANNEL_KINDS,
  INCIDENT_STATES,
  MAINTENANCE_SCOPES,
  NOTIFICATION_STATES,
  TIMELINE_KINDS,
} from "../../contracts/alerting/schema.ts";
import { bool, createdAt, json, ownerUuid, timestamps, uuidPk } from "./common.ts";
import { locationUuid } from "./location.ts";
import { spaceUuid } from "./space.ts";
import { userTable } from "./user.ts";

/** A space's alert rule: a condition on the devices of a scope that must hold `duration_s`. */
export const alertRuleTable = sqliteTable(
  "alert_rule",
  {
    uuid: uuidPk(),
    space_uuid: spaceUuid(),
    name: text("name").notNull(),
    condition: json<AlertCondition>("condition").notNull(),
    scope: json<AlertScope>("scope").notNull(),
    duration_s: integer("duration_s").notNull().default(300),
    /** Channel uuids (a channel deleted later is skipped). */
    channels: json<string[]>("channels").notNull().default([]),
    enabled: bool("enabled").notNull().default(true),
    ...timestamps(),
  },
  (t) => [index("alert_rule_space_uuid_name_idx").on(t.space_uuid, t.name)],
);

/**
 * Where notifications go. The webhook secret is stored sealed (worker/services/alerting/secret.ts).
 * `window_started_at`: when the channel last sent an incident at once; for 5 minutes after it, further
 * incidents go into a digest (store.ts).
 */
export const alertChannelTable = sqliteTable(
  "alert_channel",
  {
    uuid: uuidPk(),
    space_uuid: spaceUuid(),
    name: text("name").notNull(),
    kind: text("kind", { enum: CHANNEL_KINDS }).notNull(),
    target: text("target").notNull(),
    secret: text("secret"),
    enabled: bool("enabled").notNull().default(true),
    delivered_count: integer("delivered_count").notNull().default(0),
    dead_count: integer("dead_count").notNull().default(0),
    last_error: text("last_error"),
    last_error_at: text("last_error_at"),
    last_delivered_at: text("last_delivered_at"),
    window_started_at: text("window_started_at"),
    /** The digest still gathering incidents (null once it is being sent), and when the latest digest is due. */
    digest_uuid: text("digest_uuid"),
    digest_due_at: text("digest_due_at"),
    ...timestamps(),
  },
  (t) => [index("alert_channel_space_uuid_name_idx").on(t.space_uuid, t.name)],
);

/**
 * One incident per (rule, location) while it is not resolved (the partial unique index). The rule's
 * and location's names are kept so the record reads the same after either is renamed or deleted.
 */
export const incidentTable = sqliteTable(
  "incident",
  {
    uuid: uuidPk(),
    space_uuid: spaceUuid(),
    rule_uuid: text("rule_uuid").notNull(),
    rule_name: text("rule_name").notNull(),
    condition_kind: text("condition_kind").notNull(),
    location_uuid: locationUuid(),
    location_name: text("location_name").notNull(),
    state: text("state", { enum: INCIDENT_STATES }).notNull(),
    suppressed_reason: text("suppressed_reason", { enum: ["maintenance", "outside_working_hours"] }),
    devices: json<IncidentDevice[]>("devices").notNull().default([]),
    peak_devices: integer("peak_devices").notNull().default(0),
    opened_at: text("opened_at").notNull(),
    acknowledged_by_uuid: text("acknowledged_by_uuid"),
    acknowledged_by_name: text("acknowledged_by_name"),
    acknowledged_at: text("acknowledged_at"),
    resolved_by_uuid: text("resolved_by_uuid"),
    resolved_by_name: text("resolved_by_name"),
    resolved_at: text("resolved_at"),
    note: text("note"),
    /** When this incident (or its reopening) was last put on a channel: the flapping bound. */
    notified_at: text("notified_at"),
    updated_at: text("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("incident_rule_location_live_idx").on(t.rule_uuid, t.location_uuid).where(sql`state <> 'resolved'`),
    index("incident_space_uuid_opened_at_idx").on(t.space_uuid, t.opened_at),
    index("incident_space_uuid_state_idx").on(t.space_uuid, t.state, t.opened_at),
    index("incident_rule_location_resolved_idx").on(t.rule_uuid, t.location_uuid, t.resolved_at),
  ],
);

/** An incident's timeline: devices joining and leaving, notifications, acknowledgements. */
export const incidentEventTable = sqliteTable(
  "incident_event",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    space_uuid: spaceUuid(),
    incident_uuid: ownerUuid("incident_uuid", () => incidentTable.uuid),
    at: text("at").notNull(),
    kind: text("kind", { enum: TIMELINE_KINDS }).notNull(),
    device_uuid: text("device_uuid"),
    device_name: text("device_name"),
    account_uuid: text("account_uuid"),
    account_name: text("account_name"),
    channel_uuid: text("channel_uuid"),
    channel_name: text("channel_name"),
    channel_kind: text("channel_kind", { enum: CHANNEL_KINDS }),
    note: text("note"),
  },
  (t) => [
    index("incident_event_incident_uuid_id_idx").on(t.incident_uuid, t.id),
    index("incident_event_space_uuid_id_idx").on(t.space_uuid, t.id),
  ],
);

/**
 * One notification on one channel, carried by the alerts Queue (at-least-once). The idempotency
 * key travels with every attempt so a receiver that deduplicates sees it once.
 */
export const alertNotificationTable = sqliteTable(
  "alert_notification",
  {
    uuid: uuidPk(),
    space_uuid: spaceUuid(),
    channel_uuid: ownerUuid("channel_uuid", () => alertChannelTable.uuid),
    incident_uuid: text("incident_uuid"),
    kind: text("kind", { enum: ["incident", "digest", "test"] }).notNull(),
    idempotency_key: text("idempotency_key").notNull(),
    subject: text("subject").notNull(),
    /** The incidents a digest lists (uuids), appended while its window is open. */
    incidents: json<string[]>("incidents").notNull().default([]),
    state: text("state", { enum: NOTIFICATION_STATES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    last_error: text("last_error"),
    /** When the condition was detected (the incident opened): detection → delivery latency. */
    detected_at: text("detected_at"),
    created_at: createdAt(),
    delivered_at: text("delivered_at"),
  },
  (t) => [
    uniqueIndex("alert_notification_idempotency_key_idx").on(t.idempotency_key),
    index("alert_notification_channel_uuid_created_at_idx").on(t.channel_uuid, t.created_at),
  ],
);

/** A maintenance window on a location, a group or a tag: incidents inside it are suppressed. */
export const maintenanceWindowTable = sqliteTable(
  "maintenance_window",
  {
    uuid: uuidPk(),
    space_uuid: spaceUuid(),
    scope_kind: text("scope_kind", { enum: MAINTENANCE_SCOPES }).notNull(),
    scope_uuid: text("scope_uuid").notNull(),
    scope_name: text("scope_name").notNull(),
    start: text("start").notNull(),
    end: text("end").notNull(),
    reason: text("reason").notNull(),
    created_by_uuid: text("created_by_uuid"),
    created_by_name: text("created_by_name"),
    created_at: createdAt(),
  },
  (t) => [index("maintenance_window_space_uuid_end_idx").on(t.space_uuid, t.end)],
);

/** A user's notification preferences (one row, all spaces) and where they last read each space's bell. */
export const notificationPreferenceTable = sqliteTable(
  "notification_preference",
  {
    user_uuid: ownerUuid("user_uuid", () => userTable.uuid),
    channels: json<("email" | "bell")[]>("channels").notNull().default(["email", "bell"]),
    quiet_hours: json<QuietHours | null>("quiet_hours"),
    spaces: json<string[]>("spaces").notNull().default([]),
    updated_at: text("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.user_uuid] })],
);

export const bellSeenTable = sqliteTable(
  "incident_bell_seen",
  {
    user_uuid: ownerUuid("user_uuid", () => userTable.uuid),
    space_uuid: spaceUuid(),
    seen_at: text("seen_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.user_uuid, t.space_uuid] })],
);
