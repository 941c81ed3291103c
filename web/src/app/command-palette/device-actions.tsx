import type { DeviceDetail } from "@contracts/device-detail";
import { useQuery } from "@tanstack/react-query";
import { Command } from "cmdk";
import { CameraIcon, CopyIcon, RotateCwIcon, SquareTerminalIcon } from "lucide-react";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { useOpenCommands } from "@/features/devices/commands/use-open-commands";
import { deviceQueries } from "@/features/devices/queries";
import { confirmations } from "@/features/devices/settings/confirmations";
import { useRemoteActions } from "@/features/devices/settings/use-remote-action";
import { disabledReason, type SettingsControl, visibleControls } from "@/features/devices/settings/visibility";
import { TerminalDialog } from "@/features/devices/terminal/terminal-row";
import { useCurrentSpace } from "@/features/session/current-space";
import { usePermissions } from "@/features/space/use-permissions";
import { showAlert } from "@/lib/alerts";
import { type MessageKey, useT } from "@/lib/i18n";
import { matchesQuery } from "./items";
import type { OpenDevice } from "./keys";
import { PaletteItem } from "./palette-item";

/** What the palette starts after it closed: the reboot confirmation or the terminal. */
export type DeviceFollowUp = { kind: "reboot" | "terminal"; device: DeviceDetail; section: string };

type DeviceActionsProps = {
  open: OpenDevice;
  query: string;
  /** Closes the palette. */
  done: () => void;
  /** Closes the palette, then shows the confirmation or the terminal. */
  followUp: (next: DeviceFollowUp) => void;
};

const reasonText: Record<"offline" | "readOnly", MessageKey> = {
  offline: "palette.action.offline",
  readOnly: "palette.action.readOnly",
};

/**
 * Actions on the device whose flyout is open (issue 18 item 5): Screenshot, Reboot, Open terminal
 * (where the Settings tab shows the Terminal row) and Copy UUID, with the Settings tab's rules for
 * who sees them and when they can run (settings/visibility.ts).
 */
export function DeviceActions({ open, query, done, followUp }: DeviceActionsProps) {
  const detail = useQuery(deviceQueries.detail(open.space, open.uuid));
  if (!detail.data) return null;
  return (
    <DeviceActionItems device={detail.data} section={open.section} query={query} done={done} followUp={followUp} />
  );
}

function DeviceActionItems({
  device,
  section,
  query,
  done,
  followUp,
}: Omit<DeviceActionsProps, "open"> & { device: DeviceDetail; section: string }) {
  const t = useT();
  const { user } = useCurrentSpace();
  const { canWrite } = usePermissions();
  const viewer = { user, canWrite };
  const shown = new Set(visibleControls(viewer, device));
  const remote = useRemoteActions(device, useOpenCommands(device, section));

  const state = (control: SettingsControl) => {
    const reason = disabledReason(control, viewer, device);
    if (reason) return { disabled: true, note: t(reasonText[reason]) };
    if ((control === "screenshot" || control === "reboot") && remote.progress(control))
      return { disabled: true, note: t("palette.action.running") };
    return { disabled: false, note: undefined };
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

  const actions = [
    {
      id: "screenshot",
      control: "screenshot" as const,
      label: t("palette.action.screenshot"),
      icon: CameraIcon,
      run: () => {
        done();
        void remote.run("screenshot");
      },
    },
    {
      id: "reboot",
      control: "reboot" as const,
      label: t("palette.action.reboot"),
      icon: RotateCwIcon,
      run: () => followUp({ kind: "reboot", device, section }),
    },
    {
      id: "terminal",
      control: "terminal" as const,
      label: t("palette.action.terminal"),
      icon: SquareTerminalIcon,
      run: () => followUp({ kind: "terminal", device, section }),
    },
  ].filter((action) => shown.has(action.control) && matchesQuery(query, action.label, device.name));
  const copy = matchesQuery(query, t("palette.action.copyUuid"), device.name, "uuid");
  if (actions.length === 0 && !copy) return null;

  return (
    <Command.Group heading={t("palette.group.actions", { name: device.name })}>
      {actions.map((action) => {
        const { disabled, note } = state(action.control);
        return (
          <PaletteItem
            key={action.id}
            value={`action:${action.id}`}
            icon={action.icon}
            label={action.label}
            note={note}
            disabled={disabled}
            onSelect={action.run}
          />
        );
      })}
      {copy && (
        <PaletteItem
          value="action:copy-uuid"
          icon={CopyIcon}
          label={t("palette.action.copyUuid")}
          note={device.uuid.slice(0, 8)}
          onSelect={copyUuid}
        />
      )}
    </Command.Group>
  );
}

/** The follow-up of a device action, shown after the palette closed. */
export function DeviceFollowUpDialog({ followUp, onDone }: { followUp: DeviceFollowUp; onDone: () => void }) {
  if (followUp.kind === "terminal")
    return <TerminalDialog device={followUp.device} open onOpenChange={(open) => !open && onDone()} />;
  return <RebootConfirm device={followUp.device} section={followUp.section} onDone={onDone} />;
}

/** The Settings tab's Reboot confirmation, then the same remote action. */
function RebootConfirm({ device, section, onDone }: { device: DeviceDetail; section: string; onDone: () => void }) {
  const t = useT();
  const remote = useRemoteActions(device, useOpenCommands(device, section));
  const asking = confirmations.reboot;
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onDone()}
      title={t(asking.title)}
      description={t(asking.text, { name: device.name })}
      confirmLabel={t(asking.action)}
      cancelLabel={t("device.settings.cancel")}
      onConfirm={() => {
        void remote.run("reboot");
        onDone();
      }}
    />
  );
}
