/** Devices' statuses and orderings. Free of zod (contracts/values: what the console's first load may import). */
import { eitherWay } from "../http/paging-values.ts";

/** devices.md §3/§4 (contracts/devices/schema.ts builds its enums from these). */
export const CONNECTED_STATUSES = [
  "connected",
  "disconnected",
  "non_connected",
  "installation_pending",
  "archived",
] as const;

export const VISION_STATES = [
  "disabled",
  "enable_requested",
  "enable_pending",
  "enabled",
  "disable_requested",
  "disable_pending",
] as const;

/**
 * Sort keys (each either way): last_seen serves Monitor's "disconnected" list (?online=false&
 * ordering=-last_seen); combined_status is "Problems first" (-combined_status: worst first, devices
 * without telemetry last). name, connected_status, device_type_name, location_name and
 * device_class sort the device table's columns (a device without location or class comes first
 * ascending, last descending).
 */
export const DEVICE_ORDER_KEYS = [
  "online",
  "created_at",
  "installation_date",
  "updated_at",
  "last_seen",
  "combined_status",
  // The device table's columns: name, status, type, location and class.
  "name",
  "connected_status",
  "device_type_name",
  "location_name",
  "device_class",
] as const;
/** Every `?ordering=` value of the device list (contracts/devices/schema.ts `DeviceOrdering`). */
export const DEVICE_ORDERINGS = eitherWay(DEVICE_ORDER_KEYS);
