import "@/lib/i18n/locales/en-devices";
import type { Device } from "@contracts/devices/schema";
import { ClockAlertIcon } from "lucide-react";
import { Tooltip } from "@/components/ui/tooltip";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/ui/utils";
import { offlineInWorkingHours } from "./logic/offline-in-hours";

/**
 * Beside the offline status of a card or row: an amber clock and "Offline in working hours" when
 * the device's location expects it online now. The offline colour itself stays the spec's grey;
 * the marker adds the warning tone, so a silent till in opening hours stands out.
 */
export function OfflineInHoursMarker({
  device,
  className,
  labelClassName,
}: {
  device: Pick<Device, "connected_status" | "online" | "expected_online">;
  className?: string;
  /** E.g. "sr-only" where only the icon fits (the tooltip and the accessible name keep the words). */
  labelClassName?: string;
}) {
  const t = useT();
  if (!offlineInWorkingHours(device)) return null;
  return (
    <Tooltip label={t("device.offlineInHours.hint")}>
      <span
        data-testid="offline-in-hours"
        className={cn(
          "inline-flex shrink-0 items-center gap-1 text-xs font-medium whitespace-nowrap text-foreground/80",
          className,
        )}
      >
        <ClockAlertIcon className="size-3.5 shrink-0 text-warning" aria-hidden="true" />
        <span className={labelClassName}>{t("device.offlineInHours")}</span>
      </span>
    </Tooltip>
  );
}
