import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { SessionPolicy } from "../../contracts/sessions/schema.ts";
import { bool, createdAt, json, updatedAt } from "./common.ts";
import { locationTable } from "./location.ts";
import { spaceTable, spaceUuid } from "./space.ts";

/**
 * A space's remote-session policy (contracts/sessions/schema.ts): rights per role and recording.
 * No row: the defaults (every right, no recording required).
 */
export const sessionPolicyTable = sqliteTable("session_policy", {
  space_uuid: text("space_uuid")
    .primaryKey()
    .references(() => spaceTable.space_uuid, { onDelete: "cascade" }),
  policy: json<SessionPolicy>("policy").notNull(),
  updated_at: updatedAt(),
});

/** A location's consent prompt settings. No row: consent off. */
export const locationConsentTable = sqliteTable(
  "location_consent",
  {
    location_uuid: text("location_uuid")
      .primaryKey()
      .references(() => locationTable.uuid, { onDelete: "cascade" }),
    space_uuid: spaceUuid(),
    mode: text("mode", { enum: ["off", "prompt", "working_hours"] }).notNull(),
    timeout_s: integer("timeout_s").notNull(),
    default_action: text("default_action", { enum: ["allow", "deny"] }).notNull(),
    banner: bool("banner").notNull(),
  },
  (t) => [index("location_consent_space_uuid_idx").on(t.space_uuid)],
);

/**
 * One recorded remote session: its chunks are R2 objects under recordings/{space}/{session}/.
 * `ended_at` null while it runs; `bytes`/`chunks` grow as chunks are written.
 */
export const sessionRecordingTable = sqliteTable(
  "session_recording",
  {
    session: text("session").primaryKey(),
    space_uuid: spaceUuid(),
    device_uuid: text("device_uuid").notNull(),
    user_uuid: text("user_uuid").notNull(),
    kind: text("kind", { enum: ["terminal", "vnc"] }).notNull(),
    created_at: createdAt(),
    ended_at: text("ended_at"),
    bytes: integer("bytes").notNull().default(0),
    chunks: integer("chunks").notNull().default(0),
  },
  (t) => [
    index("session_recording_space_started_idx").on(t.space_uuid, t.created_at),
    index("session_recording_device_idx").on(t.space_uuid, t.device_uuid, t.created_at),
  ],
);
