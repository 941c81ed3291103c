import "@/lib/i18n/locales/en-device";
import type { DeviceDetail } from "@contracts/devices/detail";
import { replacementInstallationCode } from "@contracts/installation/routes";
import { setDebug, setEnabled, setVision } from "@contracts/remote-actions/routes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { callApi } from "@/lib/api/api";
import { useT } from "@/lib/i18n";
import { showAlert } from "@/lib/ui/alerts";
import { outcomeUnknownAlert } from "../commands/use-open-commands";
import { useDeviceCommands } from "../live/command-store";
import { latestOf } from "../live/room-state";
import { deviceQueries } from "../queries";
import { classifyFailure } from "./remote-actions";
import { nextVision, type VisionState, visionAfter } from "./vision";
import { visionFailure } from "./vision-failure";

type Device = Pick<DeviceDetail, "uuid" | "space_uuid" | "vision_enabled">;

function useDeviceCache(device: Device) {
  const queryClient = useQueryClient();
  const key = deviceQueries.detailKey(device.space_uuid, device.uuid);
  return {
    params: { space: device.space_uuid, uuid: device.uuid },
    store: (detail: DeviceDetail) => queryClient.setQueryData(key, detail),
    patch: (change: Partial<DeviceDetail>) =>
      queryClient.setQueryData<DeviceDetail>(key, (detail) => (detail ? { ...detail, ...change } : detail)),
    // The list shows enabled and vision too.
    refresh: () => queryClient.invalidateQueries({ queryKey: deviceQueries.all(device.space_uuid) }),
  };
}

/**
 * The Disable switch and Enable Debug Mode (devices.md §8 texts). While a call runs the switch
 * shows the asked value (`variables`); a failure drops it, so the switch reverts. An
 * outcome_unknown reply (the device took the change, its answer is missing) is a
 * warning pointing at the Commands tab (`viewCommands`), not a failure; the detail is read again.
 */
export function useSettingToggles(device: Device, viewCommands: () => void) {
  const t = useT();
  const cache = useDeviceCache(device);
  const unknownOutcome = (error: unknown) => {
    if (classifyFailure(error).kind !== "outcomeUnknown") return false;
    showAlert(outcomeUnknownAlert(t, viewCommands));
    void cache.refresh();
    return true;
  };
  const enabled = useMutation({
    mutationFn: (value: boolean) => callApi(setEnabled, { params: cache.params, json: { enabled: value } }),
    onSuccess: (detail, value) => {
      cache.store(detail);
      showAlert({ type: "success", message: t(value ? "device.settings.enabledOn" : "device.settings.enabledOff") });
      void cache.refresh();
    },
    onError: (error) => {
      console.error("Enable toggle failed", error);
      if (unknownOutcome(error)) return;
      showAlert({ type: "error", message: t("device.settings.enabledFailed") });
    },
  });
  const debug = useMutation({
    mutationFn: (value: boolean) => callApi(setDebug, { params: cache.params, json: { debug_mode: value } }),
    onSuccess: (detail) => {
      cache.store(detail);
      showAlert({ type: "success", message: t("device.settings.debugToggled") });
      void cache.refresh();
    },
    onError: (error) => {
      console.error("Debug toggle failed", error);
      if (unknownOutcome(error)) return;
      showAlert({ type: "error", message: t("device.settings.debugFailed") });
    },
  });
  return { enabled, debug };
}

/**
 * Enable Vision (devices.md §4): the toggle sets *_requested at once; the room's commandUpdate
 * of set-vision moves it to *_pending and then to the result; a failure reverts to the state
 * before the toggle with "Failed to toggle vision status."; an outcome_unknown answer is not a
 * failure (the server keeps it pending until the late answer). Without a change of our own the
 * detail's vision_enabled (written by the server through the same machine) is shown.
 */
export function useVisionToggle(device: Device, viewCommands?: () => void) {
  const t = useT();
  const cache = useDeviceCache(device);
  const commands = useDeviceCommands(device.uuid);
  const [change, setChange] = useState<{ requested: VisionState; previous: VisionState; after?: string } | null>(null);
  const mutation = useMutation({
    mutationFn: ({ enabled }: { enabled: boolean; previous: VisionState }) =>
      callApi(setVision, { params: cache.params, json: { enabled } }),
    onSuccess: (detail) => {
      cache.store(detail);
      void cache.refresh();
    },
    onError: (error, { previous }) => {
      console.error("Vision toggle failed", error);
      const { revert, alert } = visionFailure(error, t, viewCommands);
      if (revert) cache.patch({ vision_enabled: previous });
      if (alert) showAlert(alert);
      void cache.refresh();
    },
    onSettled: () => setChange(null),
  });

  // Only a set-vision command that started after our toggle belongs to it.
  const command = latestOf(commands, "set-vision");
  const ours = change && command && command.id !== change.after ? command : undefined;
  const state: VisionState = change
    ? ours
      ? visionAfter(change.requested, ours.status, change.previous)
      : change.requested
    : device.vision_enabled;

  const toggle = (value: boolean) => {
    const requested = nextVision(device.vision_enabled, { type: "toggle", enabled: value });
    if (!requested || mutation.isPending) return;
    setChange({ requested, previous: device.vision_enabled, after: command?.id });
    mutation.mutate({ enabled: value, previous: device.vision_enabled });
  };
  return { state, toggle, busy: mutation.isPending };
}

/** Generate Replacement Code: the code is shown once, so the alert can copy it. */
export function useReplacementCode(device: Device, onDone: () => void) {
  const t = useT();
  const cache = useDeviceCache(device);
  return useMutation({
    mutationFn: () => callApi(replacementInstallationCode, { params: cache.params }),
    onSuccess: (code) => {
      showAlert({
        type: "success",
        constant: true,
        message: t("device.settings.replacementDone"),
        button: { type: "copy", text: t("device.settings.copy"), data: code.installation_code_value },
      });
      void cache.refresh();
      onDone();
    },
    onError: (error) => {
      console.error("Replacement code failed", error);
      showAlert({ type: "error", message: t("device.settings.actionFailed") });
    },
  });
}
