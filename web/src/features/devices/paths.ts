/** Routes of the device flyouts (devices.md §2). */
export const DEVICE_TABS = [
  "general",
  "peripherals",
  "assetInfo",
  "logs",
  "reports",
  "settings",
  /** The device's commands (queued, delivered, their outcomes). */
  "commands",
] as const;
export type DeviceTab = (typeof DEVICE_TABS)[number];
export const isDeviceTab = (tab: string | undefined): tab is DeviceTab => DEVICE_TABS.some((known) => known === tab);

/** `/devices/device/view/…`, or under /locations when the device was opened from a location. */
export const deviceViewPath = (space: string, uuid: string, tab: DeviceTab = "general", section = "devices") =>
  `/${section}/device/view/${space}/${uuid}/${tab}`;
export const deviceEditPath = (space: string, uuid: string, section = "devices") =>
  `/${section}/device/edit/${space}/${uuid}/general`;
