import { useParams } from "react-router";
import { FlyoutPlaceholder, FlyoutSheet } from "@/app/flyout";
import { HealthReportPanel } from "./report-panel";

/**
 * The flyout of /performance/{monitoring_type}/{action}/{space_uuid}/{uuid}/{tab} (console.md
 * §2.11, devices.md §2): monitoring_type device with action view is the device health report.
 */
export function HealthReportFlyout() {
  const { monitoring_type: kind, action, space_uuid: space, uuid } = useParams();
  return (
    <FlyoutSheet>
      {kind === "device" && action === "view" && space && uuid ? (
        <HealthReportPanel space={space} uuid={uuid} />
      ) : (
        <FlyoutPlaceholder />
      )}
    </FlyoutSheet>
  );
}
