import "@/lib/i18n/locales/en-device";
import "@/lib/i18n/locales/en-agent-settings";
import type { DeviceDetail } from "@contracts/devices/detail";
import { agentLogs } from "@contracts/remote-actions/routes";
import { useQuery } from "@tanstack/react-query";
import { RefreshCwIcon } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import { callApi } from "@/lib/api/api";
import { useI18n, useT } from "@/lib/i18n";
import { formatDateTime } from "@/lib/i18n/datetime";
import { setShowRemoteFailures, useShowRemoteFailures } from "@/lib/session/preferences";
import { commandQueries } from "../commands/queries";
import { commandLabel } from "../logic/audit-label";
import { remoteFailures } from "../logic/remote-failures";

type Device = Pick<DeviceDetail, "space_uuid" | "uuid" | "online">;

const agentLogKey = (space: string, uuid: string) => ["space", space, "device-agent-log", uuid] as const;

/**
 * The agent's recent log lines (GET …/agent-logs/), fetched when the tab opens and on
 * Refresh; debug lines appear while debug mode is on.
 */
export function AgentLogSection({ device }: { device: Device }) {
  const t = useT();
  const log = useQuery({
    queryKey: agentLogKey(device.space_uuid, device.uuid),
    queryFn: ({ signal }) =>
      callApi(agentLogs, { params: { space: device.space_uuid, uuid: device.uuid }, query: {}, signal }),
    enabled: device.online,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <section className="space-y-2" aria-labelledby="agent-log-title">
      <div className="flex items-center justify-between gap-2">
        <div>
          <h3 id="agent-log-title" className="text-sm font-medium">
            {t("device.logs.agentTitle")}
          </h3>
          <p className="text-xs text-muted-foreground">{t("device.logs.agentText")}</p>
        </div>
        <Button
          variant="outline"
          size="sm"
          disabled={!device.online || log.isFetching}
          onClick={() => void log.refetch()}
        >
          <RefreshCwIcon className={log.isFetching ? "animate-spin" : undefined} />
          {t("device.logs.refresh")}
        </Button>
      </div>
      {!device.online ? (
        <p className="text-sm text-muted-foreground">{t("device.settings.offline")}</p>
      ) : log.isError ? (
        <p className="text-sm text-destructive">{log.error.message}</p>
      ) : log.data && !log.data.lines.length ? (
        <p className="text-sm text-muted-foreground">{t("device.logs.agentEmpty")}</p>
      ) : log.data ? (
        <pre
          className="max-h-72 overflow-auto rounded-lg border bg-muted/40 p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap"
          data-testid="agent-log"
        >
          {log.data.lines.join("\n")}
        </pre>
      ) : null}
    </section>
  );
}

/**
 * Failed remote desktop, RSSH and screenshot requests with their reason, from the device's
 * command log (§8 shows nothing for them at the time), and the user's preference that turns
 * them into notifications with Retry.
 */
export function RemoteFailuresSection({ device }: { device: Device }) {
  const { t, lang } = useI18n();
  const switchId = useId();
  const showFailures = useShowRemoteFailures();
  const commands = useQuery(commandQueries.list(device.space_uuid, device.uuid));
  const failures = commands.data ? remoteFailures(commands.data.commands) : [];
  return (
    <section className="space-y-2" aria-labelledby="remote-failures-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="remote-failures-title" className="text-sm font-medium">
          {t("device.logs.failuresTitle")}
        </h3>
        <label htmlFor={switchId} className="flex items-center gap-2 text-xs text-muted-foreground">
          <Switch id={switchId} checked={showFailures} onCheckedChange={setShowRemoteFailures} />
          <span title={t("preferences.showRemoteFailuresText")}>{t("preferences.showRemoteFailures")}</span>
        </label>
      </div>
      {commands.isError ? (
        <p className="text-sm text-destructive">{commands.error.message}</p>
      ) : commands.data && !failures.length ? (
        <p className="text-sm text-muted-foreground">{t("device.logs.noFailures")}</p>
      ) : (
        <ul className="divide-y rounded-lg border text-sm">
          {failures.map((failure) => (
            <li key={failure.id} className="flex flex-wrap gap-x-3 px-3 py-2" data-testid="remote-failure">
              <span className="tabular-nums text-muted-foreground">{formatDateTime(failure.created_at, lang)}</span>
              <span className="font-medium">{commandLabel(failure.action, t)}</span>
              <span className="text-destructive">
                {t("device.logs.reason")}: {failure.error ?? failure.state}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
