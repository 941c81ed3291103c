import { useLocation, useParams } from "react-router";
import { FlyoutPlaceholder, FlyoutSheet } from "@/app/flyout";
import { AddRunnerPanel } from "./add/add-runner-panel";
import { CameraInfoPanel } from "./camera/camera-info-panel";
import { DetectDevicesPanel } from "./detect/detect-devices-panel";
import { EditDevicePanel } from "./edit/edit-device-panel";
import { isDeviceTab } from "./paths";
import { DeviceViewPanel } from "./view/device-view-panel";

/**
 * The flyout of /devices/{action} and /{devices|locations}/device/{action}/{space_uuid}/{uuid}/{tab}:
 * view, edit and add a runner device, Detect Devices, and camera info (device_type camera).
 */
export function DeviceFlyout() {
  const { action, device_type: kind, space_uuid: space, uuid, tab } = useParams();
  const section = useLocation().pathname.split("/")[1] || "devices";
  return (
    <FlyoutSheet>
      {action === "addDeviceRunner" && !kind ? (
        <AddRunnerPanel />
      ) : action === "detectDevices" && !kind ? (
        <DetectDevicesPanel />
      ) : kind === "device" && uuid && space && action === "view" ? (
        <DeviceViewPanel space={space} uuid={uuid} tab={isDeviceTab(tab) ? tab : "general"} section={section} />
      ) : kind === "camera" && uuid && space && action === "view" ? (
        <CameraInfoPanel space={space} uuid={uuid} section={section} />
      ) : kind === "device" && uuid && space && action === "edit" ? (
        <EditDevicePanel space={space} uuid={uuid} section={section} />
      ) : (
        <FlyoutPlaceholder />
      )}
    </FlyoutSheet>
  );
}
