import "@/lib/i18n/locales/en-device";
import { addDevice, deleteDevice, editDevice, setDeviceArchived, terminateConnection } from "@contracts/devices/routes";
import type { DeviceAddInput, DeviceEditInput } from "@contracts/devices/schema";
import { emailInstallationCode, resetInstallationCode } from "@contracts/installation/routes";
import type { InstallationCode, InstallationCodeEmailInput } from "@contracts/installation/schema";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCurrentSpace } from "@/features/session/current-space";
import { callApi } from "@/lib/api/api";
import { useT } from "@/lib/i18n";
import { showAlert } from "@/lib/ui/alerts";
import type { LifecycleAction } from "./logic/menu";
import { type CommentPart, commentRoutesOf, deviceQueries, forgetDevice } from "./queries";

/** Every device mutation invalidates the space's device queries (list, detail, comments). */
function useDeviceBase() {
  const { space } = useCurrentSpace();
  const queryClient = useQueryClient();
  const invalidate = () => queryClient.invalidateQueries({ queryKey: deviceQueries.all(space.space_uuid) });
  return { space: space.space_uuid, queryClient, invalidate, t: useT() };
}

/** Archive, unarchive, delete and terminate connection (devices.md §4), each with its alert. */
export function useDeviceLifecycle(device: { uuid: string; name: string }) {
  const { space, queryClient, invalidate, t } = useDeviceBase();
  const params = { space, uuid: device.uuid };
  return useMutation({
    mutationFn: async (action: LifecycleAction) => {
      if (action === "delete") return callApi(deleteDevice, { params });
      if (action === "terminate") return callApi(terminateConnection, { params });
      return callApi(setDeviceArchived, { params, json: { archived: action === "archive" } });
    },
    onSuccess: (_, action) => {
      const key = {
        archive: "device.archived",
        unarchive: "device.unarchived",
        delete: "device.deleted",
        terminate: "device.terminated",
      } as const;
      showAlert({ type: "success", message: t(key[action], { name: device.name }) });
      if (action === "delete") forgetDevice(queryClient, space, device.uuid);
      else void invalidate();
    },
    onError: (error) => {
      console.error("Device action failed", error);
      showAlert({ type: "error", message: t("device.actionFailed") });
    },
  });
}

export function useEditDevice(uuid: string) {
  const { space, queryClient, invalidate, t } = useDeviceBase();
  return useMutation({
    mutationFn: (input: DeviceEditInput) => callApi(editDevice, { params: { space, uuid }, json: input }),
    onSuccess: (device) => {
      queryClient.setQueryData(deviceQueries.detail(space, uuid).queryKey, device);
      showAlert({ type: "success", message: t("device.edit.saved", { name: device.name }) });
      void invalidate();
    },
    onError: (error) => {
      console.error("Device edit failed", error);
      showAlert({ type: "error", message: t("device.edit.failed") });
    },
  });
}

export function useAddDevice() {
  const { space, queryClient, invalidate, t } = useDeviceBase();
  return useMutation({
    mutationFn: async (input: DeviceAddInput) => {
      const device = await callApi(addDevice, { params: { space }, json: input });
      // A new runner's view shows its installation code at once (no Reset click first): its first
      // code is made now and handed to the card. Without one, the card still offers Reset.
      const params = { space, uuid: device.uuid };
      await callApi(resetInstallationCode, { params }).then(
        (code) => queryClient.setQueryData(deviceQueries.issuedCodeKey(space, device.uuid), code),
        (error: unknown) => console.error("First installation code failed", error),
      );
      return device;
    },
    onSuccess: (device) => {
      showAlert({ type: "success", message: t("device.add.added", { name: device.name }) });
      void invalidate();
    },
    onError: (error) => {
      console.error("Device add failed", error);
      showAlert({ type: "error", message: t("device.add.failed") });
    },
  });
}

/** Reset (no body) or e-mail the installation code; both answer with the new code. */
export function useInstallationCode(uuid: string) {
  const { space, queryClient, invalidate, t } = useDeviceBase();
  const params = { space, uuid };
  const remember = (code: InstallationCode) => queryClient.setQueryData(deviceQueries.issuedCodeKey(space, uuid), code);
  const reset = useMutation({
    mutationFn: () => callApi(resetInstallationCode, { params }),
    onSuccess: (code) => {
      remember(code);
      void invalidate();
    },
    onError: (error) => {
      console.error("Installation code reset failed", error);
      showAlert({ type: "error", message: t("device.code.resetFailed") });
    },
  });
  const email = useMutation({
    mutationFn: (input: InstallationCodeEmailInput) => callApi(emailInstallationCode, { params, json: input }),
    onSuccess: (code) => {
      remember(code);
      showAlert({ type: "success", message: t("device.code.emailSent") });
      void invalidate();
    },
    onError: (error) => {
      console.error("Installation code e-mail failed", error);
      showAlert({ type: "error", message: t("device.code.emailFailed") });
    },
  });
  return { reset, email };
}

/** devices.md §8: comment failures show nothing (logged only). */
export function useDeviceComments(uuid: string, part?: CommentPart) {
  const { space, queryClient } = useDeviceBase();
  const key = deviceQueries.comments(space, uuid, part).queryKey;
  const { routes, params } = commentRoutesOf(space, uuid, part);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const add = useMutation({
    mutationFn: (value: string) => callApi(routes.add, { params, json: { value } }),
    // A display's reply carries its comments list (devices.md §7): shown at once, no second read.
    onSuccess: (reply) =>
      "comments" in reply ? queryClient.setQueryData(key, { comments: reply.comments }) : void refresh(),
    onError: (error) => console.error("Comment failed", error),
  });
  const remove = useMutation({
    mutationFn: (comment: string) => callApi(routes.remove, { params: { ...params, comment } }),
    onSuccess: () => void refresh(),
    onError: (error) => console.error("Comment delete failed", error),
  });
  return { add, remove };
}
