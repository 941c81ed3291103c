import "@/lib/i18n/locales/en-health-report";
import { refreshTelemetry } from "@contracts/remote-actions/routes";
import { useMutation } from "@tanstack/react-query";
import { callApi } from "@/lib/api/api";
import { useT } from "@/lib/i18n";
import { showAlert } from "@/lib/ui/alerts";

/**
 * Refresh Data (console.md §7.3): POST …/services-telemetry-refresh/ asks the agent for a report
 * now and answers once it is done. The new values arrive on the device room (telemetrySample →
 * the cached detail and the charts' tail). No refetch here: D1 keeps a report only when its
 * health changed or every 15 minutes, so a refetch could put an older report back.
 */
export function useRefreshTelemetry(space: string, uuid: string) {
  const t = useT();
  return useMutation({
    // One id per press: a retry of the same request is answered once, never run twice (#14).
    mutationFn: () => callApi(refreshTelemetry, { params: { space, uuid }, json: { request_id: crypto.randomUUID() } }),
    onSuccess: () => {
      showAlert({ type: "success", message: t("report.refreshed") });
    },
    onError: (error) => {
      console.error("Telemetry refresh failed", error);
      showAlert({ type: "error", message: t("report.refreshFailed") });
    },
  });
}
