import "@/lib/i18n/locales/en-device";
import type { DeviceDetail } from "@contracts/devices/detail";
import { ChevronRightIcon } from "lucide-react";
import { Link } from "react-router";
import { HealthBadge } from "@/components/health";
import { headingLabel } from "@/features/monitor/performance-filters";
import { healthReportPath } from "@/features/monitor/report/paths";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/ui/utils";
import { type HealthCause, healthCauses } from "../logic/health-cause";
import { healthFreshness } from "../logic/health-freshness";

/**
 * The device header's health: the badge with its cause ("Critical — Disk health: predicted
 * failure"), muted as last known while the device is not online, and the way to the health report.
 */
export function DeviceHealthSummary({ device, className }: { device: DeviceDetail; className?: string }) {
  const t = useT();
  const { code, causes } = healthCauses(device);
  const freshness = healthFreshness(device);
  const causeText = (cause: HealthCause) =>
    cause.kind === "peripheral"
      ? cause.name
      : `${t(headingLabel[cause.heading])}${cause.detail ? `: ${cause.detail}` : ""}`;
  const first = causes[0];
  return (
    <Link
      to={healthReportPath(device.space_uuid, device.uuid)}
      data-testid="device-health-summary"
      className={cn(
        "group inline-flex max-w-full min-w-0 items-center gap-1.5 rounded-full py-0.5 pr-1.5 text-xs outline-none hover:bg-accent/60 focus-visible:ring-2 focus-visible:ring-ring",
        className,
      )}
    >
      <HealthBadge code={code} freshness={freshness} />
      {first && (
        <span
          data-testid="device-health-cause"
          className={cn(
            "min-w-0 font-medium sm:truncate",
            freshness.stale ? "text-muted-foreground" : "text-foreground",
          )}
        >
          {causeText(first)}
          {causes.length > 1 && <span className="text-muted-foreground"> +{causes.length - 1}</span>}
        </span>
      )}
      {/* On a phone the cause keeps the room; the link keeps its name. */}
      <span className="shrink-0 text-muted-foreground underline-offset-2 group-hover:underline max-sm:sr-only">
        {t("device.healthReport")}
      </span>
      <ChevronRightIcon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
    </Link>
  );
}
