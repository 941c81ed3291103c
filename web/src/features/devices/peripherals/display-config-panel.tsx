import "@/lib/i18n/locales/en-device";
import "@/lib/i18n/locales/en-peripherals";
import type { DeviceDetail } from "@contracts/devices/detail";
import { DISPLAY_ORIENTATIONS } from "@contracts/devices/detail-values";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { FormField } from "@/components/ui/form-field";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { CaptureStrip } from "@/features/display-health/capture-strip";
import { usePermissions } from "@/features/space/use-permissions";
import { type MessageKey, useT } from "@/lib/i18n";
import { showAlert } from "@/lib/ui/alerts";
import { FactList } from "../view/fact-list";
import { DisplayAppStates } from "./display-app-state";
import { DisplayApps } from "./display-apps";
import {
  canToggleEnabled,
  canTogglePrimary,
  type DraftDisplay,
  formatRate,
  setDisplayField,
  setEnabled,
  setPrimary,
  setResolution,
} from "./display-draft";
import { peripheralQueries } from "./queries";
import { SaveBar } from "./save-bar";
import type { DisplayDraftState } from "./use-display-draft";

const orientationKey = (value: string) => `device.periph.orient.${value.replace(" ", "_")}` as MessageKey;

type Props = { device: DeviceDetail; display: DraftDisplay; editor: DisplayDraftState };

/** A display's configuration (devices.md §3 Display, §4 Displays) inside the side panel. */
export function DisplayConfigPanel({ device, display, editor }: Props) {
  const t = useT();
  const { canWrite } = usePermissions();
  const apps = useQuery(peripheralQueries.applications(device.space_uuid, device.uuid));
  useEffect(() => {
    if (!apps.isError) return;
    console.error("Loading applications failed", apps.error);
    showAlert({
      type: "error",
      uuid: `apps-failed-${device.uuid}`,
      message: t("device.periph.appsFailed", { id: device.uuid }),
    });
  }, [apps.isError, apps.error, device.uuid, t]);

  const locked = !canWrite || editor.saving;
  const id = (field: string) => `display-${display.uuid}-${field}`;
  const rates = display.availableRefreshRates[display.resolution] ?? [];
  const enabledLocked = !canToggleEnabled(editor.draft, display.uuid);
  const primaryLocked = !canTogglePrimary(editor.draft, display.uuid);
  const errors = editor.errors?.byDisplay[display.uuid] ?? [];
  const resolutions =
    display.availableResolutions.includes(display.resolution) || !display.resolution
      ? display.availableResolutions
      : [display.resolution, ...display.availableResolutions];

  return (
    <div className="flex flex-col gap-4">
      {!canWrite && <p className="text-xs text-muted-foreground">{t("device.periph.editReadOnly")}</p>}
      <div className="flex flex-col gap-2 rounded-md border px-3 py-2">
        <SwitchRow
          id={id("enabled")}
          label={t("device.periph.enabled")}
          hint={enabledLocked && !display.disabled ? t("device.periph.lastEnabled") : undefined}
          checked={!display.disabled}
          disabled={locked || enabledLocked}
          onChange={(on) => editor.change((draft) => setEnabled(draft, display.uuid, on))}
        />
        <SwitchRow
          id={id("primary")}
          label={t("device.periph.primaryChip")}
          hint={primaryLocked ? t("device.periph.primaryStays") : undefined}
          checked={display.primary}
          disabled={locked || primaryLocked}
          onChange={(on) => editor.change((draft) => setPrimary(draft, display.uuid, on))}
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2 md:grid-cols-1">
        <FormField id={id("resolution")} label={t("device.periph.resolution")}>
          <Select
            value={display.resolution}
            disabled={locked || resolutions.length === 0}
            onValueChange={(value) => editor.change((draft) => setResolution(draft, display.uuid, value))}
          >
            <SelectTrigger id={id("resolution")} className="h-8">
              <SelectValue placeholder={t("device.periph.chooseResolution")} />
            </SelectTrigger>
            <SelectContent>
              {resolutions.map((resolution) => (
                <SelectItem key={resolution} value={resolution}>
                  {resolution}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
        <FormField id={id("rate")} label={t("device.periph.refresh")}>
          <Select
            value={display.refresh_rate === null ? "" : String(display.refresh_rate)}
            disabled={locked || rates.length === 0}
            onValueChange={(value) =>
              editor.change((draft) => setDisplayField(draft, display.uuid, "refresh_rate", Number(value)))
            }
          >
            <SelectTrigger id={id("rate")} className="h-8">
              <SelectValue placeholder={rates.length ? t("device.periph.chooseRate") : t("device.periph.noRates")} />
            </SelectTrigger>
            <SelectContent>
              {rates.map((rate) => (
                <SelectItem key={rate} value={String(rate)}>
                  {formatRate(rate)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
        <FormField id={id("orientation")} label={t("device.periph.orientation")}>
          <Select
            value={display.orientation}
            disabled={locked}
            onValueChange={(value) =>
              editor.change((draft) =>
                setDisplayField(draft, display.uuid, "orientation", value as DraftDisplay["orientation"]),
              )
            }
          >
            <SelectTrigger id={id("orientation")} className="h-8">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {DISPLAY_ORIENTATIONS.map((orientation) => (
                <SelectItem key={orientation} value={orientation}>
                  {t(orientationKey(orientation))}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
      </div>
      {display.graphical_output && (
        <FactList facts={[{ label: t("device.periph.output"), value: display.graphical_output }]} />
      )}
      <CaptureStrip space={device.space_uuid} device={device.uuid} display={display.name} />
      <DisplayAppStates device={device} display={display} />
      <DisplayApps display={display} editor={editor} available={apps.data} loading={apps.isPending} disabled={locked} />
      {errors.length > 0 && (
        <ul
          className="flex flex-col gap-1 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-xs text-destructive"
          role="alert"
        >
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      <SaveBar device={device} editor={editor} canWrite={canWrite} />
    </div>
  );
}

type SwitchRowProps = {
  id: string;
  label: ReactNode;
  hint?: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
};

function SwitchRow({ id, label, hint, checked, disabled, onChange }: SwitchRowProps) {
  return (
    <div className="flex items-center justify-between gap-3">
      <span className="flex flex-col gap-0.5">
        <Label htmlFor={id}>{label}</Label>
        {hint && (
          <span id={`${id}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </span>
        )}
      </span>
      <Switch
        id={id}
        checked={checked}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onCheckedChange={onChange}
      />
    </div>
  );
}
