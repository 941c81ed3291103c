import "@/lib/i18n/locales/en-device";
import "@/lib/i18n/locales/en-devices";
import type { DeviceDetail } from "@contracts/devices/detail";
import { BugIcon, EyeIcon, LoaderCircleIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/ui/utils";
import { isVisionRequested, type VisionState, type VisionTone, visionTone } from "./vision";

/** devices.md §4 chip colours: green enabled, warning pending, info requested, grey otherwise. */
const toneClass: Record<VisionTone, string> = {
  success: "border-transparent bg-success/15 text-success",
  warning: "border-transparent bg-warning/20 text-warning",
  info: "border-transparent bg-info/15 text-info",
  muted: "border-transparent bg-muted text-muted-foreground",
};

/** The side chips of the Settings tab: debug mode and vision status. */
export function SettingsChips({ device, vision }: { device: Pick<DeviceDetail, "debug_mode">; vision: VisionState }) {
  const t = useT();
  return (
    <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-3 rounded-lg border bg-card p-4 text-sm">
      <dt className="flex items-center gap-2 text-muted-foreground">
        <BugIcon className="size-4" aria-hidden="true" />
        {t("device.settings.debugMode")}
      </dt>
      <dd>
        <Badge data-testid="debug-chip" className={toneClass[device.debug_mode ? "warning" : "muted"]}>
          {t(device.debug_mode ? "device.settings.on" : "device.settings.off")}
        </Badge>
      </dd>
      <dt className="flex items-center gap-2 text-muted-foreground">
        <EyeIcon className="size-4" aria-hidden="true" />
        {t("device.settings.visionStatus")}
      </dt>
      <dd>
        <Badge data-testid="vision-chip" data-state={vision} className={cn(toneClass[visionTone(vision)])}>
          {isVisionRequested(vision) && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
          {t(`device.settings.visionState.${vision}`)}
        </Badge>
      </dd>
    </dl>
  );
}
