import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, json, uuidPk } from "./common.ts";
import { deviceTable } from "./device.ts";

/** What an agent reports about its machine at registration or enrolment (stored as given). */
export type AgentInventoryRecord = Record<string, unknown>;

/**
 * An agent that registered without an installation code and shows its uuid as a QR code. It
 * belongs to no space until an operator scans the QR (POST /device/{uuid}/installation/), which
 * claims it for that device; the agent then collects its credential with its `secret` (only a
 * SHA-256 hex is stored). The device table cannot hold these rows: a device needs a space and a
 * name. device.unclaimed_device_uuid records which registration installed a device.
 */
export const unclaimedDeviceTable = sqliteTable(
  "unclaimed_device",
  {
    uuid: uuidPk(),
    secret_hash: text("secret_hash").notNull(),
    machine_id: text("machine_id"),
    inventory: json<AgentInventoryRecord>("inventory"),
    created_at: createdAt(),
    /** A registration can be claimed until then (the same 24 h as an installation code). */
    expires_at: text("expires_at").notNull(),
    claimed_at: text("claimed_at"),
    claimed_device_uuid: text("claimed_device_uuid").references(() => deviceTable.uuid, { onDelete: "set null" }),
    /** Set once the agent has collected its credential: the registration is used up. */
    enrolled_at: text("enrolled_at"),
  },
  (t) => [index("unclaimed_device_claimed_device_uuid_idx").on(t.claimed_device_uuid)],
);
