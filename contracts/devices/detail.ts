import { z } from "zod";
import { PageInfo } from "../http/paging.ts";
import { Camera } from "../locations/assets.ts";
import { DISPLAY_ORIENTATIONS } from "./detail-values.ts";
import { OUTAGE_CAUSES } from "./presence.ts";
import { Device, HealthCode } from "./schema.ts";
import { Telemetry as AgentTelemetry } from "./telemetry.ts";

export { DISPLAY_ORIENTATIONS } from "./detail-values.ts";

/** A peripheral of a device (the Misc list); `slug` is the {type} of its enabled-status path. */
export const Peripheral = z.object({
  uuid: z.string(),
  name: z.string(),
  device_type_name: z.string(),
  slug: z.string(),
  enabled: z.boolean(),
  manufacturer: z.string(),
  model: z.string(),
  communication_protocol: z.string(),
  currency: z.string(),
  serial_number: z.string(),
  firmware: z.string(),
  protocol_details: z.string(),
  status: z.number().int(),
});
export type Peripheral = z.infer<typeof Peripheral>;

/** An application configured on a display, with the values chosen for its template. */
export const DisplayApplication = z.object({
  uuid: z.string(),
  name: z.string(),
  config: z.record(z.string(), z.unknown()),
  position: z.number().int(),
});

/** A screen of the device (devices.md §3 Display; the spec's camelCase names). */
export const Display = z.object({
  uuid: z.string(),
  name: z.string(),
  primary: z.boolean(),
  disabled: z.boolean(),
  resolution: z.string(),
  availableResolutions: z.array(z.string()),
  refresh_rate: z.number().nullable(),
  availableRefreshRates: z.record(z.string(), z.array(z.number())),
  orientation: z.enum(DISPLAY_ORIENTATIONS),
  graphical_output: z.string(),
  applications: z.array(DisplayApplication),
});
export type Display = z.infer<typeof Display>;

/** A camera-type device's connection settings (never the password). */
export const CameraSettings = Camera.pick({
  uuid: true,
  ip_address: true,
  http_port: true,
  main_rtsp_port: true,
  sub_rtsp_port: true,
  main_rtsp_url: true,
  main_stream: true,
  sub_stream: true,
  username: true,
});

const nullableText = z.string().nullable();
/** The spec's Telemetry object as last reported (history lives in the DeviceRoom); null before the first. */
export const Telemetry = AgentTelemetry.nullable();

/**
 * GET /space/{space}/device/{uuid}/ (and /camera/{uuid}/): every devices.md §3 field except
 * comments (GET …/comment/items/). installation_code_value is always null here (Viewers read
 * this too): the card reads the code from GET …/installation-code/; the expiry of the device's
 * current code (unused, not revoked) is shown so the card can count down.
 */
export const DeviceDetail = Device.extend({
  telemetry_updated_at: nullableText,
  installation_image_uuid: nullableText,
  installation_image_name: nullableText,
  salt_minion_id: nullableText,
  machine_id: nullableText,
  local_ip_addresses: z.array(z.string()),
  external_ip_address: nullableText,
  ip_address: nullableText,
  mac_addresses: z.array(z.string()),
  operating_system_name: nullableText,
  operating_system_version: nullableText,
  operating_system_architecture: nullableText,
  motherboard_manufacturer: nullableText,
  motherboard_product_name: nullableText,
  /** The same value as motherboard_product_name (the name one console view reads). */
  mainboard_product_name: nullableText,
  cpu_model: nullableText,
  cpu_version: nullableText,
  cpu_manufacturer: nullableText,
  graphic_cards: z.array(z.object({ model: z.string() })),
  storage_drives: z.array(z.object({ name: z.string(), model: z.string(), capacity: z.number() })),
  /** Bytes. */
  ram_size: z.number().nullable(),
  thermal_status: nullableText,
  cpu_temperature: z.number().nullable(),
  network_status: nullableText,
  /** Worst status per peripheral in the latest telemetry; `type` as the agent names it (reports since #12). */
  peripherals_status: z.array(z.object({ device: z.string(), type: z.string().optional(), status: z.number() })),
  cpu_condition: HealthCode,
  uptime_condition: HealthCode,
  ram_condition: HealthCode,
  storage_condition: HealthCode,
  network_condition: HealthCode,
  gpu_condition: HealthCode,
  thermal_condition: HealthCode,
  disk_health_condition: HealthCode,
  peripherals_condition: HealthCode,
  latest_telemetry: Telemetry,
  unclaimed_device_uuid: nullableText,
  installation_code_value: z.null(),
  installation_code_expires_at: nullableText,
  /** Display name of the account that added the device (null for agent-made or deleted users). */
  created_by: nullableText,
  peripherals: z.array(Peripheral),
  displays: z.array(Display),
  camera: CameraSettings.nullable(),
});
export type DeviceDetail = z.infer<typeof DeviceDetail>;

/** One entry of a device's audit trail (the Logs tab). */
export const DeviceAuditEntry = z.object({
  uuid: z.string(),
  action: z.string(),
  actor_display_name: z.string().nullable(),
  created_at: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
/** Reply of GET /space/{space}/device/{uuid}/audit/items/ (newest first, paged). */
export const DeviceAuditList = z.object({ entries: z.array(DeviceAuditEntry), ...PageInfo.shape });
export type DeviceAuditList = z.infer<typeof DeviceAuditList>;

export const MAX_AVAILABILITY_DAYS = 366;
/** Query of GET /space/{space}/device/{uuid}/availability/. */
export const AvailabilityQuery = z.object({
  days: z.coerce
    .number({ error: "A valid integer is required." })
    .int("A valid integer is required.")
    .min(1, "Ensure this value is greater than or equal to 1.")
    .max(MAX_AVAILABILITY_DAYS, `Ensure this value is less than or equal to ${MAX_AVAILABILITY_DAYS}.`)
    .default(30),
});
export type AvailabilityQuery = z.infer<typeof AvailabilityQuery>;

/** The Reports tab lists at most this many outages (the newest); its days count them all. */
export const MAX_LISTED_OUTAGES = 200;

/** One offline span of a device: from when it was last heard to when it came back (null: still offline). */
export const DeviceOutage = z.object({
  started_at: z.string(),
  ended_at: z.string().nullable(),
  cause: z.enum(OUTAGE_CAUSES),
});
export type DeviceOutage = z.infer<typeof DeviceOutage>;

/**
 * Seconds online per UTC day, oldest first, every day of the window (0 before installation), counted
 * exactly from the device's outages (the same function as the wall's availability); and those of
 * its outages that touch the window, newest first.
 */
export const DeviceAvailability = z.object({
  days: z.array(z.object({ day: z.string(), online_seconds: z.number().int() })),
  outages: z.array(DeviceOutage),
});
export type DeviceAvailability = z.infer<typeof DeviceAvailability>;
