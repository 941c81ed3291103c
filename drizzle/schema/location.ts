import { sql } from "drizzle-orm";
import { index, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, ownerUuid, timestamps, uuidPk } from "./common.ts";
import { countryTable } from "./country.ts";
import { locationTypeTable } from "./location-type.ts";
import { spaceUuid } from "./space.ts";

/** The location a row belongs to; the row goes with its location. */
export const locationUuid = () => ownerUuid("location_uuid", () => locationTable.uuid);

const customValue = (n: number) => text(`location_custom_${n}`).notNull().default("");

/**
 * A place where devices stand. Derived in queries, not stored: location_type_name and
 * country_name (joins), tags (location_tag), online_status and totals (aggregates over device),
 * space_timezone and the location_custom_n_alias/_enabled/_required/_unique settings (space).
 * Free-text fields are "" when empty; country and type are null when not chosen.
 */
export const locationTable = sqliteTable(
  "location",
  {
    uuid: uuidPk(),
    space_uuid: spaceUuid(),
    name: text("name").notNull(),
    display_id: text("display_id").notNull().default(""),
    description: text("description").notNull().default(""),
    location_type_uuid: text("location_type_uuid").references(() => locationTypeTable.uuid),
    country_code: text("country_code").references(() => countryTable.code),
    city: text("city").notNull().default(""),
    address: text("address").notNull().default(""),
    zip_code: text("zip_code").notNull().default(""),
    latitude: real("latitude"),
    longitude: real("longitude"),
    timezone: text("timezone").notNull().default(""),
    /** true when the location's timezone is the space's timezone (set on save). */
    global_timezone_enabled: bool("global_timezone_enabled").notNull().default(true),
    /** true: the space's global working time applies; false: the location's own schedule. */
    global_working_time_enabled: bool("global_working_time_enabled").notNull().default(true),
    location_custom_1: customValue(1),
    location_custom_2: customValue(2),
    location_custom_3: customValue(3),
    location_custom_4: customValue(4),
    location_custom_5: customValue(5),
    location_custom_6: customValue(6),
    location_custom_7: customValue(7),
    location_custom_8: customValue(8),
    ...timestamps(),
  },
  (t) => [
    // Orderings Time Added / Time Modified (both directions), uuid as tiebreaker.
    index("location_space_uuid_created_at_idx").on(t.space_uuid, t.created_at, t.uuid),
    index("location_space_uuid_updated_at_idx").on(t.space_uuid, t.updated_at, t.uuid),
    // ?name= lookups and name ordering.
    index("location_space_uuid_name_idx").on(t.space_uuid, t.name),
    // The device list's location_name ordering walks locations by (name, uuid). Unique (uuid
    // is), so SQLite knows the walk's order is total and sorts nothing inside it.
    uniqueIndex("location_space_uuid_name_uuid_idx").on(t.space_uuid, t.name, t.uuid),
    // Filters location_type_uuid and country (country_uuid is mapped to its code).
    index("location_space_uuid_location_type_uuid_idx").on(t.space_uuid, t.location_type_uuid),
    index("location_space_uuid_country_code_idx").on(t.space_uuid, t.country_code),
    // Duplicate display ids answer 409; empty display ids may repeat.
    uniqueIndex("location_space_uuid_display_id_idx").on(t.space_uuid, t.display_id).where(sql`display_id <> ''`),
  ],
);
