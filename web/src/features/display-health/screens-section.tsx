import "@/lib/i18n/locales/en-display-health";
import type { DeviceDetail } from "@contracts/devices/detail";
import { DISPLAY_HEALTH_SEVERITY } from "@contracts/display-health/values";
import { HealthCard } from "@/features/monitor/report/health-card";
import { useT } from "@/lib/i18n";
import { CaptureStrip } from "./capture-strip";
import { displaysHealth } from "./health-tone";

const CODE = { ok: 0, unknown: 0, warning: 2, critical: 3 } as const;

/** The health report's screens: per display its state now and its last 24 h of captures. */
export function ScreensSection({
  device,
}: {
  device: Pick<DeviceDetail, "latest_telemetry" | "space_uuid" | "uuid" | "online">;
}) {
  const t = useT();
  const displays = displaysHealth(device.latest_telemetry, device.online);
  if (displays.length === 0) return null;
  const code = Math.max(...displays.map((d) => CODE[DISPLAY_HEALTH_SEVERITY[d.state]]));
  return (
    <HealthCard title={t("displayHealth.screens")} code={code} testId="report-screens">
      <div className="col-span-2 flex flex-col gap-4">
        {displays.map((d) => (
          <div key={d.display} className="flex flex-col gap-1">
            <p className="truncate text-xs font-medium text-muted-foreground">{d.display}</p>
            <CaptureStrip space={device.space_uuid} device={device.uuid} display={d.display} />
          </div>
        ))}
      </div>
    </HealthCard>
  );
}
