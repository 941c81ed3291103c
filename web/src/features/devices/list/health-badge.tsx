import { CircleCheckIcon, CircleDashedIcon, OctagonAlertIcon, TriangleAlertIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { type MessageKey, useT } from "@/lib/i18n";
import { cn } from "@/lib/utils";

/** Health codes (console.md §4): 0 Healthy, 1 not measured (an icon, its own label), 2 Warning, 3 Critical. */
export const healthLooks = {
  0: {
    icon: CircleCheckIcon,
    label: "monitor.health.healthy",
    tone: "text-muted-foreground",
    icon_tone: "text-success",
  },
  1: { icon: CircleDashedIcon, label: "monitor.health.unmonitored", tone: "text-muted-foreground", icon_tone: "" },
  2: {
    icon: TriangleAlertIcon,
    label: "monitor.health.warning",
    tone: "border-warning/50 bg-warning/12 text-foreground",
    icon_tone: "text-warning",
  },
  3: {
    icon: OctagonAlertIcon,
    label: "monitor.health.critical",
    tone: "border-destructive/40 bg-destructive/12 text-destructive",
    icon_tone: "",
  },
} as const satisfies Record<number, { icon: unknown; label: MessageKey; tone: string; icon_tone: string }>;

const isCode = (code: number | null | undefined): code is 0 | 1 | 2 | 3 =>
  code === 0 || code === 1 || code === 2 || code === 3;

/**
 * The device's worst current condition (combined_status: its headings and its peripherals).
 * Nothing when no telemetry arrived yet.
 */
export function HealthBadge({
  code,
  className,
  labelClassName,
}: {
  code: number | null | undefined;
  className?: string;
  /** E.g. hide the word in a narrow container (the icon stays, the badge keeps its accessible name). */
  labelClassName?: string;
}) {
  const t = useT();
  if (!isCode(code)) return null;
  const look = healthLooks[code];
  const Icon = look.icon;
  return (
    <Badge variant="outline" data-health={code} title={t(look.label)} className={cn(look.tone, className)}>
      <Icon aria-hidden="true" className={look.icon_tone} />
      <span className={labelClassName}>{t(look.label)}</span>
    </Badge>
  );
}
