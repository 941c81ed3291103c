import type { Device } from "@contracts/device";
import type { DeviceFilters } from "@/features/devices/queries";
import type { MessageKey } from "@/lib/i18n";

export type ActivityListId = "added" | "connected" | "edited" | "disconnected" | "connectedOnline" | "connectedOffline";

/** One Activity card: its device-list query, the time it shows per row, and its texts. */
export type ActivityListDef = {
  id: ActivityListId;
  query: DeviceFilters & { ordering: NonNullable<DeviceFilters["ordering"]> };
  /** The moment the row is about; a device without it does not belong in the card. */
  time: (device: Device) => string | null;
  title: MessageKey;
  empty: MessageKey;
};

/**
 * console.md §9 default monitoring queries (latest added, connected, edited, disconnected) and
 * §2.11's connected online / offline. "Disconnected" is any device that is not online, newest
 * loss first.
 */
export const ACTIVITY_LISTS: readonly ActivityListDef[] = [
  {
    id: "added",
    query: { ordering: "-created_at" },
    time: (d) => d.created_at,
    title: "monitor.activity.added",
    empty: "monitor.activity.added.empty",
  },
  {
    id: "connected",
    query: { ordering: "-installation_date" },
    time: (d) => d.installation_date,
    title: "monitor.activity.connected",
    empty: "monitor.activity.connected.empty",
  },
  {
    id: "edited",
    query: { ordering: "-updated_at" },
    time: (d) => d.updated_at,
    title: "monitor.activity.edited",
    empty: "monitor.activity.edited.empty",
  },
  {
    id: "disconnected",
    query: { online: false, ordering: "-last_seen" },
    time: (d) => d.last_seen,
    title: "monitor.activity.disconnected",
    empty: "monitor.activity.disconnected.empty",
  },
  {
    id: "connectedOnline",
    query: { connected_status: "connected", online: true, ordering: "-last_seen" },
    time: (d) => d.online_since ?? d.last_seen,
    title: "monitor.activity.connectedOnline",
    empty: "monitor.activity.connectedOnline.empty",
  },
  {
    id: "connectedOffline",
    query: { connected_status: "connected", online: false, ordering: "-last_seen" },
    time: (d) => d.last_seen,
    title: "monitor.activity.connectedOffline",
    empty: "monitor.activity.connectedOffline.empty",
  },
];

/** The rows a card shows: devices that have the card's moment (a never-seen device is not "disconnected"). */
export const activityRows = (list: ActivityListDef, devices: readonly Device[]) =>
  devices.filter((device) => list.time(device) !== null);

/** "View all": the device list with the card's filter and ordering, as URL parameters it reads. */
export function viewAllPath(list: ActivityListDef): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(list.query)) {
    if (value !== undefined && value !== "") params.set(key, String(value));
  }
  return `/devices?${params}`;
}
