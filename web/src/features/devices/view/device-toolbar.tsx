import "@/lib/i18n/locales/en-device";
import "@/lib/i18n/locales/en-terminal";
import type { DeviceDetail } from "@contracts/devices/detail";
import {
  CameraIcon,
  LoaderCircleIcon,
  type LucideIcon,
  MonitorIcon,
  PowerOffIcon,
  RotateCwIcon,
  SquareTerminalIcon,
  WifiOffIcon,
} from "lucide-react";
import { useId, useState } from "react";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { useCurrentSpace } from "@/features/session/current-space";
import { usePermissions } from "@/features/space/use-permissions";
import { type MessageKey, useT } from "@/lib/i18n";
import { cn } from "@/lib/ui/utils";
import { useOpenCommands } from "../commands/use-open-commands";
import { RemoteDesktopDialog } from "../remote-desktop/remote-desktop-dialog";
import { confirmations } from "../settings/confirmations";
import { useRemoteActions } from "../settings/use-remote-action";
import { disabledReason, visibleControls } from "../settings/visibility";
import { TerminalDialog } from "../terminal/terminal-row";

/** The toolbar's actions, as the Settings tab runs them (settings/visibility.ts decides who sees which). */
export const TOOLBAR_ACTIONS = ["screenshot", "remoteDesktop", "terminal", "reboot", "shutdown"] as const;
type ToolbarAction = (typeof TOOLBAR_ACTIONS)[number];

const looks: Record<ToolbarAction, { icon: LucideIcon; label: MessageKey; destructive?: boolean }> = {
  screenshot: { icon: CameraIcon, label: "device.toolbar.screenshot" },
  remoteDesktop: { icon: MonitorIcon, label: "device.settings.remoteDesktop" },
  terminal: { icon: SquareTerminalIcon, label: "device.terminal.title" },
  reboot: { icon: RotateCwIcon, label: "device.settings.reboot", destructive: true },
  shutdown: { icon: PowerOffIcon, label: "device.settings.shutdown", destructive: true },
};

/**
 * The device's remote actions one click away (the device header and the health report): the ones
 * the role may run, through the Settings tab's own hooks and dialogs (the same request, progress,
 * confirmation and result texts). Viewers get none; an offline device shows them disabled, saying why.
 */
export function DeviceToolbar({
  device,
  section,
  className,
}: {
  device: DeviceDetail;
  section: string;
  className?: string;
}) {
  const t = useT();
  const { user } = useCurrentSpace();
  const { canWrite } = usePermissions();
  const reasonId = useId();
  const viewer = { user, canWrite };
  const remote = useRemoteActions(device, useOpenCommands(device, section));
  const [asking, setAsking] = useState<"reboot" | "shutdown" | null>(null);
  const [open, setOpen] = useState<"terminal" | "remoteDesktop" | null>(null);
  if (!canWrite || device.connected_status !== "connected") return null;
  const shown = new Set(visibleControls(viewer, device));
  const actions = TOOLBAR_ACTIONS.filter((action) => shown.has(action));
  if (actions.length === 0) return null;
  const offline = !device.online;

  const run = (action: ToolbarAction) => {
    if (action === "reboot" || action === "shutdown") setAsking(action);
    else if (action === "terminal" || action === "remoteDesktop") setOpen(action);
    else void remote.run(action);
  };

  return (
    <div
      role="toolbar"
      aria-label={t("device.toolbar.label")}
      data-testid="device-toolbar"
      className={cn("flex flex-wrap items-center gap-1.5", className)}
    >
      {actions.map((action) => {
        const { icon: Icon, label, destructive } = looks[action];
        const busy =
          (action === "screenshot" || action === "reboot" || action === "shutdown") && !!remote.progress(action);
        const disabled = disabledReason(action, viewer, device) !== null;
        return (
          <Button
            key={action}
            variant="outline"
            size="sm"
            data-action={action}
            className={cn("h-8 gap-1.5 px-2.5 text-xs", destructive && "text-destructive hover:text-destructive")}
            disabled={disabled || busy}
            aria-busy={busy || undefined}
            aria-describedby={disabled ? reasonId : undefined}
            onClick={() => run(action)}
          >
            {busy ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <Icon aria-hidden="true" />}
            {t(label)}
          </Button>
        );
      })}
      {offline && (
        <span id={reasonId} className="flex items-center gap-1 text-xs text-muted-foreground">
          <WifiOffIcon className="size-3.5" aria-hidden="true" />
          {t("device.toolbar.offline")}
        </span>
      )}
      {shown.has("remoteDesktop") && (
        <RemoteDesktopDialog
          device={device}
          open={open === "remoteDesktop"}
          onOpenChange={(next) => setOpen(next ? "remoteDesktop" : null)}
          vncClient={{ run: () => void remote.run("remoteDesktop"), busy: remote.progress("remoteDesktop") !== null }}
        />
      )}
      {shown.has("terminal") && (
        <TerminalDialog
          device={device}
          open={open === "terminal"}
          onOpenChange={(next) => setOpen(next ? "terminal" : null)}
        />
      )}
      {asking && (
        <ConfirmDialog
          open
          onOpenChange={(next) => !next && setAsking(null)}
          title={t(confirmations[asking].title)}
          description={t(confirmations[asking].text, { name: device.name })}
          confirmLabel={t(confirmations[asking].action)}
          cancelLabel={t("device.settings.cancel")}
          onConfirm={() => {
            void remote.run(asking);
            setAsking(null);
          }}
        />
      )}
    </div>
  );
}
