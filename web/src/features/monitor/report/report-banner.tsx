import "@/lib/i18n/locales/en-health-report";
import type { DeviceDetail } from "@contracts/devices/detail";
import { ClockIcon, LoaderCircleIcon, PowerOffIcon, RefreshCwIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useI18n } from "@/lib/i18n";
import { formatDateTime } from "@/lib/i18n/datetime";
import { cn } from "@/lib/ui/utils";
import { useRefreshTelemetry } from "./use-refresh-telemetry";

/**
 * The report's banner (console.md §2.11): the last check in local time and Refresh Data while
 * the device is online; offline, the note that it must be turned on first.
 */
export function ReportBanner({ device, canWrite }: { device: DeviceDetail; canWrite: boolean }) {
  const { t, lang } = useI18n();
  const refresh = useRefreshTelemetry(device.space_uuid, device.uuid);
  const checked = device.telemetry_updated_at
    ? t("report.lastCheck", { time: formatDateTime(device.telemetry_updated_at, lang) })
    : t("report.noCheck");
  return (
    <div
      data-testid="report-banner"
      className={cn(
        "flex min-h-12 flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border px-4 py-2",
        device.online ? "bg-muted/40" : "border-status-offline/40 bg-status-offline/8",
      )}
    >
      <p className="flex items-center gap-2 text-sm">
        <ClockIcon className="size-4 text-muted-foreground" aria-hidden="true" />
        <span data-testid="last-check" className="tabular-nums">
          {checked}
        </span>
      </p>
      {device.online ? (
        canWrite && (
          <Button
            size="sm"
            className="ml-auto"
            disabled={refresh.isPending}
            onClick={() => refresh.mutate()}
            aria-busy={refresh.isPending || undefined}
          >
            {refresh.isPending ? (
              <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
            ) : (
              <RefreshCwIcon aria-hidden="true" />
            )}
            {refresh.isPending ? t("report.refreshing") : t("report.refresh")}
          </Button>
        )
      ) : (
        <p role="status" className="flex items-center gap-2 text-sm font-medium sm:ml-auto">
          <PowerOffIcon className="size-4 text-status-offline" aria-hidden="true" />
          {t("report.offline")}
        </p>
      )}
    </div>
  );
}
