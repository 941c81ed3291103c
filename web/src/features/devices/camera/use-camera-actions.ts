import "@/lib/i18n/locales/en-device";
import { cameraConnectionTest, takeCameraSnapshot, updateCamera } from "@contracts/cameras/routes";
import { NO_APP_RUNNERS_MESSAGE } from "@contracts/cameras/schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { ApiError, callApi } from "@/lib/api/api";
import { useT } from "@/lib/i18n";
import { showAlert } from "@/lib/ui/alerts";
import { fetchBlob } from "../settings/device-call";
import { type CameraFormValues, cameraUpdateBody, connectionOutcome, connectionTestRequest } from "./camera-form";
import { cameraQueries } from "./queries";

type Ref = { space: string; device: string; location: string; camera: string };
const paramsOf = (ref: Ref) => ({ space: ref.space, loc: ref.location, camera: ref.camera });

/** The server's words for a failure it explains (503 no runner, 502 the runner's), else null. */
const serverMessage = (error: unknown) =>
  error instanceof ApiError && (error.status === 503 || error.status === 502) ? error.message : null;

/**
 * Connect (devices.md §2 Camera settings): saves the connection fields, then checks them through
 * a runner of the camera's location; the outcome is an alert ("Device has no app runners
 * available" when none is online).
 */
export function useCameraConnect(ref: Ref) {
  const t = useT();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: CameraFormValues) => {
      await callApi(updateCamera, { params: paramsOf(ref), json: cameraUpdateBody(values) });
      void queryClient.invalidateQueries({ queryKey: cameraQueries.detail(ref.space, ref.device).queryKey });
      return callApi(cameraConnectionTest, { params: paramsOf(ref), json: connectionTestRequest(values) });
    },
    onSuccess: (result) => {
      const outcome = connectionOutcome(result);
      showAlert(
        outcome.ok
          ? { type: "success", message: t("device.camera.connected", { http: outcome.http, rtsp: outcome.rtsp }) }
          : { type: "warning", duration: 10_000, message: t("device.camera.unreachable", { reason: outcome.reason }) },
      );
    },
    onError: (error) => {
      console.error("Camera connect failed", error);
      const message = serverMessage(error);
      showAlert({
        type: message === NO_APP_RUNNERS_MESSAGE ? "warning" : "error",
        message: message ?? t("device.settings.actionFailed"),
      });
    },
  });
}

/** An image URL of the API as an object URL for <img> (revoked when it changes or unmounts). */
function useObjectUrl(blob: Blob | null | undefined) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return setUrl(null);
    const href = URL.createObjectURL(blob);
    setUrl(href);
    return () => URL.revokeObjectURL(href);
  }, [blob]);
  return url;
}

/**
 * The camera's snapshot: the newest one kept (…/snapshot/latest.jpg; none yet is no error) and
 * Refresh Snapshot, which has a runner of the location fetch a new one into storage.
 */
export function useCameraSnapshot(ref: Ref | null) {
  const t = useT();
  const queryClient = useQueryClient();
  const key = ["camera-snapshot", ref?.space, ref?.camera] as const;
  const latest = useQuery({
    queryKey: key,
    enabled: ref !== null,
    queryFn: async ({ signal }) => {
      if (!ref) return null;
      const url = `/api/space/${ref.space}/location/${ref.location}/camera/${ref.camera}/snapshot/latest.jpg`;
      return fetchBlob(url, signal).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      });
    },
    retry: false,
  });
  const refresh = useMutation({
    mutationFn: async () => {
      if (!ref) throw new Error("no camera");
      const { snapshot_url } = await callApi(takeCameraSnapshot, { params: paramsOf(ref) });
      return fetchBlob(snapshot_url);
    },
    onSuccess: (blob) => queryClient.setQueryData(key, blob),
    onError: (error) => {
      console.error("Camera snapshot failed", error);
      showAlert({ type: "error", message: serverMessage(error) ?? t("device.camera.snapshotFailed") });
    },
  });
  return { url: useObjectUrl(latest.data), loading: latest.isPending && ref !== null, refresh };
}
