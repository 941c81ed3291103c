import "@/lib/i18n/locales/en-commands";
import type { DeviceDetail } from "@contracts/devices/detail";
import {
  BanIcon,
  BugIcon,
  CircleCheckIcon,
  ClockIcon,
  type LucideIcon,
  PowerOffIcon,
  RefreshCwIcon,
  RotateCwIcon,
} from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api/api";
import { useT } from "@/lib/i18n";
import { showAlert } from "@/lib/ui/alerts";
import { SettingGroup, SettingRow } from "../settings/setting-row";
import { useQueueCommand } from "./queries";
import { QueueDialog } from "./queue-dialog";
import { type QueueChoice, queuePlan } from "./queue-options";
import { viewCommandsButton } from "./use-open-commands";

type Device = Pick<DeviceDetail, "uuid" | "space_uuid" | "name" | "debug_mode" | "enabled">;

const rows: { choice: QueueChoice; icon: LucideIcon }[] = [
  { choice: "enabled", icon: BanIcon },
  { choice: "reboot", icon: RotateCwIcon },
  { choice: "shutdown", icon: PowerOffIcon },
  { choice: "telemetry", icon: RefreshCwIcon },
  { choice: "debug", icon: BugIcon },
];

/**
 * Settings tab of an offline device, for Content Managers and Admins: commands that
 * wait in the device's queue until it reconnects, each with a TTL chosen in a dialog. The reply
 * says where to follow it: "View commands" opens the Commands tab.
 */
export function QueueGroup({ device, viewCommands }: { device: Device; viewCommands: () => void }) {
  const t = useT();
  const queue = useQueueCommand(device);
  const [asking, setAsking] = useState<QueueChoice | null>(null);
  const plan = asking ? queuePlan(asking, device) : null;

  const confirm = (ttl: number) => {
    if (!plan) return;
    const action = t(plan.title);
    queue.mutate(
      {
        action: plan.action,
        params: plan.params,
        ttl_seconds: ttl,
        supersede_key: plan.supersede_key,
        request_id: crypto.randomUUID(),
      },
      {
        onSuccess: () => {
          setAsking(null);
          showAlert({
            type: "success",
            message: t("device.queue.queued", { action, name: device.name }),
            duration: 8000,
            button: viewCommandsButton(t, viewCommands),
          });
        },
        onError: (error) => {
          console.error(`Queueing ${plan.action} failed`, error);
          const message = error instanceof ApiError && error.body?.message;
          showAlert({ type: "error", message: message || t("device.queue.failed") });
        },
      },
    );
  };

  return (
    <SettingGroup title={t("device.queue.section")}>
      <p className="flex items-start gap-2 px-4 py-2.5 text-xs text-muted-foreground">
        <ClockIcon className="mt-px size-3.5 shrink-0" aria-hidden="true" />
        {t("device.queue.intro")}
      </p>
      {rows.map(({ choice, icon: rowIcon }) => {
        const row = queuePlan(choice, device);
        // A disabled device takes nothing but Enable (the API refuses the rest).
        if (!device.enabled && choice !== "enabled") return null;
        const icon = choice === "enabled" && !device.enabled ? CircleCheckIcon : rowIcon;
        const title = t(row.title);
        return (
          <SettingRow
            key={choice}
            icon={icon}
            title={title}
            description={t(row.text)}
            tone={row.destructive ? "destructive" : "default"}
            control={
              <Button
                variant="outline"
                size="sm"
                className="min-w-28"
                aria-label={t("device.queue.buttonLabel", { action: title })}
                data-testid={`queue-${choice}`}
                onClick={() => setAsking(choice)}
              >
                {t("device.queue.button")}
              </Button>
            }
          />
        );
      })}
      {plan && (
        <QueueDialog
          action={t(plan.title)}
          deviceName={device.name}
          destructive={plan.destructive}
          pending={queue.isPending}
          onConfirm={confirm}
          onClose={() => setAsking(null)}
        />
      )}
    </SettingGroup>
  );
}
