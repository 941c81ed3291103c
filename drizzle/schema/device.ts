import { sql } from "drizzle-orm";
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { z } from "zod";
import type { Telemetry } from "../../contracts/devices/detail.ts";
import { DEVICE_HEADINGS } from "../../contracts/devices/health.ts";
import { CONNECTED_STATUSES, DEVICE_CLASSES, VISION_STATES } from "../../contracts/devices/schema.ts";
import { DEVICE_CATEGORY_UUID, DEVICE_TYPE_UUID } from "../../contracts/reference.ts";
import { bool, json, ownerUuid, timestamps, uuidPk } from "./common.ts";
import { deviceCategoryTable } from "./device-category.ts";
import { deviceTypeTable } from "./device-type.ts";
import { locationTable } from "./location.ts";
import { spaceUuid } from "./space.ts";
import { userTable } from "./user.ts";

/** Health codes of the condition columns: 0 Healthy, 1 (icon only), 2 Warning, 3 Critical; null = no data. */
export type HealthCode = 0 | 1 | 2 | 3;

export type GraphicCard = { model: string };
export type StorageDrive = { name: string; model: string; capacity: number };
/** A reported peripheral's worst status (`type` as the agent names it; absent in rows older than #12). */
export type PeripheralStatusItem = { device: string; type?: string; status: number };

/** The spec's Telemetry, as last reported by the agent (history lives in the DeviceRoom). */
export type DeviceTelemetry = NonNullable<z.infer<typeof Telemetry>>;

/** The device a row belongs to (its displays, peripherals, credentials, …); the row goes with its device. */
export const deviceUuid = () => ownerUuid("device_uuid", () => deviceTable.uuid);

const condition = (name: string) => integer(name).$type<HealthCode>();
/** The device's own heading columns, bare, for own_condition. */
const OWN = DEVICE_HEADINGS.map((h) => h.column).join(", ");
/** problem_rank's expression (see the column). */
const PROBLEM_RANK =
  "(case when connected_status = 'archived' then '0'" +
  " when connected_status = 'connected' and online = 0 then '9' || coalesce(last_seen, '')" +
  " when combined_status is null then '1' else '2' || combined_status end)";

/**
 * A runner device or camera of a space. Derived in queries, not stored: space_name,
 * location_name, device_type_name/shorthand, device_category_name (joins), tags/tag_uuids
 * (device_tag), displays, peripherals, comments, installation_code_expires_at. The installation
 * code value is never stored (installation_code keeps only its hash). Presence is written by
 * the DeviceRoom: online, last_seen, online_since.
 */
export const deviceTable = sqliteTable(
  "device",
  {
    uuid: uuidPk(),
    space_uuid: spaceUuid(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    device_type_uuid: text("device_type_uuid")
      .notNull()
      .default(DEVICE_TYPE_UUID.unknown)
      .references(() => deviceTypeTable.uuid),
    device_category_uuid: text("device_category_uuid")
      .notNull()
      .default(DEVICE_CATEGORY_UUID.unknown)
      .references(() => deviceCategoryTable.uuid),
    device_class: text("device_class", { enum: DEVICE_CLASSES }),
    connected_status: text("connected_status", { enum: CONNECTED_STATUSES }).notNull().default("non_connected"),
    online: bool("online").notNull().default(false),
    enabled: bool("enabled").notNull().default(true),
    debug_mode: bool("debug_mode").notNull().default(false),
    /** The vision state machine (the spec's vision_enabled field and filter). */
    vision_enabled: text("vision_enabled", { enum: VISION_STATES }).notNull().default("disabled"),
    demo_mode: bool("demo_mode").notNull().default(false),
    location_uuid: text("location_uuid").references(() => locationTable.uuid, { onDelete: "set null" }),
    ...timestamps(),
    installed_at: text("installed_at"),
    /** Last heartbeat; while offline it is also the start of the offline streak. */
    last_seen: text("last_seen"),
    /** Start of the current online streak; null while offline. */
    online_since: text("online_since"),
    telemetry_updated_at: text("telemetry_updated_at"),
    installation_date: text("installation_date"),
    installation_image_uuid: text("installation_image_uuid"),
    installation_image_name: text("installation_image_name"),
    salt_minion_id: text("salt_minion_id"),
    machine_id: text("machine_id"),
    local_ip_addresses: json<string[]>("local_ip_addresses").notNull().default([]),
    external_ip_address: text("external_ip_address"),
    ip_address: text("ip_address"),
    mac_addresses: json<string[]>("mac_addresses").notNull().default([]),
    operating_system_name: text("operating_system_name"),
    operating_system_version: text("operating_system_version"),
    operating_system_architecture: text("operating_system_architecture"),
    motherboard_manufacturer: text("motherboard_manufacturer"),
    /** Also exposed as mainboard_product_name. */
    motherboard_product_name: text("motherboard_product_name"),
    cpu_model: text("cpu_model"),
    cpu_version: text("cpu_version"),
    cpu_manufacturer: text("cpu_manufacturer"),
    graphic_cards: json<GraphicCard[]>("graphic_cards").notNull().default([]),
    storage_drives: json<StorageDrive[]>("storage_drives").notNull().default([]),
    /** Bytes. */
    ram_size: integer("ram_size"),
    thermal_status: text("thermal_status"),
    cpu_temperature: real("cpu_temperature"),
    network_status: text("network_status"),
    peripherals_status: json<PeripheralStatusItem[]>("peripherals_status").notNull().default([]),
    cpu_condition: condition("cpu_condition"),
    uptime_condition: condition("uptime_condition"),
    ram_condition: condition("ram_condition"),
    storage_condition: condition("storage_condition"),
    network_condition: condition("network_condition"),
    gpu_condition: condition("gpu_condition"),
    thermal_condition: condition("thermal_condition"),
    disk_health_condition: condition("disk_health_condition"),
    peripherals_condition: condition("peripherals_condition"),
    /** Worst of the conditions (monitoring filter combined_status). */
    combined_status: condition("combined_status"),
    /**
     * Worst of the device's own headings, peripherals left out (monitoring domain "top"), with
     * contracts/devices/health.ts worst()'s ranking; a virtual column so its index orders the domain=top
     * list (a sort of every connected device took ~200 ms at 100 000 devices).
     */
    own_condition: condition("own_condition").generatedAlwaysAs(
      sql.raw(
        `(case when 3 in (${OWN}) then 3 when 2 in (${OWN}) then 2 when 0 in (${OWN}) then 0 when 1 in (${OWN}) then 1 end)`,
      ),
      { mode: "virtual" },
    ),
    /**
     * The rank of "Problems first" (?ordering=-combined_status), highest first: an offline device
     * (connected, not archived; "9" + last_seen, so the most recent outage leads), then the worst
     * health (critical "23", warning "22", "21", healthy "20"), no telemetry "1", archived "0" last.
     * Offline outranks critical: its health is only what it last reported. A virtual column so its
     * index is the list's order (keyset pages on (problem_rank, uuid)).
     */
    problem_rank: text("problem_rank").notNull().generatedAlwaysAs(sql.raw(PROBLEM_RANK), { mode: "virtual" }),
    latest_telemetry: json<DeviceTelemetry>("latest_telemetry"),
    /** Set when an unclaimed agent (showing a QR) is installed as this device. */
    unclaimed_device_uuid: text("unclaimed_device_uuid"),
    created_by_user_uuid: text("created_by_user_uuid").references(() => userTable.uuid, { onDelete: "set null" }),
  },
  (t) => [
    // List orderings (both directions) with uuid as tiebreaker, so keyset/offset pages are stable.
    index("device_space_uuid_online_idx").on(t.space_uuid, t.online, t.uuid),
    index("device_space_uuid_created_at_idx").on(t.space_uuid, t.created_at, t.uuid),
    index("device_space_uuid_installation_date_idx").on(t.space_uuid, t.installation_date, t.uuid),
    index("device_space_uuid_updated_at_idx").on(t.space_uuid, t.updated_at, t.uuid),
    index("device_space_uuid_last_seen_idx").on(t.space_uuid, t.last_seen, t.uuid),
    // A location's devices (?ordering=-created_at).
    index("device_space_uuid_location_uuid_idx").on(t.space_uuid, t.location_uuid, t.created_at, t.uuid),
    // The per-location totals and online status (location-totals.ts) read this index alone:
    // 100 000 devices in 36 ms instead of 171 ms through the index above plus table rows. So do
    // the wall's per-location counts (combined_status: 257 → 15 ms of SQLite at 100 000 devices).
    index("device_space_uuid_location_totals_idx").on(
      t.space_uuid,
      t.location_uuid,
      t.connected_status,
      t.online,
      t.device_type_uuid,
      t.combined_status,
    ),
    // The wall's location availability reads its installed devices' presence from this index
    // alone (100 000 devices: 129 → 17 + 7 ms of SQLite, docs/benchmarks.md).
    index("device_space_uuid_availability_idx").on(
      t.space_uuid,
      t.connected_status,
      t.location_uuid,
      t.online,
      t.online_since,
      t.installed_at,
      t.last_seen,
      t.uuid,
    ),
    // Filters. Each ends with the default ordering (online, uuid), so a filtered first page or
    // keyset page is a range read in order even when the filtered value is rare (no sort, no scan).
    index("device_space_uuid_device_type_uuid_idx").on(t.space_uuid, t.device_type_uuid, t.online, t.uuid),
    index("device_space_uuid_connected_status_idx").on(t.space_uuid, t.connected_status, t.online, t.uuid),
    index("device_space_uuid_enabled_idx").on(t.space_uuid, t.enabled, t.online, t.uuid),
    index("device_space_uuid_vision_enabled_idx").on(t.space_uuid, t.vision_enabled, t.online, t.uuid),
    // "Problems first" (?ordering=-combined_status), keyset by (combined_status, uuid).
    index("device_space_uuid_combined_status_idx").on(t.space_uuid, t.combined_status, t.uuid),
    // "Problems first" as it reads: offline, critical, warning … archived (see problem_rank).
    index("device_space_uuid_problem_rank_idx").on(t.space_uuid, t.problem_rank, t.uuid),
    // Activity's "disconnected" list (?online=false&ordering=-last_seen): a range read in order.
    index("device_space_uuid_online_last_seen_idx").on(t.space_uuid, t.online, t.last_seen, t.uuid),
    // Monitoring (only connected devices are monitored). The counts read this index alone: the
    // problem devices (combined_status >= 2) with every condition and the list's equality filters.
    index("device_space_uuid_monitoring_idx").on(
      t.space_uuid,
      t.connected_status,
      t.combined_status,
      t.cpu_condition,
      t.thermal_condition,
      t.uptime_condition,
      t.ram_condition,
      t.storage_condition,
      t.disk_health_condition,
      t.gpu_condition,
      t.network_condition,
      t.peripherals_condition,
      t.location_uuid,
      t.device_type_uuid,
    ),
    // The monitoring counts' peripheral join (device_peripheral_condition → its device by uuid)
    // reads this index alone instead of the primary key plus the row: 9.2 → 4.2 ms at 100 000.
    index("device_uuid_monitoring_idx").on(
      t.uuid,
      t.space_uuid,
      t.connected_status,
      t.combined_status,
      t.location_uuid,
      t.device_type_uuid,
    ),
    // The monitoring list's order with domain=bottom.
    index("device_space_uuid_monitoring_peripherals_idx").on(
      t.space_uuid,
      t.connected_status,
      sql`${t.peripherals_condition} desc`,
      t.name,
      t.uuid,
    ),
    // The monitoring list's order with domain=top.
    index("device_space_uuid_monitoring_own_idx").on(
      t.space_uuid,
      t.connected_status,
      sql`${t.own_condition} desc`,
      t.name,
      t.uuid,
    ),
    // The monitoring list's order: worst first (NULL, no data, last), then name and uuid.
    index("device_space_uuid_monitoring_order_idx").on(
      t.space_uuid,
      t.connected_status,
      sql`${t.combined_status} desc`,
      t.name,
      t.uuid,
    ),
    // ?search= under three characters and ?name= ("contains") read this index alone, without
    // visiting table rows (longer searches read the FTS5 table device_search, see its migration).
    index("device_space_uuid_name_machine_id_idx").on(t.space_uuid, t.name, t.machine_id),
    // The device table's column orderings, both directions, keyset by (key, uuid).
    index("device_space_uuid_name_idx").on(t.space_uuid, t.name, t.uuid),
    index("device_space_uuid_connected_status_order_idx").on(t.space_uuid, t.connected_status, t.uuid),
    index("device_space_uuid_device_class_idx").on(t.space_uuid, t.device_class, t.uuid),
    // Type and location name orderings: each type's / location's devices in uuid order (the
    // inner loop under the named table's (name, uuid) index; see keyset.ts seekGrouped).
    index("device_space_uuid_device_type_order_idx").on(t.space_uuid, t.device_type_uuid, t.uuid),
    index("device_space_uuid_location_order_idx").on(t.space_uuid, t.location_uuid, t.uuid),
    uniqueIndex("device_unclaimed_device_uuid_idx").on(t.unclaimed_device_uuid),
  ],
);
