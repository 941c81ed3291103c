import "@/lib/locales/en-display-health";
import type { DeviceDetail } from "@contracts/device-detail";
import { Badge } from "@/components/ui/badge";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { displayHealthOf, HEALTH_TONE, severityOf, stateKey } from "./health-tone";

type Device = Pick<DeviceDetail, "latest_telemetry" | "online">;

/** A display's screen state as a chip in the spec's health colours (muted, dashed while the device is offline). */
export function DisplayHealthChip({ device, display }: { device: Device; display: { name: string } }) {
  const t = useT();
  const health = displayHealthOf(device.latest_telemetry, display.name);
  if (!health) return null;
  const stale = !device.online;
  return (
    <Badge
      variant="outline"
      data-display-health={health.state}
      title={stale ? t("displayHealth.lastKnown") : (health.reason ?? undefined)}
      className={cn(stale ? HEALTH_TONE.unknown : HEALTH_TONE[severityOf(health.state)], stale && "border-dashed")}
    >
      {t(stateKey(health.state))}
    </Badge>
  );
}
