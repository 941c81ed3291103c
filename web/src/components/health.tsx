import "@/lib/i18n/locales/en-devices";
import { CircleCheckIcon, CircleDashedIcon, CircleHelpIcon, OctagonAlertIcon, TriangleAlertIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { type HealthLabel, healthLabel } from "@/features/devices/logic/format";
import { type HealthFreshness, healthFreshness } from "@/features/devices/logic/health-freshness";
import { useI18n, useT } from "@/lib/i18n";
import { formatDateTime } from "@/lib/i18n/datetime";
import { cn } from "@/lib/ui/utils";

/**
 * How a health code looks (console.md §4: 0 Healthy, 2 Warning, 3 Critical, and 1 an icon with
 * no visible label: "Not measured" is only its accessible name and tooltip; "unknown" when
 * nothing was reported). One table for the
 * inline status of the health report and Asset Info, and the badges of cards, rows and lists.
 */
const looks: Record<HealthLabel, { icon: typeof CircleCheckIcon; text: string; badge: string; iconTone: string }> = {
  healthy: { icon: CircleCheckIcon, text: "text-success", badge: "text-muted-foreground", iconTone: "text-success" },
  unmonitored: { icon: CircleDashedIcon, text: "text-muted-foreground", badge: "text-muted-foreground", iconTone: "" },
  warning: {
    icon: TriangleAlertIcon,
    text: "text-warning",
    badge: "border-warning/50 bg-warning/12 text-foreground",
    iconTone: "text-warning",
  },
  critical: {
    icon: OctagonAlertIcon,
    text: "text-destructive",
    badge: "border-destructive/40 bg-destructive/12 text-destructive",
    iconTone: "",
  },
  unknown: { icon: CircleHelpIcon, text: "text-muted-foreground", badge: "text-muted-foreground", iconTone: "" },
};

/** A health code as icon + label, inline (the health report's sections, Asset Info → Monitoring). */
export function HealthStatus({ code, className }: { code: number | null | undefined; className?: string }) {
  const t = useT();
  const label = healthLabel(code);
  const { icon: Icon, text } = looks[label];
  return (
    <span
      data-health={label}
      title={t(`device.health.${label}`)}
      className={cn("inline-flex shrink-0 items-center gap-1 text-xs font-medium whitespace-nowrap", text, className)}
    >
      <Icon className="size-3.5" aria-hidden="true" />
      <span className={cn(label === "unmonitored" && "sr-only")}>{t(`device.health.${label}`)}</span>
    </span>
  );
}

/**
 * A device's worst current condition as a badge (combined_status: its headings and its
 * peripherals) on cards and rows. Nothing when no telemetry arrived yet.
 */
export function HealthBadge({
  code,
  className,
  labelClassName,
  freshness = { stale: false },
  compact = false,
}: {
  code: number | null | undefined;
  className?: string;
  /** E.g. hide the word in a narrow container (the icon stays, the badge keeps its accessible name). */
  labelClassName?: string;
  /** Stale: the device is not online, so this is only its last known health (muted, "last known"). */
  freshness?: HealthFreshness;
  /** A stale badge without its visible "· last known" (the card says it beside); still in its name. */
  compact?: boolean;
}) {
  const t = useT();
  const { lang } = useI18n();
  const label = healthLabel(code);
  if (label === "unknown") return null;
  const { icon: Icon, badge, iconTone } = looks[label];
  const text = t(`device.health.${label}`);
  if (freshness.stale) {
    const asOf = freshness.asOf
      ? t("device.health.lastKnownAsOf", { time: formatDateTime(freshness.asOf, lang) })
      : t("device.health.lastKnown");
    return (
      <Badge
        variant="outline"
        data-health={code}
        data-health-stale="true"
        title={`${text} — ${asOf}`}
        aria-label={`${text}, ${asOf}`}
        className={cn("border-dashed bg-transparent text-muted-foreground", className)}
      >
        <Icon aria-hidden="true" />
        <span className={cn(labelClassName, label === "unmonitored" && "sr-only")}>
          {text}
          <span className={cn("font-normal", compact && "sr-only")}> · {t("device.health.lastKnown")}</span>
        </span>
      </Badge>
    );
  }
  return (
    <Badge variant="outline" data-health={code} title={text} className={cn(badge, className)}>
      <Icon aria-hidden="true" className={iconTone} />
      <span className={cn(labelClassName, label === "unmonitored" && "sr-only")}>{text}</span>
    </Badge>
  );
}

/** A device's health badge, muted as "last known" while the device is not online. */
export function DeviceHealthBadge({
  device,
  ...props
}: {
  device: Parameters<typeof healthFreshness>[0] & { combined_status: number | null | undefined };
  className?: string;
  labelClassName?: string;
  compact?: boolean;
}) {
  return <HealthBadge code={device.combined_status} freshness={healthFreshness(device)} {...props} />;
}
