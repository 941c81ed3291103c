import "@/lib/i18n/locales/en-commands";
import { useLocation, useNavigate } from "react-router";
import type { TFunction } from "@/lib/i18n";
import type { Alert } from "@/lib/ui/alerts";
import { deviceViewPath } from "../paths";

type Device = { space_uuid: string; uuid: string };

/**
 * Opens the device's Commands tab (an alert's "View commands"). Like the flyout's tab links it
 * replaces the history entry while the flyout of this device is still open; from anywhere else
 * (the flyout was closed before the alert's button was clicked) it opens the flyout anew.
 */
export function useOpenCommands(device: Device, section: string) {
  const navigate = useNavigate();
  const { state } = useLocation();
  return () => {
    const inFlyout = window.location.pathname.includes(`/device/view/${device.space_uuid}/${device.uuid}/`);
    navigate(deviceViewPath(device.space_uuid, device.uuid, "commands", section), { replace: inFlyout, state });
  };
}

/** The alert's "View commands" button. */
export const viewCommandsButton = (t: TFunction, open: () => void): Alert["button"] => ({
  type: "run",
  text: t("device.commands.view"),
  run: open,
});

/** The warning for outcome_unknown (the device took the command; its answer is missing). */
export const outcomeUnknownAlert = (t: TFunction, open: () => void): Alert => ({
  type: "warning",
  message: t("device.commands.outcomeUnknown"),
  duration: 15_000,
  button: viewCommandsButton(t, open),
});
