import "@/lib/i18n/locales/en-device";
import type { DeviceDetail } from "@contracts/devices/detail";
import {
  BugIcon,
  CameraIcon,
  EyeIcon,
  KeyRoundIcon,
  LockIcon,
  type LucideIcon,
  MonitorIcon,
  MonitorSmartphoneIcon,
  PowerIcon,
  PowerOffIcon,
  RotateCwIcon,
  TerminalIcon,
  TriangleAlertIcon,
  WifiOffIcon,
} from "lucide-react";
import { useId, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { useCurrentSpace } from "@/features/session/current-space";
import { usePermissions } from "@/features/space/use-permissions";
import { type MessageKey, useT } from "@/lib/i18n";
import { QueueGroup } from "../commands/queue-group";
import { useOpenCommands } from "../commands/use-open-commands";
import { deviceViewPath } from "../paths";
import { RemoteDesktopDialog } from "../remote-desktop/remote-desktop-dialog";
import { type Confirmation, confirmations } from "../settings/confirmations";
import type { RemoteControl } from "../settings/remote-actions";
import { ActionButton, SettingGroup, SettingRow, SettingSwitch } from "../settings/setting-row";
import { SettingsChips } from "../settings/status-chips";
import { useReplacementCode, useSettingToggles, useVisionToggle } from "../settings/use-device-settings";
import { useRemoteActions } from "../settings/use-remote-action";
import { disabledReason, type SettingsControl, visibleControls } from "../settings/visibility";
import { visionControl, visionMissing } from "../settings/vision";
import { TerminalRow } from "../terminal/terminal-row";

type ActionRow = { control: SettingsControl & RemoteControl; icon: LucideIcon; title: MessageKey; text: MessageKey };

const remoteRows: ActionRow[] = [
  { control: "rssh", icon: TerminalIcon, title: "device.settings.rssh", text: "device.settings.rsshText" },
  {
    control: "headlessVnc",
    icon: MonitorSmartphoneIcon,
    title: "device.settings.headlessVnc",
    text: "device.settings.headlessVncText",
  },
  {
    control: "remoteDesktop",
    icon: MonitorIcon,
    title: "device.settings.remoteDesktop",
    text: "device.settings.remoteDesktopText",
  },
  {
    control: "screenshot",
    icon: CameraIcon,
    title: "device.settings.screenshot",
    text: "device.settings.screenshotText",
  },
];
const powerRows: ActionRow[] = [
  { control: "reboot", icon: RotateCwIcon, title: "device.settings.reboot", text: "device.settings.rebootText" },
  { control: "shutdown", icon: PowerOffIcon, title: "device.settings.shutdown", text: "device.settings.shutdownText" },
];

/**
 * The Settings tab (devices.md §2): remote and power actions, device switches, replacement code;
 * for an offline device, commands to queue until it is back.
 */
export function SettingsTab({ device, section }: { device: DeviceDetail; section: string }) {
  const t = useT();
  const { user } = useCurrentSpace();
  const { canWrite } = usePermissions();
  const navigate = useNavigate();
  const here = useLocation();
  const reasonId = useId();
  const viewer = { user, canWrite };
  const shown = new Set(visibleControls(viewer, device));
  const reason = (control: SettingsControl) => disabledReason(control, viewer, device);
  const banner = canWrite ? (device.online ? null : "offline") : "readOnly";

  const viewCommands = useOpenCommands(device, section);
  // Remote Desktop opens the in-browser viewer; the spec's reply is a button inside it.
  const [desktop, setDesktop] = useState(false);
  const remote = useRemoteActions(device, viewCommands, () => setDesktop(true));
  const { enabled, debug } = useSettingToggles(device, viewCommands);
  const vision = useVisionToggle(device, viewCommands);
  const visionUi = visionControl(vision.state);
  // No vision service on the device: it cannot be turned on (turning it off stays possible).
  const noVision = visionMissing(device);
  const replacement = useReplacementCode(device, () =>
    navigate(deviceViewPath(device.space_uuid, device.uuid, "general", section), { replace: true, state: here.state }),
  );
  const [asking, setAsking] = useState<Confirmation | null>(null);

  const confirm = () => {
    if (asking === "disable") enabled.mutate(false);
    if (asking === "reboot" || asking === "shutdown") void remote.run(asking);
    if (asking === "replacement") replacement.mutate();
    setAsking(null);
  };

  const actionRow = (row: ActionRow, destructive = false) => {
    if (!shown.has(row.control)) return null;
    const progress = remote.progress(row.control);
    return (
      <SettingRow
        key={row.control}
        icon={row.icon}
        title={t(row.title)}
        description={t(row.text)}
        tone={destructive ? "destructive" : "default"}
        note={
          progress && (
            <p role="status" className="mt-1 text-xs text-info">
              {t(progress === "working" ? "device.settings.working" : "device.settings.sending")}
            </p>
          )
        }
        control={
          <ActionButton
            label={t(row.title)}
            variant={destructive ? "destructive" : "outline"}
            busy={progress !== null}
            disabled={reason(row.control) !== null}
            reasonId={banner ? reasonId : undefined}
            onClick={() =>
              destructive
                ? setAsking(row.control as Confirmation)
                : row.control === "remoteDesktop"
                  ? setDesktop(true)
                  : void remote.run(row.control)
            }
          />
        }
      />
    );
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,280px)]">
      <div className="flex min-w-0 flex-col gap-5">
        {banner && (
          <p
            id={reasonId}
            data-testid="settings-reason"
            className="flex items-start gap-2 rounded-lg border bg-muted/50 px-3 py-2.5 text-sm text-muted-foreground"
          >
            {banner === "offline" ? (
              <WifiOffIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            ) : (
              <LockIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            )}
            {t(banner === "offline" ? "device.settings.offline" : "device.settings.readOnly")}
          </p>
        )}
        {canWrite && !device.online && <QueueGroup device={device} viewCommands={viewCommands} />}
        <SettingGroup title={t("device.settings.section.remote")}>
          {remoteRows.map((row) => actionRow(row))}
          {shown.has("terminal") && (
            <TerminalRow
              device={device}
              disabled={reason("terminal") !== null}
              reasonId={banner ? reasonId : undefined}
            />
          )}
        </SettingGroup>
        <SettingGroup title={t("device.settings.section.power")}>
          {powerRows.map((row) => actionRow(row, true))}
        </SettingGroup>
        <SettingGroup title={t("device.settings.section.device")}>
          <SettingRow
            icon={PowerIcon}
            title={t("device.settings.enabled")}
            description={t("device.settings.enabledText")}
            control={
              <SettingSwitch
                label={t("device.settings.enabled")}
                checked={enabled.isPending ? enabled.variables : device.enabled}
                onCheckedChange={(on) => (on ? enabled.mutate(true) : setAsking("disable"))}
                disabled={reason("enabled") !== null || enabled.isPending}
                busy={enabled.isPending}
                reasonId={banner ? reasonId : undefined}
              />
            }
          />
          <SettingRow
            icon={BugIcon}
            title={t("device.settings.debug")}
            description={t("device.settings.debugText")}
            control={
              <SettingSwitch
                label={t("device.settings.debug")}
                checked={debug.isPending ? debug.variables : device.debug_mode}
                onCheckedChange={(on) => debug.mutate(on)}
                disabled={reason("debug") !== null || debug.isPending}
                busy={debug.isPending}
                reasonId={banner ? reasonId : undefined}
              />
            }
          />
          {shown.has("vision") && (
            <SettingRow
              icon={EyeIcon}
              title={t("device.settings.vision")}
              description={t("device.settings.visionText")}
              note={
                noVision && !visionUi.checked ? (
                  <p data-testid="vision-not-installed" className="mt-1 text-xs text-muted-foreground">
                    {t("device.settings.visionNotInstalled")}
                  </p>
                ) : (
                  visionUi.warnPending && (
                    <p role="status" className="mt-1 flex items-start gap-1.5 text-xs text-warning">
                      <TriangleAlertIcon className="mt-px size-3.5 shrink-0" aria-hidden="true" />
                      {t("device.settings.visionPending")}
                    </p>
                  )
                )
              }
              control={
                <SettingSwitch
                  label={t("device.settings.vision")}
                  checked={visionUi.checked}
                  onCheckedChange={vision.toggle}
                  disabled={
                    reason("vision") !== null ||
                    visionUi.switchDisabled ||
                    vision.busy ||
                    (noVision && !visionUi.checked)
                  }
                  busy={visionUi.spinner}
                  reasonId={banner ? reasonId : undefined}
                />
              }
            />
          )}
        </SettingGroup>
        <SettingGroup title={t("device.settings.section.installation")}>
          <SettingRow
            icon={KeyRoundIcon}
            title={t("device.settings.replacement")}
            description={t("device.settings.replacementText")}
            control={
              <ActionButton
                label={t("device.settings.replacement")}
                busy={replacement.isPending}
                disabled={reason("replacementCode") !== null}
                reasonId={banner ? reasonId : undefined}
                onClick={() => setAsking("replacement")}
              />
            }
          />
        </SettingGroup>
      </div>
      <aside aria-label={t("device.settings.section.status")} className="flex flex-col gap-2">
        <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          {t("device.settings.section.status")}
        </h3>
        <SettingsChips device={device} vision={vision.state} />
      </aside>
      {shown.has("remoteDesktop") && (
        <RemoteDesktopDialog
          device={device}
          open={desktop}
          onOpenChange={setDesktop}
          vncClient={{ run: () => void remote.run("remoteDesktop"), busy: remote.progress("remoteDesktop") !== null }}
        />
      )}
      {asking && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setAsking(null)}
          title={t(confirmations[asking].title)}
          description={t(confirmations[asking].text, { name: device.name })}
          confirmLabel={t(confirmations[asking].action)}
          cancelLabel={t("device.settings.cancel")}
          onConfirm={confirm}
        />
      )}
    </div>
  );
}
