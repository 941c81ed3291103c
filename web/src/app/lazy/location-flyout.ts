// A location's flyout (view, edit, add) and the control panel's pages: their forms load when one opens, not with the list.
export { CustomFieldsPage } from "@/features/custom-fields/custom-fields-page";
export { ControlPanel } from "@/features/locations/control-panel";
export { LocationFlyout } from "@/features/locations/location-flyout";
export { GlobalWorkingTimePage } from "@/features/working-time/global-working-time-page";
