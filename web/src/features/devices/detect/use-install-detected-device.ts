import { installDetectedDevice } from "@contracts/api/detection";
import type { DetectedDeviceInstallInput } from "@contracts/detection";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { locationQueries } from "@/features/locations/queries";
import { useCurrentSpace } from "@/features/session/current-space";
import { showAlert } from "@/lib/alerts";
import { callApi } from "@/lib/api";
import { useT } from "@/lib/i18n";
import { deviceQueries } from "../queries";
import { detectionQueries } from "./queries";

/**
 * POST …/detected-device-installation/ → 201 DeviceDetail. Success: "Device {name} added
 * successfully." and the device list, the locations (their device totals) and the detection
 * results refetch; failure: "An error occurred!" (field errors are shown by the form).
 */
export function useInstallDetectedDevice(location: string) {
  const t = useT();
  const { space } = useCurrentSpace();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DetectedDeviceInstallInput) =>
      callApi(installDetectedDevice, { params: { space: space.space_uuid, loc: location }, json: input }),
    onSuccess: (device) => {
      showAlert({ type: "success", message: t("device.add.added", { name: device.name }) });
      void queryClient.invalidateQueries({ queryKey: deviceQueries.all(space.space_uuid) });
      void queryClient.invalidateQueries({ queryKey: locationQueries.all(space.space_uuid) });
      void queryClient.invalidateQueries({ queryKey: detectionQueries.all(space.space_uuid, location) });
    },
    onError: (error) => {
      console.error("Detected device install failed", error);
      showAlert({ type: "error", message: t("device.add.failed") });
    },
  });
}
