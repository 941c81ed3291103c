// The Assets shell and its tabs load together.

export { CustomFieldsPage } from "@/features/custom-fields/custom-fields-page";
export { DeviceFlyout } from "@/features/devices/device-flyout";
export { DevicesPage } from "@/features/devices/devices-page";
export { GroupFlyout } from "@/features/groups/group-flyout";
export { GroupsPage } from "@/features/groups/groups-page";
export { ControlPanel } from "@/features/locations/control-panel";
export { LocationsPage } from "@/features/locations/list/locations-page";
export { LocationFlyout } from "@/features/locations/location-flyout";
export { GlobalWorkingTimePage } from "@/features/working-time/global-working-time-page";
export { AssetsShell } from "../shells/assets-shell";
