// The Assets shell and its tabs load together.
export { DevicesPage } from "@/features/devices/devices-page";
export { GroupsPage } from "@/features/groups/groups-page";
export { LocationsPage } from "@/features/locations/locations-page";
export { WorkingTimePage } from "@/features/locations/working-time-page";
export { AssetsShell } from "../shells/assets-shell";
