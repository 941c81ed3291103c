import { getCamera } from "@contracts/devices/routes";
import { queryOptions } from "@tanstack/react-query";
import { callApi } from "@/lib/api/api";
import { deviceViewPath } from "../paths";
import { deviceQueries } from "../queries";

/** GET /space/{space}/camera/{uuid}/: a camera-type device with its connection settings. */
export const cameraQueries = {
  detail: (space: string, uuid: string) =>
    queryOptions({
      // Under the device's key, so live updates that invalidate the device refresh this too.
      queryKey: [...deviceQueries.detailKey(space, uuid), "camera"] as const,
      queryFn: ({ signal }) => callApi(getCamera, { params: { space, uuid }, signal }),
    }),
};

/** devices.md §2: device_type=camera with uuid opens camera info (under /devices or /locations). */
export const cameraViewPath = (space: string, uuid: string, section = "devices") =>
  `/${section}/camera/view/${space}/${uuid}/general`;

/** A listed device that is a camera (device type "camera", shorthand CAM). */
export const isCameraDevice = (device: { device_type_name: string; device_type_shorthand?: string }) =>
  device.device_type_name.toLowerCase() === "camera" || device.device_type_shorthand === "CAM";

/** Where a listed device opens (devices.md §2): camera info for a camera, the device view otherwise. */
export const listedDevicePath = (
  device: { space_uuid: string; uuid: string; device_type_name: string; device_type_shorthand?: string },
  section = "devices",
) =>
  isCameraDevice(device)
    ? cameraViewPath(device.space_uuid, device.uuid, section)
    : deviceViewPath(device.space_uuid, device.uuid, "general", section);
