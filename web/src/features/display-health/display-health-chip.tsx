import type { DeviceDetail } from "@contracts/devices/detail";
import { Badge } from "@/components/ui/badge";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/ui/utils";
import { displayHealthOf, HEALTH_TONE, severityOf, stateKey } from "./health-tone";

type Device = Pick<DeviceDetail, "latest_telemetry" | "online">;

/** A display's screen state as a chip in the spec's health colours ("Player offline" while the device is offline). */
export function DisplayHealthChip({ device, display }: { device: Device; display: { name: string } }) {
  const t = useT();
  const health = displayHealthOf(device.latest_telemetry, display.name, device.online);
  if (!health) return null;
  const stale = !device.online;
  return (
    <Badge
      variant="outline"
      data-display-health={health.state}
      title={stale ? undefined : (health.reason ?? undefined)}
      className={cn(HEALTH_TONE[severityOf(health.state)], stale && "border-dashed")}
    >
      {t(stateKey(health.state))}
    </Badge>
  );
}
