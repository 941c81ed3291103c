import { useParams } from "react-router";
import { FlyoutPlaceholder, FlyoutSheet } from "@/app/flyout";
import { AddLocationPanel } from "./add/add-location-panel";
import { EditLocationPanel } from "./edit/edit-location-panel";
import { LOCATION_TABS, type LocationTab } from "./paths";
import { LocationViewPanel } from "./view/location-view-panel";

const isTab = (tab: string | undefined): tab is LocationTab => LOCATION_TABS.some((known) => known === tab);

/**
 * The flyout of /locations/{action} and /locations/location/{action}/{uuid}/{tab}: add, view
 * and edit a location. Other kinds (a location's device) keep the placeholder.
 */
export function LocationFlyout() {
  const { action, location_type: kind, uuid, tab } = useParams();
  return (
    <FlyoutSheet>
      {action === "addLocation" && !kind ? (
        <AddLocationPanel />
      ) : kind === "location" && uuid && action === "view" ? (
        <LocationViewPanel uuid={uuid} tab={isTab(tab) ? tab : "general"} />
      ) : kind === "location" && uuid && action === "edit" ? (
        <EditLocationPanel uuid={uuid} />
      ) : (
        <FlyoutPlaceholder />
      )}
    </FlyoutSheet>
  );
}
