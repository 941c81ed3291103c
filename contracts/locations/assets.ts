import { z } from "zod";
import { Device } from "../devices/schema.ts";
import { eitherWay, PageInfo, PageQuery } from "../http/paging.ts";

/** A device as listed inside a location (the console.md §3.6 fields a list needs). */
export const LocationDevice = Device.pick({
  uuid: true,
  space_uuid: true,
  name: true,
  description: true,
  device_type_name: true,
  device_type_shorthand: true,
  device_category_name: true,
  device_class: true,
  connected_status: true,
  online: true,
  enabled: true,
  location_uuid: true,
  location_name: true,
  tags: true,
  tag_uuids: true,
  created_at: true,
  updated_at: true,
  installation_date: true,
  last_seen: true,
});
export type LocationDevice = z.infer<typeof LocationDevice>;

/** Replies of GET …/location/{loc}/asset/items/ and GET …/device/location/items/?location_uuid=. */
export const LocationDeviceList = z.object({
  devices: z.array(LocationDevice),
  ...PageInfo.shape,
});
export type LocationDeviceList = z.infer<typeof LocationDeviceList>;

export const LOCATION_DEVICE_ORDERINGS = ["created_at", "updated_at", "name", "online"] as const;
const orderings = eitherWay(LOCATION_DEVICE_ORDERINGS);

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
