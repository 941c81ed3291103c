import "@/lib/i18n/locales/en-device";
import type { DeviceDetail } from "@contracts/devices/detail";
import { detectDisplays, detectPeripherals } from "@contracts/peripherals/routes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callApi } from "@/lib/api/api";
import { useT } from "@/lib/i18n";
import { showAlert } from "@/lib/ui/alerts";
import { deviceQueries } from "../queries";
import { detectionAlert, serverMessage } from "./save-outcome";

type Device = Pick<DeviceDetail, "uuid" | "space_uuid">;

/**
 * Detect displays / Detect misc. (devices.md §2, §7, §8): the agent reports what is attached;
 * the reply's lists go into the detail at once and the detail is refetched. "No new …
 * detected" is a warning; a failure shows the server's message (503 when offline).
 */
export function usePeripheralDetection(device: Device) {
  const t = useT();
  const queryClient = useQueryClient();
  const key = deviceQueries.detailKey(device.space_uuid, device.uuid);
  const params = { space: device.space_uuid, uuid: device.uuid };
  const patch = (change: Partial<DeviceDetail>) =>
    queryClient.setQueryData<DeviceDetail>(key, (detail) => (detail ? { ...detail, ...change } : detail));
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const announce = ({ type, key, count }: ReturnType<typeof detectionAlert>) =>
    showAlert({ type, message: t(key, { count }) });
  const failed = (error: Error) => {
    console.error("Peripheral detection failed", error);
    showAlert({ type: "error", message: serverMessage(error) ?? t("device.settings.actionFailed") });
  };

  const displays = useMutation({
    mutationFn: () => callApi(detectDisplays, { params }),
    onSuccess: (result) => {
      patch({ displays: result.displays });
      announce(detectionAlert("displays", result.new_displays));
      void refresh();
    },
    onError: failed,
  });
  const peripherals = useMutation({
    mutationFn: () => callApi(detectPeripherals, { params }),
    onSuccess: (result) => {
      patch({ peripherals: result.peripherals });
      announce(detectionAlert("peripherals", result.new_peripherals));
      void refresh();
    },
    onError: failed,
  });
  return { displays, peripherals };
}
