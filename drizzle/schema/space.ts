import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { bool, ownerUuid, timestamps } from "./common.ts";

/** The space a row belongs to (the tenant); the row goes with its space. */
export const spaceUuid = () => ownerUuid("space_uuid", () => spaceTable.space_uuid);

const alias = (name: string) => text(name).notNull().default("");
const flag = (name: string) => bool(name).notNull().default(false);

/**
 * The space's settings of location custom field n: its alias and whether it is enabled,
 * required and unique (location.ts holds the values, location_custom_n).
 */
const customFieldSettings = <N extends number>(n: N) =>
  ({
    [`location_custom_${n}_alias`]: alias(`location_custom_${n}_alias`),
    [`location_custom_${n}_enabled`]: flag(`location_custom_${n}_enabled`),
    [`location_custom_${n}_required`]: flag(`location_custom_${n}_required`),
    [`location_custom_${n}_unique`]: flag(`location_custom_${n}_unique`),
  }) as Record<`location_custom_${N}_alias`, ReturnType<typeof alias>> &
    Record<`location_custom_${N}_${"enabled" | "required" | "unique"}`, ReturnType<typeof flag>>;

/** A space (organisation): the tenant. Carries the 8 location custom-field settings and the timezone. */
export const spaceTable = sqliteTable("space", {
  space_uuid: text("space_uuid").primaryKey(),
  space_name: text("space_name").notNull(),
  space_type: text("space_type").notNull().default("organization"),
  space_datacenter: text("space_datacenter").notNull().default("local"),
  timezone: text("timezone").notNull().default("UTC"),
  global_working_time_enabled: bool("global_working_time_enabled").notNull().default(false),
  /** Display captures: seconds between two (60–3600), days they are kept, whether Viewers see them. */
  capture_interval_s: integer("capture_interval_s").notNull().default(300),
  capture_retention_days: integer("capture_retention_days").notNull().default(7),
  viewers_see_captures: bool("viewers_see_captures").notNull().default(true),
  ...customFieldSettings(1),
  ...customFieldSettings(2),
  ...customFieldSettings(3),
  ...customFieldSettings(4),
  ...customFieldSettings(5),
  ...customFieldSettings(6),
  ...customFieldSettings(7),
  ...customFieldSettings(8),
  ...timestamps(),
});
