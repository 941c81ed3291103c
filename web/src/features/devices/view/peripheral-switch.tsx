import "@/lib/i18n/locales/en-device";
import "@/lib/i18n/locales/en-commands";
import type { DeviceDetail, Peripheral } from "@contracts/devices/detail";
import { setPeripheralEnabled } from "@contracts/remote-actions/routes";
import { TOGGLEABLE_PERIPHERAL_TYPES } from "@contracts/remote-actions/values";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Switch } from "@/components/ui/switch";
import { usePermissions } from "@/features/space/use-permissions";
import { ApiError, callApi } from "@/lib/api/api";
import { useT } from "@/lib/i18n";
import { showAlert } from "@/lib/ui/alerts";
import { peripheralSwitchAlert } from "../logic/peripheral-switch-alert";
import { deviceQueries } from "../queries";
import { classifyFailure } from "../settings/remote-actions";

/** devices.md §5: only these peripherals have an enable toggle. */
export const isToggleable = (item: Pick<Peripheral, "slug">) =>
  (TOGGLEABLE_PERIPHERAL_TYPES as readonly string[]).includes(item.slug);

/**
 * The enable switch of a bill/coin acceptor, card reader, camera or time attendance lock. The
 * agent applies it, so it needs the device online; the switch shows the asked value while the
 * call runs and reverts when it fails.
 */
export function PeripheralSwitch({ device, item }: { device: DeviceDetail; item: Peripheral }) {
  const t = useT();
  const { canWrite } = usePermissions();
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: (enabled: boolean) =>
      callApi(setPeripheralEnabled, {
        params: { space: device.space_uuid, uuid: device.uuid, type: item.slug, peripheral: item.uuid },
        json: { enabled },
      }),
    onSuccess: ({ peripheral_switch, ...detail }, enabled) => {
      queryClient.setQueryData(deviceQueries.detailKey(device.space_uuid, device.uuid), detail);
      showAlert(peripheralSwitchAlert(peripheral_switch, enabled, item.name, t));
    },
    onError: (error) => {
      console.error("Peripheral toggle failed", error);
      // Taken by the device, answer missing: it may have switched; not a failure.
      if (classifyFailure(error).kind === "outcomeUnknown") {
        showAlert({ type: "warning", duration: 15_000, message: t("device.commands.outcomeUnknown") });
        void queryClient.invalidateQueries({ queryKey: deviceQueries.detailKey(device.space_uuid, device.uuid) });
        return;
      }
      const offline = error instanceof ApiError && error.status === 503 && error.body?.message;
      showAlert({ type: "error", message: offline || t("device.settings.actionFailed") });
    },
  });
  const reason = !canWrite ? t("device.periph.readOnly") : !device.online ? t("device.periph.offline") : null;
  return (
    <div className="flex items-center justify-between gap-3 rounded-md border px-3 py-2">
      <label htmlFor={`peripheral-${item.uuid}`} className="flex flex-col text-sm">
        <span className="font-medium">{t("device.periph.enabled")}</span>
        {reason && <span className="text-xs text-muted-foreground">{reason}</span>}
      </label>
      <Switch
        id={`peripheral-${item.uuid}`}
        checked={toggle.isPending ? toggle.variables : item.enabled}
        disabled={reason !== null || toggle.isPending}
        onCheckedChange={(enabled) => toggle.mutate(enabled)}
      />
    </div>
  );
}
