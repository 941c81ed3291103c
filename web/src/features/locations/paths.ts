/** Routes of the locations flyouts (console.md §2.3, §2.4); tab "global" is the working time. */
export type LocationTab = "general" | "devices" | "global";
export const LOCATION_TABS: readonly LocationTab[] = ["general", "devices", "global"];

export const locationViewPath = (uuid: string, tab: LocationTab = "general") =>
  `/locations/location/view/${uuid}/${tab}`;
export const locationEditPath = (uuid: string) => `/locations/location/edit/${uuid}/general`;
/** console.md §2.4: a device of a location opens as route device_location, tab general. */
export const locationDevicePath = (spaceUuid: string, uuid: string) =>
  `/locations/device/view/${spaceUuid}/${uuid}/general`;
