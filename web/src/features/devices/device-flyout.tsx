import { lazy, Suspense } from "react";
import { useLocation, useParams } from "react-router";
import { FlyoutLoading, FlyoutPlaceholder, FlyoutSheet } from "@/app/flyout";
import { withChunkTimeout } from "@/lib/api/chunk-load";
import { isDeviceTab } from "./paths";
import { DeviceViewPanel } from "./view/device-view-panel";

/*
 * The device view is what the flyout opens most; its forms (edit, add a runner, Detect Devices,
 * a camera's connection) load when one is opened, so the view's first load carries neither
 * react-hook-form nor zod. A chunk that fails to load reaches the route's error screen.
 */
const AddRunnerPanel = lazy(
  withChunkTimeout(() => import("./add/add-runner-panel").then((m) => ({ default: m.AddRunnerPanel }))),
);
const DetectDevicesPanel = lazy(
  withChunkTimeout(() => import("./detect/detect-devices-panel").then((m) => ({ default: m.DetectDevicesPanel }))),
);
const EditDevicePanel = lazy(
  withChunkTimeout(() => import("./edit/edit-device-panel").then((m) => ({ default: m.EditDevicePanel }))),
);
const CameraInfoPanel = lazy(
  withChunkTimeout(() => import("./camera/camera-info-panel").then((m) => ({ default: m.CameraInfoPanel }))),
);

/**
 * The flyout of /devices/{action} and /{devices|locations}/device/{action}/{space_uuid}/{uuid}/{tab}:
 * view, edit and add a runner device, Detect Devices, and camera info (device_type camera).
 */
export function DeviceFlyout() {
  const { action, device_type: kind, space_uuid: space, uuid, tab } = useParams();
  const section = useLocation().pathname.split("/")[1] || "devices";
  return (
    <FlyoutSheet>
      <Suspense fallback={<FlyoutLoading />}>
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
      </Suspense>
    </FlyoutSheet>
  );
}
