export { LocationsPage } from "@/features/locations/list/locations-page";
export { locationListOpener } from "@/features/locations/list/open-location-list";
