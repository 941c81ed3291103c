import type { ConnectedStatus } from "@contracts/devices/schema";

/** A status change offered by the flyout header menu (Edit and Copy Device URL are always there). */
export type LifecycleAction = "archive" | "unarchive" | "delete" | "terminate";

/**
 * devices.md §4: Archive for connected, disconnected and installation_pending (which can also be
 * terminated); Delete for non_connected unless it has peripherals/displays; Unarchive for archived.
 */
export function menuActions(device: { connected_status: ConnectedStatus; total_number: number }): LifecycleAction[] {
  switch (device.connected_status) {
    case "archived":
      return ["unarchive"];
    case "non_connected":
      return device.total_number > 0 ? [] : ["delete"];
    case "installation_pending":
      return ["archive", "terminate"];
    default:
      return ["archive"];
  }
}
