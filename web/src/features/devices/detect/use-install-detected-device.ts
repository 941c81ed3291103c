import "@/lib/i18n/locales/en-device";
import { installDetectedDevice } from "@contracts/detection/routes";
import type { DetectedDeviceInstallInput } from "@contracts/detection/schema";
import { locationQueries } from "@/features/locations/queries";
import { useSpaceMutation } from "@/features/session/use-space-mutation";
import { callApi } from "@/lib/api/api";
import { useT } from "@/lib/i18n";
import { showAlert } from "@/lib/ui/alerts";
import { deviceQueries } from "../queries";
import { detectionQueries } from "./queries";

/**
 * POST …/detected-device-installation/ → 201 DeviceDetail. Success: "Device {name} added
 * successfully." and the device list, the locations (their device totals) and the detection
 * results refetch; failure: "An error occurred!" (field errors are shown by the form).
 */
export function useInstallDetectedDevice(location: string) {
  const t = useT();
  return useSpaceMutation({
    request: (space, input: DetectedDeviceInstallInput) =>
      callApi(installDetectedDevice, { params: { space, loc: location }, json: input }),
    invalidates: (space) => [
      deviceQueries.all(space),
      locationQueries.all(space),
      detectionQueries.all(space, location),
    ],
    success: (device) => t("device.add.added", { name: device.name }),
    onError: (error) => {
      console.error("Detected device install failed", error);
      showAlert({ type: "error", message: t("device.add.failed") });
    },
  });
}
