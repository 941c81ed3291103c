import "@/lib/i18n/locales/en-detect";
import { DETECTION_TIMEOUT_MS } from "@contracts/detection/schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useReducer } from "react";
import { useT } from "@/lib/i18n";
import { showAlert } from "@/lib/ui/alerts";
import { detectionQueries, startDetection } from "./queries";
import { initialScanPhase, scanReducer, scanView } from "./scan-state";
import { startFailure } from "./start-failure";
import { type LocationEvent, useLocationRoom } from "./use-location-room";

/**
 * console.md §8: 503 "This location has no available devices" (no runner there is online). The
 * only 503 this call answers with, so its text is not required to match.
 */

/**
 * Detect Devices at one location: its latest scan (GET state), the location's room (joined when
 * the panel shows the location), and `detect()` which waits for that join, then POSTs; the
 * room's event, a 503 or the 5 s timeout ends the spinner.
 * The room's events update the cache here, in one place.
 */
export function useDetection(space: string, location: string) {
  const t = useT();
  const queryClient = useQueryClient();
  const state = useQuery(detectionQueries.state(space, location));
  const [phase, dispatch] = useReducer(scanReducer, initialScanPhase);

  const onEvent = useCallback(
    (event: LocationEvent) => {
      const all = detectionQueries.all(space, location);
      if (event.event === "devicesDetected") {
        const { cameras_detected, ...scan } = event.data;
        queryClient.setQueryData(detectionQueries.state(space, location).queryKey, { scan });
        void queryClient.invalidateQueries({ queryKey: all });
        dispatch({ type: "devicesDetected" });
        // devices.md §7: raised from the push when the scan found cameras.
        if ((cameras_detected ?? 0) > 0) showAlert({ type: "info", message: t("detect.camerasDetected") });
      } else if (event.event === "noDevicesDetected") {
        void queryClient.invalidateQueries({ queryKey: detectionQueries.state(space, location).queryKey });
        dispatch({ type: "noDevicesDetected" });
        showAlert({ type: "warning", message: t("detect.cameraScanUnavailable") });
      }
    },
    [queryClient, space, location, t],
  );
  const join = useLocationRoom(space, location, onEvent);

  const post = useMutation({
    mutationFn: async () => {
      await join();
      return startDetection(space, location);
    },
    onMutate: () => {
      // A new run starts clean: the earlier results are not shown while it spins.
      queryClient.removeQueries({ queryKey: detectionQueries.itemsKey(space, location) });
      dispatch({ type: "start" });
    },
    onSuccess: (scan) => {
      queryClient.setQueryData(detectionQueries.state(space, location).queryKey, { scan });
      dispatch({ type: "accepted", scan });
    },
    onError: (error) => {
      const failure = startFailure(error);
      if (failure.kind === "noDevices") {
        // Flag no devices detected and clear the detected devices.
        queryClient.removeQueries({ queryKey: detectionQueries.itemsKey(space, location) });
        dispatch({ type: "unavailable" });
        return;
      }
      console.error("Detect devices failed", error);
      showAlert({
        type: "error",
        message: failure.kind === "server" ? failure.message : t("common.unexpectedError"),
      });
      dispatch({ type: "failed" });
    },
  });

  // No event within DETECTION_TIMEOUT_MS: stop the spinner and load whatever the listing has.
  const scanning = phase.kind === "scanning";
  const { attempt } = phase;
  useEffect(() => {
    if (!scanning) return;
    const timer = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: detectionQueries.all(space, location) });
      dispatch({ type: "timeout", attempt });
    }, DETECTION_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [scanning, attempt, queryClient, space, location]);

  const latest = state.data;
  return {
    phase,
    latest,
    stateLoading: state.isPending,
    view: scanView(phase, latest),
    detect: () => post.mutate(),
  };
}
