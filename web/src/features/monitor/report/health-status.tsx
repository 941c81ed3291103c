import { CircleCheckIcon, CircleDashedIcon, CircleHelpIcon, OctagonAlertIcon, TriangleAlertIcon } from "lucide-react";
import { type HealthLabel, healthLabel } from "@/features/devices/logic/format";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/utils";

const looks: Record<HealthLabel, { icon: typeof CircleCheckIcon; className: string }> = {
  healthy: { icon: CircleCheckIcon, className: "text-success" },
  unmonitored: { icon: CircleDashedIcon, className: "text-muted-foreground" },
  warning: { icon: TriangleAlertIcon, className: "text-warning" },
  critical: { icon: OctagonAlertIcon, className: "text-destructive" },
  unknown: { icon: CircleHelpIcon, className: "text-muted-foreground" },
};

/**
 * A health code as icon + label (devices.md §4): Healthy, Warning, Critical, and code 1 as
 * "Not measured". One component for Asset Info → Monitoring and the health report.
 */
export function HealthStatus({ code, className }: { code: number | null | undefined; className?: string }) {
  const t = useT();
  const label = healthLabel(code);
  const { icon: Icon, className: tone } = looks[label];
  return (
    <span
      data-health={label}
      className={cn("inline-flex shrink-0 items-center gap-1 text-xs font-medium whitespace-nowrap", tone, className)}
    >
      <Icon className="size-3.5" aria-hidden="true" />
      {t(`device.health.${label}`)}
    </span>
  );
}
