// A location's flyout (view; its add and edit forms load when one opens), not with the list.
export { LocationFlyout } from "@/features/locations/location-flyout";
