export { CustomFieldsPage } from "@/features/custom-fields/custom-fields-page";
export { ControlPanel } from "@/features/locations/control-panel";
export { LocationsPage } from "@/features/locations/list/locations-page";
export { locationListOpener } from "@/features/locations/list/open-location-list";
export { LocationFlyout } from "@/features/locations/location-flyout";
export { GlobalWorkingTimePage } from "@/features/working-time/global-working-time-page";
