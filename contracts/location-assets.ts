import { z } from "zod";
import { Links, PageQuery } from "./paging.ts";
import { TagRef } from "./tag.ts";

/** A device as listed inside a location (the console.md §3.6 fields a list needs). */
export const LocationDevice = z.object({
  uuid: z.string(),
  space_uuid: z.string(),
  name: z.string(),
  description: z.string(),
  device_type_name: z.string(),
  device_type_shorthand: z.string(),
  device_category_name: z.string(),
  device_class: z.enum(["kiosk", "retail_pos", "visualization"]).nullable(),
  connected_status: z.enum(["connected", "disconnected", "non_connected", "installation_pending", "archived"]),
  online: z.boolean(),
  enabled: z.boolean(),
  location_uuid: z.string().nullable(),
  location_name: z.string().nullable(),
  tags: z.array(TagRef),
  tag_uuids: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  installation_date: z.string().nullable(),
  last_seen: z.string().nullable(),
});
export type LocationDevice = z.infer<typeof LocationDevice>;

/** Replies of GET …/location/{loc}/asset/items/ and GET …/device/location/items/?location_uuid=. */
export const LocationDeviceList = z.object({
  devices: z.array(LocationDevice),
  links: Links,
  objects_count: z.number().int(),
  pages_count: z.number().int(),
});
export type LocationDeviceList = z.infer<typeof LocationDeviceList>;

export const LOCATION_DEVICE_ORDERINGS = ["created_at", "updated_at", "name", "online"] as const;
const orderings = LOCATION_DEVICE_ORDERINGS.flatMap((f) => [f, `-${f}`] as const);

/** Query of GET …/location/{loc}/asset/items/ (default -created_at, page size 36). */
export const LocationDeviceQuery = z.object({ ordering: z.enum(orderings).default("-created_at"), ...PageQuery.shape });
export type LocationDeviceQuery = z.infer<typeof LocationDeviceQuery>;

/** Query of GET /space/{space}/device/location/items/: the location comes as a parameter. */
export const DeviceLocationQuery = LocationDeviceQuery.extend({
  location_uuid: z.string({ error: "Required" }).min(1, "Required"),
});
export type DeviceLocationQuery = z.infer<typeof DeviceLocationQuery>;

/** An IP camera at a location (its password is never returned). online/connected_status: its device's. */
export const Camera = z.object({
  uuid: z.string(),
  location_uuid: z.string(),
  device_uuid: z.string().nullable(),
  name: z.string(),
  ip_address: z.string(),
  http_port: z.number().int(),
  main_rtsp_port: z.number().int(),
  sub_rtsp_port: z.number().int().nullable(),
  main_rtsp_url: z.string(),
  main_stream: z.string(),
  sub_stream: z.string(),
  username: z.string(),
  online: z.boolean(),
  connected_status: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Camera = z.infer<typeof Camera>;

/** Reply of GET /space/{space}/location/{loc}/camera/items/. */
export const CameraList = z.object({ cameras: z.array(Camera) });
export type CameraList = z.infer<typeof CameraList>;
