import "@/lib/i18n/locales/en-device";
import "@/lib/i18n/locales/en-agent-settings";
import type { DeviceDetail } from "@contracts/devices/detail";
import { useQuery } from "@tanstack/react-query";
import { Skeleton } from "@/components/ui/skeleton";
import { useI18n } from "@/lib/i18n";
import { formatDateTime } from "@/lib/i18n/datetime";
import { auditLabel } from "../logic/audit-label";
import { deviceQueries } from "../queries";
import { AgentLogSection, RemoteFailuresSection } from "./agent-log";

/**
 * The device's logs: the agent's recent lines, the failed remote actions with their
 * reason, and the audit trail.
 */
export function LogsTab({ device }: { device: DeviceDetail }) {
  const { t } = useI18n();
  return (
    <div className="space-y-6">
      <AgentLogSection device={device} />
      <RemoteFailuresSection device={device} />
      <section className="space-y-2" aria-label={t("device.logs.trailTitle")}>
        <h3 className="text-sm font-medium">{t("device.logs.trailTitle")}</h3>
        <AuditTrail device={device} />
      </section>
    </div>
  );
}

/** The audit trail: who did what, when (newest first). */
function AuditTrail({ device }: { device: DeviceDetail }) {
  const { t, lang } = useI18n();
  const audit = useQuery(deviceQueries.audit(device.space_uuid, device.uuid));
  if (audit.isPending) return <Skeleton className="h-40 w-full" />;
  if (audit.isError) return <p className="text-sm text-destructive">{audit.error.message}</p>;
  if (!audit.data.entries.length) return <p className="text-sm text-muted-foreground">{t("device.logs.empty")}</p>;
  return (
    <table
      className="w-full border-separate border-spacing-0 rounded-lg border text-sm"
      aria-label={t("device.tab.logs")}
    >
      <thead>
        <tr className="text-left text-xs text-muted-foreground">
          <th className="border-b px-3 py-2 font-medium">{t("device.logs.when")}</th>
          <th className="border-b px-3 py-2 font-medium">{t("device.logs.who")}</th>
          <th className="border-b px-3 py-2 font-medium">{t("device.logs.what")}</th>
        </tr>
      </thead>
      <tbody>
        {audit.data.entries.map((entry) => (
          <tr key={entry.uuid} data-testid="audit-entry">
            <td className="border-b px-3 py-2 whitespace-nowrap tabular-nums">
              {formatDateTime(entry.created_at, lang)}
            </td>
            <td className="border-b px-3 py-2">{entry.actor_display_name ?? t("device.logs.system")}</td>
            <td className="border-b px-3 py-2" title={entry.action}>
              {auditLabel(entry, t)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
