import "@/lib/i18n/locales/en-monitor-pages";
import type { MonitoringDevice } from "@contracts/monitoring/schema";
import { MapPinIcon } from "lucide-react";
import { Link } from "react-router";
import { DeviceHealthBadge } from "@/components/health";
import { Skeleton } from "@/components/ui/skeleton";
import { deviceLook } from "@/features/devices/device-status";
import { healthFreshness } from "@/features/devices/logic/health-freshness";
import { useI18n, useT } from "@/lib/i18n";
import { formatTimeAgo } from "@/lib/i18n/datetime";
import { cn } from "@/lib/ui/utils";
import { deviceWhere, StatusDot } from "./activity-card";
import { problemsOf } from "./device-problems";
import { headingLabel } from "./performance-filters";
import { RelativeTimeText } from "./relative-time-text";

/** console.md §2.11: a device's health report, in the Performance flyout. */
export const healthReportPath = (space: string, uuid: string, tab = "general") =>
  `/performance/device/view/${space}/${uuid}/${tab}`;

const MAX_CHIPS = 4;
export const MONITORING_CARD_HEIGHT = 132;

/** A device in the Performance list: status, health, its worst conditions and when it was last measured. */
export function MonitoringCard({ device }: { device: MonitoringDevice }) {
  const t = useT();
  const { lang } = useI18n();
  const problems = problemsOf(device);
  const facts = deviceWhere(device, t);
  // Not online: its conditions are only what it last reported, never a fresh "No warnings".
  const freshness = healthFreshness(device);
  return (
    <Link
      to={healthReportPath(device.space_uuid, device.uuid)}
      data-testid="monitoring-card"
      data-uuid={device.uuid}
      style={{ height: MONITORING_CARD_HEIGHT }}
      className={cn(
        "flex flex-col gap-2 rounded-lg border border-l-4 bg-card p-3 shadow-xs outline-none transition-colors hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring",
        freshness.stale
          ? "border-l-status-offline"
          : device.combined_status === 3
            ? "border-l-destructive"
            : device.combined_status === 2
              ? "border-l-warning"
              : "border-l-border",
      )}
    >
      <div className="flex items-center gap-2">
        <StatusDot look={deviceLook(device)} />
        <h3 className="min-w-0 flex-1 truncate text-sm font-semibold">{device.name}</h3>
        <DeviceHealthBadge device={device} compact />
      </div>
      <p className="flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground">
        <MapPinIcon className="size-3.5 shrink-0" aria-hidden="true" />
        <span className="truncate">{facts}</span>
      </p>
      <ul
        className="flex min-h-0 flex-1 flex-wrap content-start gap-1 overflow-hidden"
        aria-label={t("monitor.problems")}
      >
        {freshness.stale ? (
          <li className="w-full text-xs text-muted-foreground" data-testid="monitoring-stale">
            {freshness.asOf
              ? t("monitor.offlineLastKnown", { time: formatTimeAgo(freshness.asOf, lang) })
              : t("monitor.offlineNoData")}
          </li>
        ) : (
          problems.length === 0 && (
            <li className="text-xs text-muted-foreground">
              {device.telemetry_updated_at ? t("monitor.noProblems") : t("monitor.noTelemetry")}
            </li>
          )
        )}
        {problems.slice(0, MAX_CHIPS).map((problem) => (
          <li
            key={problem.kind === "heading" ? problem.heading : `p-${problem.name}`}
            className={cn(
              "max-w-full truncate rounded-sm px-1.5 py-0.5 text-[11px] leading-4 font-medium",
              freshness.stale
                ? "bg-muted text-muted-foreground"
                : problem.condition === 3
                  ? "bg-destructive/12 text-destructive"
                  : "bg-warning/15 text-foreground",
            )}
          >
            {problem.kind === "heading" ? t(headingLabel[problem.heading]) : problem.name}
          </li>
        ))}
        {problems.length > MAX_CHIPS && (
          <li className="px-1 text-[11px] leading-4 text-muted-foreground">+{problems.length - MAX_CHIPS}</li>
        )}
      </ul>
      <div className="flex items-center justify-between gap-2 border-t pt-1.5 text-xs text-muted-foreground">
        <span>{t("monitor.lastCheck")}</span>
        {device.telemetry_updated_at ? <RelativeTimeText iso={device.telemetry_updated_at} /> : <span>—</span>}
      </div>
    </Link>
  );
}

export function MonitoringCardSkeleton() {
  return (
    <div
      style={{ height: MONITORING_CARD_HEIGHT }}
      className="flex flex-col gap-2.5 rounded-lg border border-l-4 bg-card p-3"
    >
      <Skeleton className="h-4 w-2/3" />
      <Skeleton className="h-3 w-1/2" />
      <Skeleton className="h-4 w-3/4" />
      <Skeleton className="mt-auto h-3 w-full" />
    </div>
  );
}
