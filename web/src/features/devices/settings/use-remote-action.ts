import "@/lib/i18n/locales/en-device";
import "@/lib/i18n/locales/en-agent-settings";
import type { DeviceDetail } from "@contracts/devices/detail";
import { type MessageKey, type TFunction, useT } from "@/lib/i18n";
import { showRemoteFailures } from "@/lib/session/preferences";
import { type Alert, showAlert } from "@/lib/ui/alerts";
import { outcomeUnknownAlert } from "../commands/use-open-commands";
import { useDeviceCommands } from "../live/command-store";
import { REMOTE_CALLS, type RemoteReply, type RemoteTarget } from "./device-call";
import {
  COMMAND_OF_CONTROL,
  classifyFailure,
  desktopUrl,
  REMOTE_ACTION_TIMEOUT_MS,
  type RemoteControl,
  rsshAddress,
} from "./remote-actions";
import { finishAction, startAction, useRunningActions } from "./running-store";

/** A control's reply, typed by the route its command goes through. */
export type ControlReply = {
  [C in RemoteControl]: { action: C; reply: RemoteReply<(typeof COMMAND_OF_CONTROL)[C]> };
}[RemoteControl];

/**
 * Runs a control's command (REMOTE_CALLS) and pairs its reply with the control: each case has the
 * control narrowed, so its reply keeps its route's type.
 */
function callControl(
  action: RemoteControl,
  target: RemoteTarget,
  id: string,
  signal: AbortSignal,
): Promise<ControlReply> {
  switch (action) {
    case "rssh":
      return REMOTE_CALLS[COMMAND_OF_CONTROL[action]](target, id, signal).then((reply) => ({ action, reply }));
    case "headlessVnc":
      return REMOTE_CALLS[COMMAND_OF_CONTROL[action]](target, id, signal).then((reply) => ({ action, reply }));
    case "remoteDesktop":
      return REMOTE_CALLS[COMMAND_OF_CONTROL[action]](target, id, signal).then((reply) => ({ action, reply }));
    case "screenshot":
      return REMOTE_CALLS[COMMAND_OF_CONTROL[action]](target, id, signal).then((reply) => ({ action, reply }));
    case "reboot":
      return REMOTE_CALLS[COMMAND_OF_CONTROL[action]](target, id, signal).then((reply) => ({ action, reply }));
    case "shutdown":
      return REMOTE_CALLS[COMMAND_OF_CONTROL[action]](target, id, signal).then((reply) => ({ action, reply }));
  }
}

/** Where an action is: sent and waiting, or the device acknowledged it (commandUpdate "received"). */
export type ActionProgress = "sending" | "working";

/**
 * §7 notifications raised by a reply; null when the reply carries nothing to show. A power
 * action the agent only dry-ran (no --allow-power) says so, not "Action successful.".
 */
export function replyAlert(replied: ControlReply, t: TFunction, openDesktop?: () => void): Alert | null {
  if (replied.action === "reboot" || replied.action === "shutdown") {
    // 204 (no body): done; 200 with a dry run (PowerDryRun): the agent may not power the device.
    if (replied.reply?.dry_run === true)
      return { type: "warning", duration: 10_000, message: t("device.settings.dryRun") };
    return { type: "success", message: t("device.settings.actionSuccess") };
  }
  if (replied.action === "screenshot") {
    return {
      type: "success",
      message: t("device.settings.screenshotTaken"),
      duration: 20_000,
      button: { type: "screenshot", text: t("device.settings.view"), data: replied.reply.screenshot_url },
    };
  }
  const { action, reply: result } = replied;
  if (action === "rssh") {
    const address = rsshAddress(result);
    if (!address) return null;
    return {
      type: "info",
      constant: true,
      message: t("device.settings.rsshPort", { address }),
      button: { type: "copy", text: t("device.settings.copy"), data: address },
    };
  }
  // Headless VNC answers the loopback address it started on the device: Connect opens the
  // console's own viewer, which reaches it through the device's room.
  if (action === "headlessVnc" && result.headless === true && openDesktop) {
    return {
      type: "info",
      constant: true,
      message: t("device.settings.desktopAvailable"),
      button: { type: "run", text: t("device.settings.connect"), run: openDesktop },
    };
  }
  const url = desktopUrl(result);
  if (!url) return null;
  return {
    type: "info",
    constant: true,
    message: t("device.settings.desktopAvailable"),
    button: { type: "link", text: t("device.settings.connect"), data: url },
  };
}

/** The actions whose failures §8 keeps silent unless the user asked to see them. */
const SILENT_FAILURES: Partial<Record<RemoteControl, MessageKey>> = {
  rssh: "device.settings.rssh",
  remoteDesktop: "device.settings.remoteDesktop",
  screenshot: "device.settings.screenshot",
};

type FailureOptions = {
  viewCommands: () => void;
  /** Runs the action again (the Retry of a shown remote-action failure). */
  retry: () => void;
  /** The user's "Show failures of remote actions" (lib/preferences.ts). */
  showFailures: boolean;
};

/**
 * §8: what a failed action says. RSSH, remote desktop and screenshot failures show nothing,
 * unless the user turned "Show failures of remote actions" on: then an error with its reason and
 * Retry (the Logs tab lists them either way). outcome_unknown is a warning
 * with a way to the Commands tab, where the answer shows when it arrives. A disabled device
 * says "Device is disabled" (§7).
 */
export function failureAlert(
  action: RemoteControl,
  error: unknown,
  t: TFunction,
  options: FailureOptions,
): Alert | null {
  const failure = classifyFailure(error);
  if (failure.kind === "outcomeUnknown") return outcomeUnknownAlert(t, options.viewCommands);
  if (failure.kind === "disabled") return { type: "error", message: t("device.settings.deviceDisabled") };
  if (failure.kind === "notInstalled") return { type: "error", message: t("device.settings.notInstalled") };
  const silent = SILENT_FAILURES[action];
  if (silent && options.showFailures) {
    const reason =
      failure.kind === "timeout"
        ? t("device.settings.timeout")
        : failure.kind === "unavailable"
          ? failure.message
          : (failure.reason ?? t("device.settings.actionFailed"));
    return {
      type: "error",
      duration: 10_000,
      message: t("device.settings.remoteFailed", { action: t(silent), reason }),
      button: { type: "run", text: t("device.settings.retry"), run: options.retry },
    };
  }
  if (failure.kind === "timeout") return { type: "warning", message: t("device.settings.timeout") };
  if (failure.kind === "unavailable") return { type: "error", message: failure.message };
  if (action === "headlessVnc") {
    // The spec's text, then why (not allowed on the device, Xvfb or x11vnc missing).
    const reason = failure.kind === "failed" ? failure.reason : undefined;
    return {
      type: "error",
      message: reason ? `${t("device.settings.vncFailed")} ${reason}` : t("device.settings.vncFailed"),
    };
  }
  if (action === "reboot" || action === "shutdown") {
    // The device's own words (a missing tool, a refusal) after the spec's text; the Commands tab keeps them too.
    const reason = failure.kind === "failed" ? failure.reason : undefined;
    return {
      type: "error",
      duration: reason ? 12_000 : undefined,
      message: reason ? `${t("device.settings.actionFailed")} ${reason}` : t("device.settings.actionFailed"),
    };
  }
  return null;
}

/**
 * Runs the remote and power actions of a device (devices.md §4): each shows a loader until a
 * reply arrives or 30 s pass (then the timeout warning). A request id ties the call to the
 * room's commandUpdate, which tells when the device has received it. `viewCommands` opens the
 * Commands tab (the outcome_unknown warning's button); `openDesktop` the in-browser viewer (the
 * Headless VNC reply's Connect).
 */
export function useRemoteActions(
  device: Pick<DeviceDetail, "uuid" | "space_uuid">,
  viewCommands: () => void,
  openDesktop?: () => void,
) {
  const t = useT();
  const commands = useDeviceCommands(device.uuid);
  const running = useRunningActions(device.uuid);

  const run = async (action: RemoteControl) => {
    const id = crypto.randomUUID();
    if (!startAction(device.uuid, action, id)) return;
    try {
      const replied = await callControl(
        action,
        { space: device.space_uuid, uuid: device.uuid },
        id,
        AbortSignal.timeout(REMOTE_ACTION_TIMEOUT_MS),
      );
      const alert = replyAlert(replied, t, openDesktop);
      if (alert) showAlert(alert);
    } catch (error) {
      console.error(`Remote action ${action} failed`, error);
      const retry = () => void run(action);
      const alert = failureAlert(action, error, t, { viewCommands, retry, showFailures: showRemoteFailures() });
      if (alert) showAlert(alert);
    } finally {
      finishAction(device.uuid, action);
    }
  };

  const progress = (action: RemoteControl): ActionProgress | null => {
    const id = running[action];
    if (!id) return null;
    return commands[id]?.status === "received" ? "working" : "sending";
  };

  return { run, progress };
}
