import { lazy, Suspense } from "react";
import { useParams } from "react-router";
import { FlyoutLoading, FlyoutPlaceholder, FlyoutSheet } from "@/app/flyout";
import { withChunkTimeout } from "@/lib/api/chunk-load";
import { LOCATION_TABS, type LocationTab } from "./paths";
import { LocationViewPanel } from "./view/location-view-panel";

// The add and edit forms (zod rules, the map picker's fields, time zones) load when one opens: a
// location link's first load is the view.
const AddLocationPanel = lazy(
  withChunkTimeout(() => import("./add/add-location-panel").then((m) => ({ default: m.AddLocationPanel }))),
);
const EditLocationPanel = lazy(
  withChunkTimeout(() => import("./edit/edit-location-panel").then((m) => ({ default: m.EditLocationPanel }))),
);

const isTab = (tab: string | undefined): tab is LocationTab => LOCATION_TABS.some((known) => known === tab);

/**
 * The flyout of /locations/{action} and /locations/location/{action}/{uuid}/{tab}: add, view
 * and edit a location. Other kinds (a location's device) keep the placeholder.
 */
export function LocationFlyout() {
  const { action, location_type: kind, uuid, tab } = useParams();
  return (
    <FlyoutSheet>
      <Suspense fallback={<FlyoutLoading />}>
        {action === "addLocation" && !kind ? (
          <AddLocationPanel />
        ) : kind === "location" && uuid && action === "view" ? (
          <LocationViewPanel uuid={uuid} tab={isTab(tab) ? tab : "general"} />
        ) : kind === "location" && uuid && action === "edit" ? (
          <EditLocationPanel uuid={uuid} />
        ) : (
          <FlyoutPlaceholder />
        )}
      </Suspense>
    </FlyoutSheet>
  );
}
