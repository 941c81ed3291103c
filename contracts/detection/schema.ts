import { z } from "zod";
import { ConnectedStatus, description, requiredName, tagUuids } from "../devices/schema.ts";
import { PageInfo, PageQuery } from "../http/paging.ts";

export { CAMERA_SCAN_UNAVAILABLE_MESSAGE, CAMERAS_DETECTED_MESSAGE } from "./values.ts";

/**
 * Detect Devices (console.md §2.7, §4 detection flow; devices.md §2, §5): a runner device at a
 * location scans its network; the machines it finds can be installed as devices one by one.
 *
 *   POST /api/space/{space}/location/{loc}/devices-detection/            → 202 DetectionScan
 *        (503 "This location has no available devices" when no runner there is online)
 *   GET  /api/space/{space}/location/{loc}/devices-detection/            → DetectionState
 *   GET  /api/space/{space}/location/{loc}/devices-detection/items/      → DetectedDeviceList
 *   POST /api/space/{space}/location/{loc}/detected-device-installation/ → 201 DeviceDetail
 *
 * The scan's outcome arrives on the location's room (/parties/location/{loc}) as a
 * locationDetailsUpdate with event devicesDetected (data: DetectionScan) or noDevicesDetected.
 */

/** The console stops waiting for the room's event after this (console.md §10). */
export const DETECTION_TIMEOUT_MS = 5000;
/** Detected-device table: page-size options, the default, and the compact view's page. */
export const DETECTION_PAGE_SIZES = [5, 10, 15, 20] as const;
export const DETECTION_DEFAULT_PAGE_SIZE = 10;
export const DETECTION_COMPACT_PAGE_SIZE = 7;
/** At most this many online runners at a location are asked to scan. */
export const DETECTION_MAX_RUNNERS = 3;

export const NO_AVAILABLE_DEVICES = "This location has no available devices";

export const DetectionStatus = z.enum(["pending", "completed", "no_service"]);
export type DetectionStatus = z.infer<typeof DetectionStatus>;

/** One Detect Devices run: Last Scan time (completed_at, else created_at) and total detections. */
export const DetectionScan = z.object({
  uuid: z.string(),
  location_uuid: z.string(),
  status: DetectionStatus,
  total_detections: z.number().int(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type DetectionScan = z.infer<typeof DetectionScan>;

/** GET …/devices-detection/: the location's latest scan (null before the first). */
export const DetectionState = z.object({ scan: DetectionScan.nullable() });
export type DetectionState = z.infer<typeof DetectionState>;

/** A machine found by the latest scan. Only non_connected ones can be installed. */
export const DetectedDevice = z.object({
  uuid: z.string(),
  name: z.string(),
  ip_address: z.string(),
  mac_address: z.string(),
  device_type_uuid: z.string(),
  device_type_name: z.string(),
  connected_status: ConnectedStatus,
  /** The device it is (already in the space, or installed from here). */
  device_uuid: z.string().nullable(),
  detected_at: z.string(),
});
export type DetectedDevice = z.infer<typeof DetectedDevice>;

export const DetectedDeviceList = z.object({
  detected_devices: z.array(DetectedDevice),
  ...PageInfo.shape,
});
export type DetectedDeviceList = z.infer<typeof DetectedDeviceList>;

/** ?page=&page_size= of the items listing (default 10 a page). */
export const DetectedDeviceQuery = PageQuery.extend({
  page_size: PageQuery.shape.page_size.default(DETECTION_DEFAULT_PAGE_SIZE),
});
export type DetectedDeviceQuery = z.infer<typeof DetectedDeviceQuery>;

/** POST …/detected-device-installation/: the detected machine's uuid and the new device's details. */
export const DetectedDeviceInstallInput = z.object({
  uuid: z.uuid({ error: (issue) => (issue.input == null ? "Required" : "Must be a valid UUID.") }),
  name: requiredName,
  description: description.nullish(),
  tag_uuids: tagUuids.nullish(),
});
export type DetectedDeviceInstallInput = z.infer<typeof DetectedDeviceInstallInput>;

/** What an agent's "detect-devices" command answers: the machines on its network. */
export const DetectionFinding = z.object({
  name: z.string().max(256).default(""),
  ip_address: z.string().max(64).default(""),
  mac_address: z.string().max(64).default(""),
  device_type: z.enum(["linux", "windows", "raspberry_pi", "android_tv", "camera", "unknown"]).default("unknown"),
});
export type DetectionFinding = z.infer<typeof DetectionFinding>;
export const DetectionResult = z.object({ devices: z.array(DetectionFinding).max(1024) });
export type DetectionResult = z.infer<typeof DetectionResult>;
