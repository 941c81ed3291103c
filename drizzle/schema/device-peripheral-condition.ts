import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { MonitoredPeripheralType } from "../../contracts/devices/health.ts";
import { deviceUuid, type HealthCode } from "./device.ts";
import { spaceUuid } from "./space.ts";

/**
 * Per device, the worst condition of each monitored peripheral type it reported in its latest
 * telemetry (contracts/devices/health.ts MONITORED_PERIPHERAL_TYPES; other types only count towards the
 * device's peripherals_condition). Written by recordTelemetry with the device's update; read by
 * the monitoring counts (grouped by type) and the `heading=<type>&condition=` filter.
 */
export const devicePeripheralConditionTable = sqliteTable(
  "device_peripheral_condition",
  {
    space_uuid: spaceUuid(),
    device_uuid: deviceUuid(),
    type: text("type").$type<MonitoredPeripheralType>().notNull(),
    condition: integer("condition").$type<HealthCode>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.device_uuid, t.type] }),
    // Counts per type (condition ≥ 2) and the devices of one type at one condition, from the index alone.
    index("device_peripheral_condition_space_uuid_type_idx").on(t.space_uuid, t.type, t.condition, t.device_uuid),
  ],
);
