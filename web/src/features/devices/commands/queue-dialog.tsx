import "@/lib/i18n/locales/en-device";
import "@/lib/i18n/locales/en-commands";
import { useId, useState } from "react";
import { FormDialog } from "@/components/form-dialog";
import { Segmented } from "@/components/ui/segmented";
import { useT } from "@/lib/i18n";
import { DEFAULT_QUEUE_TTL, QUEUE_TTLS, type QueueTtl, ttlSeconds } from "./queue-options";

type QueueDialogProps = {
  /** The action's name, e.g. "Reboot". */
  action: string;
  deviceName: string;
  destructive: boolean;
  pending: boolean;
  onConfirm: (ttlSeconds: number) => void;
  onClose: () => void;
};

/**
 * "Queue Reboot until online?": how long the command may wait (1 h, 24 h, 7 days) before it
 * expires without running. Also the confirmation of a queued power action. Esc or Cancel closes.
 */
export function QueueDialog({ action, deviceName, destructive, pending, onConfirm, onClose }: QueueDialogProps) {
  const t = useT();
  const hintId = useId();
  const [ttl, setTtl] = useState<QueueTtl>(DEFAULT_QUEUE_TTL);
  return (
    <FormDialog
      open
      onClose={onClose}
      className="max-w-md"
      title={t("device.queue.dialog.title", { action })}
      description={t("device.queue.dialog.text", { name: deviceName })}
      cancelLabel={t("device.settings.cancel")}
      label={t("device.queue.confirm")}
      destructive={destructive}
      pending={pending}
      describedBy={hintId}
      onConfirm={() => onConfirm(ttlSeconds(ttl))}
    >
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-medium">{t("device.queue.ttl")}</span>
        <Segmented
          label={t("device.queue.ttl")}
          value={ttl}
          onValueChange={setTtl}
          options={QUEUE_TTLS.map((option) => ({ value: option.value, label: t(option.label) }))}
        />
        <p id={hintId} className="text-xs text-muted-foreground">
          {t("device.queue.ttlHint")}
        </p>
      </div>
    </FormDialog>
  );
}
