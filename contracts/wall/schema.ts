import { z } from "zod";
import { WallDisplay } from "../display-health/schema.ts";
import { OnlineStatus } from "../locations/schema.ts";

/**
 * The NOC wall: one summary of the fleet for a screen across the room, and each
 * location's availability over its working hours. Paths:
 * - GET /api/space/{space}/wall/?group=&location= → WallSummary
 * - GET /api/space/{space}/location/availability/?window=24h|7d&group=&location= → AvailabilityList
 */

const uuidText = z.string().trim().min(1).optional();

/** `?group=` (a location group's uuid) and `?location=` narrow what the wall shows. */
export const WallScopeQuery = z.object({
  /** Only the locations of this group. */
  group: uuidText,
  /** Only this location. */
  location: uuidText,
});
export type WallScopeQuery = z.infer<typeof WallScopeQuery>;

/** The fleet's device counts, each the same number the device list and the monitoring counts give. */
export const WallTotals = z.object({
  /** Devices that are not archived. */
  total: z.number().int(),
  /** Installed (connected_status connected) and online. */
  online: z.number().int(),
  /** Installed and offline. */
  offline: z.number().int(),
  /** Installed devices whose combined status is 2 (the monitoring counts' devices.warning). */
  warning: z.number().int(),
  /** … and 3 (devices.critical). */
  critical: z.number().int(),
  /** Not archived and not installed: never installed, being installed or disconnected. */
  not_connected: z.number().int(),
});
export type WallTotals = z.infer<typeof WallTotals>;

/** A location on the wall: its status (console.md §4, over installed devices), counts and hours. */
export const WallLocation = z.object({
  uuid: z.string(),
  name: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  status: OnlineStatus,
  /** Installed devices (what the status is computed over; the map sizes its circle by it). */
  devices_total: z.number().int(),
  devices_online: z.number().int(),
  devices_offline: z.number().int(),
  warning: z.number().int(),
  critical: z.number().int(),
  /** Inside its working hours now (the schedule it follows, on its clock); null without a schedule. */
  expected_online: z.boolean().nullable(),
});
export type WallLocation = z.infer<typeof WallLocation>;

/** A location group with the uuids of its locations that are in the wall's scope. */
export const WallGroup = z.object({ uuid: z.string(), name: z.string(), location_uuids: z.array(z.string()) });
export type WallGroup = z.infer<typeof WallGroup>;

/** A device in critical health: which headings and monitored peripheral types are at 3. */
export const WallCriticalDevice = z.object({
  uuid: z.string(),
  name: z.string(),
  location_uuid: z.string().nullable(),
  location_name: z.string().nullable(),
  online: z.boolean(),
  headings: z.array(z.string()),
  peripherals: z.array(z.string()),
});
export type WallCriticalDevice = z.infer<typeof WallCriticalDevice>;

/** At most this many critical devices are listed (the count is in totals.critical). */
export const WALL_CRITICAL_LIMIT = 50;

/** An installed device that is offline, and since when (its last heartbeat; null: never seen). */
export const WallOfflineDevice = z.object({
  uuid: z.string(),
  name: z.string(),
  location_uuid: z.string().nullable(),
  location_name: z.string().nullable(),
  last_seen: z.string().nullable(),
});
export type WallOfflineDevice = z.infer<typeof WallOfflineDevice>;

/** At most this many offline devices are listed (the count is in totals.offline). */
export const WALL_OFFLINE_LIMIT = 100;

/** Reply of GET /space/{space}/wall/. */
export const WallSummary = z.object({
  generated_at: z.string(),
  space_name: z.string(),
  /** The narrowing that applied (a display link's scope, or the query's). */
  scope: z.object({
    group: z.object({ uuid: z.string(), name: z.string() }).nullable(),
    location: z.object({ uuid: z.string(), name: z.string() }).nullable(),
  }),
  totals: WallTotals,
  /** Every location in scope, by name. */
  locations: z.array(WallLocation),
  /** The space's groups (active first, by name), for the wall's per-group views. */
  groups: z.array(WallGroup),
  /** Worst first: offline before online, then by name; at most WALL_CRITICAL_LIMIT. */
  critical_devices: z.array(WallCriticalDevice),
  /** Every installed device that is offline, in or out of working hours, the longest offline first; at most WALL_OFFLINE_LIMIT. */
  offline_devices: z.array(WallOfflineDevice),
  /** Screens in trouble (display health: warning or critical) of online devices, the oldest problem first. */
  displays: z.array(WallDisplay),
});
export type WallSummary = z.infer<typeof WallSummary>;

export const AVAILABILITY_WINDOWS = ["24h", "7d"] as const;
export const AvailabilityWindow = z.enum(AVAILABILITY_WINDOWS, {
  error: (issue) => `Select a valid choice. ${String(issue.input)} is not one of the available choices.`,
});
export type AvailabilityWindow = z.infer<typeof AvailabilityWindow>;
/** The length of each window in ms. */
export const WINDOW_MS: Record<AvailabilityWindow, number> = { "24h": 86_400_000, "7d": 7 * 86_400_000 };

/** Query of GET /space/{space}/location/availability/. */
export const AvailabilityListQuery = WallScopeQuery.extend({ window: AvailabilityWindow.default("24h") });
export type AvailabilityListQuery = z.infer<typeof AvailabilityListQuery>;

/**
 * A location's availability over its working hours in the window: the share of its working
 * time during which all its installed devices were online. null when it has no working time
 * in the window (no schedule, or only days off) or no installed device.
 */
export const LocationAvailability = z.object({
  location_uuid: z.string(),
  location_name: z.string(),
  /** The zone its hours were read in (its own, or the space's). */
  timezone: z.string(),
  /** Which schedule it follows. */
  schedule: z.enum(["local", "global"]),
  devices: z.number().int(),
  /** Working seconds in the window (after its first device was installed). */
  working_seconds: z.number().int(),
  /** Of those, the seconds during which all its devices were online. */
  available_seconds: z.number().int(),
  availability: z.number().min(0).max(1).nullable(),
});
export type LocationAvailability = z.infer<typeof LocationAvailability>;

/** Reply of GET /space/{space}/location/availability/: worst first, locations without a figure last. */
export const AvailabilityList = z.object({
  window: AvailabilityWindow,
  from: z.string(),
  to: z.string(),
  locations: z.array(LocationAvailability),
});
export type AvailabilityList = z.infer<typeof AvailabilityList>;
