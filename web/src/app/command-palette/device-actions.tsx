import "@/lib/i18n/locales/en-device";
import "@/lib/i18n/locales/en-palette";
import type { DeviceDetail } from "@contracts/devices/detail";
import { useQuery } from "@tanstack/react-query";
import {
  CameraIcon,
  CopyIcon,
  type LucideIcon,
  MonitorIcon,
  PowerOffIcon,
  RotateCwIcon,
  SquareTerminalIcon,
} from "lucide-react";
import type { ReactNode } from "react";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { useOpenCommands } from "@/features/devices/commands/use-open-commands";
import { deviceQueries } from "@/features/devices/queries";
import { RemoteDesktopDialog } from "@/features/devices/remote-desktop/remote-desktop-dialog";
import { confirmations } from "@/features/devices/settings/confirmations";
import { useRemoteActions } from "@/features/devices/settings/use-remote-action";
import { disabledReason, type SettingsControl, visibleControls } from "@/features/devices/settings/visibility";
import { TerminalDialog } from "@/features/devices/terminal/terminal-row";
import { useCurrentSpace } from "@/features/session/current-space";
import { usePermissions } from "@/features/space/use-permissions";
import { type MessageKey, useT } from "@/lib/i18n";
import { showAlert } from "@/lib/ui/alerts";
import type { OpenDevice } from "./items";

/*
 * The command palette's actions on the device whose flyout is open. This module
 * is part of the device flyout's chunk (app/lazy/device-flyout.ts), which is loaded whenever a
 * device is open: the palette's own chunk then shares no device code with it.
 */

/** One action as the palette lists it. */
export type DeviceAction = {
  id: string;
  label: string;
  icon: LucideIcon;
  disabled: boolean;
  note?: string;
  run: () => void;
};

/** What the palette starts after it closed: a power confirmation, the terminal or the remote desktop. */
export type DeviceFollowUp = {
  kind: "reboot" | "shutdown" | "terminal" | "remoteDesktop";
  device: DeviceDetail;
  section: string;
};

type DeviceActionSourceProps = {
  open: OpenDevice;
  /** Closes the palette. */
  done: () => void;
  /** Closes the palette, then shows the confirmation or the terminal. */
  followUp: (next: DeviceFollowUp) => void;
  /** Renders the actions (the palette's items). */
  children: (device: DeviceDetail, actions: DeviceAction[]) => ReactNode;
};

const reasonText: Record<"offline" | "readOnly", MessageKey> = {
  offline: "palette.action.offline",
  readOnly: "palette.action.readOnly",
};

/**
 * Screenshot, Reboot, Shut down, Open terminal (where the Settings tab shows the Terminal row),
 * Open remote desktop and Copy UUID,
 * with the Settings tab's rules for who sees them and when they can run (settings/visibility.ts).
 */
export function DeviceActionSource({ open, ...rest }: DeviceActionSourceProps) {
  const detail = useQuery(deviceQueries.detail(open.space, open.uuid));
  if (!detail.data) return null;
  return <DeviceActionList device={detail.data} section={open.section} {...rest} />;
}

function DeviceActionList({
  device,
  section,
  done,
  followUp,
  children,
}: Omit<DeviceActionSourceProps, "open"> & { device: DeviceDetail; section: string }) {
  const t = useT();
  const { user } = useCurrentSpace();
  const { canWrite } = usePermissions();
  const viewer = { user, canWrite };
  const shown = new Set(visibleControls(viewer, device));
  const remote = useRemoteActions(device, useOpenCommands(device, section));

  const state = (control: SettingsControl) => {
    const reason = disabledReason(control, viewer, device);
    if (reason) return { disabled: true, note: t(reasonText[reason]) };
    if ((control === "screenshot" || control === "reboot" || control === "shutdown") && remote.progress(control))
      return { disabled: true, note: t("palette.action.running") };
    return { disabled: false };
  };

  const copyUuid = () => {
    done();
    navigator.clipboard.writeText(device.uuid).then(
      () => showAlert({ type: "success", message: t("palette.uuidCopied") }),
      (error: unknown) => {
        console.error("Copy failed", error);
        showAlert({ type: "error", message: t("palette.copyFailed") });
      },
    );
  };

  const controls: Array<{ control: SettingsControl; label: MessageKey; icon: LucideIcon; run: () => void }> = [
    {
      control: "screenshot",
      label: "palette.action.screenshot",
      icon: CameraIcon,
      run: () => {
        done();
        void remote.run("screenshot");
      },
    },
    {
      control: "reboot",
      label: "palette.action.reboot",
      icon: RotateCwIcon,
      run: () => followUp({ kind: "reboot", device, section }),
    },
    {
      control: "shutdown",
      label: "palette.action.shutdown",
      icon: PowerOffIcon,
      run: () => followUp({ kind: "shutdown", device, section }),
    },
    {
      control: "terminal",
      label: "palette.action.terminal",
      icon: SquareTerminalIcon,
      run: () => followUp({ kind: "terminal", device, section }),
    },
    {
      control: "remoteDesktop",
      label: "palette.action.remoteDesktop",
      icon: MonitorIcon,
      run: () => followUp({ kind: "remoteDesktop", device, section }),
    },
  ];
  const actions: DeviceAction[] = controls
    .filter(({ control }) => shown.has(control))
    .map(({ control, label, icon, run }) => ({ id: control, label: t(label), icon, run, ...state(control) }));
  actions.push({
    id: "copy-uuid",
    label: t("palette.action.copyUuid"),
    icon: CopyIcon,
    disabled: false,
    note: device.uuid.slice(0, 8),
    run: copyUuid,
  });
  return children(device, actions);
}

/** The follow-up of a device action, shown after the palette closed. */
export function DeviceFollowUpDialog({ followUp, onDone }: { followUp: DeviceFollowUp; onDone: () => void }) {
  if (followUp.kind === "terminal")
    return <TerminalDialog device={followUp.device} open onOpenChange={(open) => !open && onDone()} />;
  if (followUp.kind === "remoteDesktop") return <DesktopFollowUp {...followUp} onDone={onDone} />;
  return <PowerConfirm {...followUp} action={followUp.kind} onDone={onDone} />;
}

type FollowUpProps = { device: DeviceDetail; section: string; onDone: () => void };

/** The Settings tab's Remote Desktop viewer, with its VNC-client call. */
function DesktopFollowUp({ device, section, onDone }: FollowUpProps) {
  const remote = useRemoteActions(device, useOpenCommands(device, section));
  return (
    <RemoteDesktopDialog
      device={device}
      open
      onOpenChange={(open) => !open && onDone()}
      vncClient={{ run: () => void remote.run("remoteDesktop"), busy: remote.progress("remoteDesktop") !== null }}
    />
  );
}

/** The Settings tab's Reboot or Shut Down confirmation, then the same remote action. */
function PowerConfirm({ device, section, action, onDone }: FollowUpProps & { action: "reboot" | "shutdown" }) {
  const t = useT();
  const remote = useRemoteActions(device, useOpenCommands(device, section));
  const asking = confirmations[action];
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onDone()}
      title={t(asking.title)}
      description={t(asking.text, { name: device.name })}
      confirmLabel={t(asking.action)}
      cancelLabel={t("device.settings.cancel")}
      onConfirm={() => {
        void remote.run(action);
        onDone();
      }}
    />
  );
}
