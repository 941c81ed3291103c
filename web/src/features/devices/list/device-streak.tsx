import "@/lib/i18n/locales/en-devices";
import type { Device } from "@contracts/devices/schema";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/ui/utils";
import { StreakDays } from "../streak-days";
import { useStreak } from "../use-streak";

/** "Online for 01:02:03" / "Offline for …" ticking every second (days in a tooltip); "Never seen" without a timestamp. */
export function DeviceStreak({ device, className }: { device: Device; className?: string }) {
  const t = useT();
  const streak = useStreak(device);
  return (
    <StreakDays seconds={streak?.seconds}>
      <span className={cn("text-xs text-muted-foreground tabular-nums", className)} data-testid="list-streak">
        {streak
          ? t(streak.online ? "devices.onlineFor" : "devices.offlineFor", { time: streak.text })
          : t("devices.never")}
      </span>
    </StreakDays>
  );
}
