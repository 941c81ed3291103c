import "@/lib/i18n/locales/en-device";
import "@/lib/i18n/locales/en-peripherals";
import type { DeviceDetail } from "@contracts/devices/detail";
import { LoaderCircleIcon, MonitorIcon, UsbIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { usePermissions } from "@/features/space/use-permissions";
import { useT } from "@/lib/i18n";
import { usePeripheralDetection } from "./use-peripheral-detection";

/** Detect displays and Detect misc. (devices.md §2): both ask the agent, so they need it online. */
export function PeripheralsToolbar({ device }: { device: DeviceDetail }) {
  const t = useT();
  const { canWrite } = usePermissions();
  const detect = usePeripheralDetection(device);
  const reason = !canWrite
    ? t("device.periph.detectReadOnly")
    : !device.online
      ? t("device.periph.detectOffline")
      : null;
  const hintId = `periph-detect-hint-${device.uuid}`;
  const buttons = [
    { key: "displays", label: t("device.periph.detectDisplays"), icon: MonitorIcon, mutation: detect.displays },
    { key: "misc", label: t("device.periph.detectMisc"), icon: UsbIcon, mutation: detect.peripherals },
  ] as const;
  return (
    <div role="toolbar" aria-label={t("device.periph.actions")} className="flex flex-wrap items-center gap-2">
      {buttons.map(({ key, label, icon: Icon, mutation }) => (
        <Button
          key={key}
          variant="outline"
          size="sm"
          disabled={reason !== null || mutation.isPending}
          aria-describedby={reason ? hintId : undefined}
          aria-busy={mutation.isPending || undefined}
          onClick={() => mutation.mutate()}
        >
          {mutation.isPending ? (
            <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
          ) : (
            <Icon aria-hidden="true" />
          )}
          {label}
        </Button>
      ))}
      {reason && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {reason}
        </p>
      )}
    </div>
  );
}
