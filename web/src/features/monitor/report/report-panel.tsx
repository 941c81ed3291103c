import "@/lib/i18n/locales/en-flyout";
import "@/lib/i18n/locales/en-device";
import "@/lib/i18n/locales/en-health-report";
import { replaceEqualDeep, useQuery } from "@tanstack/react-query";
import { ExternalLinkIcon } from "lucide-react";
import { Link } from "react-router";
import { FlyoutLoadFailed } from "@/components/flyout-states";
import { HealthStatus } from "@/components/health";
import { Button } from "@/components/ui/button";
import { SheetBody, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { DeviceStatusIcon, deviceLook } from "@/features/devices/device-status";
import { keepNewerTelemetry } from "@/features/devices/live/room-state";
import { useDeviceRoom } from "@/features/devices/live/use-device-room";
import { typeLabel } from "@/features/devices/logic/format";
import { deviceViewPath } from "@/features/devices/paths";
import { deviceQueries } from "@/features/devices/queries";
import { DeviceToolbar } from "@/features/devices/view/device-toolbar";
import { usePermissions } from "@/features/space/use-permissions";
import { useT } from "@/lib/i18n";
import { TelemetryCharts } from "./charts/telemetry-charts-section";
import { reportWorst } from "./device-health";
import { HealthSections } from "./health-sections";
import { ReportBanner } from "./report-banner";
import { ReportSkeleton } from "./report-skeleton";

/** The device health report: header with the worst condition, banner, sections, charts. */
export function HealthReportPanel({ space, uuid }: { space: string; uuid: string }) {
  const t = useT();
  const { canWrite } = usePermissions();
  // "Monitoring … loads the latest telemetry" (devices.md §2): always fetched on opening; a
  // refetch never replaces a newer report that arrived live with an older stored one.
  const device = useQuery({
    ...deviceQueries.detail(space, uuid),
    refetchOnMount: "always",
    structuralSharing: (cached, fetched) => replaceEqualDeep(cached, keepNewerTelemetry(cached, fetched)),
  });
  // The device room: presence, and telemetrySample for the values, the last check and the live tail.
  useDeviceRoom(space, uuid);
  const data = device.data;

  if (device.isPending) return <ReportSkeleton label={t("report.loading")} />;
  if (device.isError || !data)
    return (
      <FlyoutLoadFailed
        title={t("report.title")}
        uuid={uuid}
        error={device.error}
        failedText={t("device.loadFailed")}
        notFoundText={t("device.notFound")}
      />
    );

  return (
    <>
      <SheetHeader className="gap-1.5">
        <div className="flex min-h-9 items-start gap-3 sm:items-center">
          <DeviceStatusIcon look={deviceLook(data)} />
          <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1">
            <SheetTitle className="min-w-0 text-lg break-words sm:truncate">{data.name}</SheetTitle>
            <span className="flex items-center gap-1.5 rounded-full border px-2 py-0.5" data-testid="report-worst">
              <span className="text-xs text-muted-foreground">{t("report.overall")}</span>
              <HealthStatus code={reportWorst(data)} />
            </span>
          </div>
          <Button asChild variant="ghost" size="sm" className="shrink-0">
            <Link to={deviceViewPath(data.space_uuid, uuid, "general")}>
              <ExternalLinkIcon aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">{t("flyout.action.view")}</span>
            </Link>
          </Button>
        </div>
        <SheetDescription>
          {[t("report.title"), typeLabel(data.device_type_name), data.location_name].filter(Boolean).join(" · ")}
        </SheetDescription>
        <DeviceToolbar device={data} section="devices" />
      </SheetHeader>
      <SheetBody className="space-y-4">
        <ReportBanner device={data} canWrite={canWrite} />
        <HealthSections device={data} />
        <TelemetryCharts space={data.space_uuid} uuid={uuid} />
      </SheetBody>
    </>
  );
}
