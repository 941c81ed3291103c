import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { OUTAGE_CAUSES } from "../../contracts/devices/presence.ts";
import { deviceUuid } from "./device.ts";
import { spaceUuid } from "./space.ts";

/**
 * A device's offline spans, the ground truth of availability: a row is written when an online
 * streak ends (started_at = when the device was last heard, ended_at null) and closed when the
 * device comes back (ended_at = the new streak's start). Two writes per outage, none per
 * heartbeat. Rows are kept as long as the device is (at least the 400 days an SLA report reads).
 */
export const deviceOutageTable = sqliteTable(
  "device_outage",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    space_uuid: spaceUuid(),
    device_uuid: deviceUuid(),
    started_at: text("started_at").notNull(),
    /** null while the device is still offline. */
    ended_at: text("ended_at"),
    cause: text("cause", { enum: OUTAGE_CAUSES }).notNull().default("unknown"),
  },
  (t) => [
    // A device's outages in a window, and its open one (the reads of the wall and the Reports tab).
    index("device_outage_device_uuid_started_at_idx").on(t.device_uuid, t.started_at),
    // Its open outage alone (the one a reconnect closes, or an offline write must not open twice),
    // without walking a flapping device's history.
    index("device_outage_open_idx").on(t.device_uuid).where(sql`ended_at is null`),
  ],
);
