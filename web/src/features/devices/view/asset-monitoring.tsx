import "@/lib/i18n/locales/en-device";
import "@/lib/i18n/locales/en-health-report";
import type { DeviceDetail } from "@contracts/devices/detail";
import { HeartPulseIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { HealthSections } from "@/features/monitor/report/health-sections";
import { healthReportPath } from "@/features/monitor/report/paths";
import { useI18n } from "@/lib/i18n";
import { formatDateTime } from "@/lib/i18n/datetime";

/**
 * Asset Info → Monitoring: the latest telemetry as the health report's sections (one
 * implementation), the time of that report, and the way to the full report with its charts.
 */
export function AssetMonitoring({ device }: { device: DeviceDetail }) {
  const { t, lang } = useI18n();
  const open = (
    <Button asChild variant="outline" size="sm">
      <Link to={healthReportPath(device.space_uuid, device.uuid)}>
        <HeartPulseIcon aria-hidden="true" />
        {t("report.open")}
      </Link>
    </Button>
  );
  if (!device.latest_telemetry)
    return (
      <div className="flex flex-col items-start gap-3">
        <p className="text-sm text-muted-foreground">{t("device.asset.noTelemetry")}</p>
        {open}
      </div>
    );
  return (
    <div className="flex flex-col gap-3" data-testid="monitoring">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-muted-foreground">
          {device.telemetry_updated_at
            ? t("device.asset.telemetryAt", { time: formatDateTime(device.telemetry_updated_at, lang) })
            : null}
        </p>
        {open}
      </div>
      <HealthSections device={device} />
    </div>
  );
}
