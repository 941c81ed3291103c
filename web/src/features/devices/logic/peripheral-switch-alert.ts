import "@/lib/i18n/locales/en-device";
import "@/lib/i18n/locales/en-agent-settings";
import type { PeripheralEnabledReply } from "@contracts/remote-actions/routes";
import type { TFunction } from "@/lib/i18n";
import type { Alert } from "@/lib/ui/alerts";

/**
 * What a switch says: "Action successful." only when the device switched the hardware itself; a
 * warning when the agent could only stop (or resume) its monitoring, with the agent's reason.
 */
export function peripheralSwitchAlert(
  result: PeripheralEnabledReply["peripheral_switch"],
  enabled: boolean,
  name: string,
  t: TFunction,
): Alert {
  if (!result?.monitoring_only) return { type: "success", message: t("device.settings.actionSuccess") };
  const message = t(enabled ? "device.periph.monitoringOnlyOn" : "device.periph.monitoringOnlyOff", { name });
  return { type: "warning", duration: 12_000, message: result.reason ? `${message} ${result.reason}` : message };
}
