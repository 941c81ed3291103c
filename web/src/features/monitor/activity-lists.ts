import "@/lib/i18n/locales/en-monitor-pages";
import type { Device } from "@contracts/devices/schema";
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

/** A card whose texts are `monitor.activity.{id}` and `monitor.activity.{id}.empty`. */
const card = (id: ActivityListId, query: ActivityListDef["query"], time: ActivityListDef["time"]): ActivityListDef => ({
  id,
  query,
  time,
  title: `monitor.activity.${id}`,
  empty: `monitor.activity.${id}.empty`,
});

/**
 * console.md §9 default monitoring queries (latest added, connected, edited, disconnected) and
 * §2.11's connected online / offline. "Disconnected" is any device that is not online, newest
 * loss first.
 */
export const ACTIVITY_LISTS: readonly ActivityListDef[] = [
  card("added", { ordering: "-created_at" }, (d) => d.created_at),
  card("connected", { ordering: "-installation_date" }, (d) => d.installation_date),
  card("edited", { ordering: "-updated_at" }, (d) => d.updated_at),
  card("disconnected", { online: false, ordering: "-last_seen" }, (d) => d.last_seen),
  card(
    "connectedOnline",
    { connected_status: "connected", online: true, ordering: "-last_seen" },
    (d) => d.online_since ?? d.last_seen,
  ),
  card(
    "connectedOffline",
    { connected_status: "connected", online: false, ordering: "-last_seen" },
    (d) => d.last_seen,
  ),
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
