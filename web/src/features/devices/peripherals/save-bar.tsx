import "@/lib/i18n/locales/en-peripherals";
import type { DeviceDetail } from "@contracts/devices/detail";
import { LoaderCircleIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n";
import type { DisplayDraftState } from "./use-display-draft";

/** Save and Reset of the whole draft; Save needs a change, and is blocked in demo mode. */
export function SaveBar({
  device,
  editor,
  canWrite,
}: {
  device: DeviceDetail;
  editor: DisplayDraftState;
  canWrite: boolean;
}) {
  const t = useT();
  if (!canWrite) return null;
  const general = editor.errors?.general ?? [];
  return (
    <div className="flex flex-col gap-2 border-t pt-3">
      {general.length > 0 && (
        <ul className="flex flex-col gap-1 text-xs text-destructive" role="alert">
          {general.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      {editor.blocked ? (
        <p id={`display-save-hint-${device.uuid}`} className="text-xs text-muted-foreground">
          {t("device.periph.demoMode")}
        </p>
      ) : (
        editor.dirty && <p className="text-xs text-muted-foreground">{t("device.periph.allDisplays")}</p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" size="sm" disabled={!editor.dirty || editor.saving} onClick={editor.reset}>
          {t("device.periph.reset")}
        </Button>
        <Button
          size="sm"
          disabled={!editor.dirty || editor.saving || editor.blocked}
          aria-describedby={editor.blocked ? `display-save-hint-${device.uuid}` : undefined}
          onClick={editor.save}
        >
          {editor.saving && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
          {t("device.periph.save")}
        </Button>
      </div>
    </div>
  );
}
