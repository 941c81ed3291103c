import "@/lib/i18n/locales/en-devices";
import type { ReactElement } from "react";
import { Tooltip } from "@/components/ui/tooltip";
import { useT } from "@/lib/i18n";
import { uptimeDays } from "./logic/format";

/**
 * A streak keeps the spec's hh:mm:ss (devices.md §2, "404:02:21"); past 24 h a tooltip gives the
 * span in days ("16 days 20:02:21").
 */
export function StreakDays({ seconds, children }: { seconds: number | undefined; children: ReactElement }) {
  const t = useT();
  const days = seconds === undefined ? null : uptimeDays(seconds);
  if (!days) return children;
  return <Tooltip label={t("devices.streakDays", { days: days.days, time: days.rest })}>{children}</Tooltip>;
}
