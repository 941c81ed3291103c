import type { Device } from "@contracts/devices/schema";

/**
 * An offline device its location expects online now: connected but not online (the "Offline"
 * look) while the location's working hours cover the present (the API's expected_online).
 * Not for disconnected, archived or never-installed devices: their status already says why.
 */
export const offlineInWorkingHours = (device: Pick<Device, "connected_status" | "online" | "expected_online">) =>
  device.connected_status === "connected" && !device.online && device.expected_online === true;
