import type { DeviceDetail } from "@contracts/device-detail";
import { CircleAlertIcon, CircleCheckIcon, CircleHelpIcon, OctagonAlertIcon } from "lucide-react";
import type { ReactNode } from "react";
import { formatDateTime } from "@/lib/datetime";
import { useI18n } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { formatDuration, formatLoad, formatTraffic, gb2, healthLabel } from "../logic/format";

const healthLook = {
  healthy: { icon: CircleCheckIcon, className: "text-status-online" },
  warning: { icon: CircleAlertIcon, className: "text-amber-600 dark:text-amber-400" },
  critical: { icon: OctagonAlertIcon, className: "text-destructive" },
  unknown: { icon: CircleHelpIcon, className: "text-muted-foreground" },
} as const;

function Health({ code }: { code: number | null | undefined }) {
  const { t } = useI18n();
  const label = healthLabel(code);
  const { icon: Icon, className } = healthLook[label];
  return (
    <span className={cn("flex items-center gap-1 text-xs font-medium", className)}>
      <Icon className="size-3.5" aria-hidden="true" />
      {t(`device.health.${label}`)}
    </span>
  );
}

function Row({ label, code, children }: { label: string; code?: number | null; children: ReactNode }) {
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2.5 text-sm">
      <span className="w-56 text-muted-foreground">{label}</span>
      <span className="min-w-0 flex-1 font-mono text-[13px] tabular-nums">{children}</span>
      {code !== undefined && <Health code={code} />}
    </li>
  );
}

/** The latest telemetry (devices.md §9 units): load, uptime, memory, storage, network. */
export function AssetMonitoring({ device }: { device: DeviceDetail }) {
  const { t, lang } = useI18n();
  const data = device.latest_telemetry;
  if (!data) return <p className="text-sm text-muted-foreground">{t("device.asset.noTelemetry")}</p>;
  const { cpu, uptime, ram, storage, network } = data;
  return (
    <div className="flex flex-col gap-3">
      {device.telemetry_updated_at && (
        <p className="text-xs text-muted-foreground">
          {t("device.asset.telemetryAt", { time: formatDateTime(device.telemetry_updated_at, lang) })}
        </p>
      )}
      <ul className="flex flex-col divide-y rounded-md border" data-testid="monitoring">
        {cpu && (
          <Row label={t("device.asset.cpuLoad")} code={cpu.status}>
            {[cpu.load1, cpu.load5, cpu.load15].map((load) => formatLoad(load, cpu.threads)).join(" · ")}
          </Row>
        )}
        {uptime && (
          <Row label={t("device.asset.uptime")} code={uptime.status}>
            {formatDuration(uptime.uptime)}
          </Row>
        )}
        {ram && (
          <Row label={t("device.asset.memory")} code={ram.status}>
            {gb2(ram.total - ram.free)} / {gb2(ram.total)} GB
          </Row>
        )}
        {ram && ram.swap_total > 0 && (
          <Row label={t("device.asset.swap")}>
            {gb2(ram.swap_total - ram.swap_free)} / {gb2(ram.swap_total)} GB
          </Row>
        )}
        {storage?.partitions.map((part, i) => (
          <Row key={part.name} label={t("device.asset.storage")} code={i === 0 ? storage.status : undefined}>
            <span className="text-muted-foreground">{part.name}</span> {gb2(part.free)} / {gb2(part.size)} GB
          </Row>
        ))}
        {network?.devices.map((nic, i) => (
          <Row key={nic.name} label={t("device.asset.network")} code={i === 0 ? (network.status ?? null) : undefined}>
            <span className="text-muted-foreground">{nic.name}</span> {formatTraffic(nic.rx_bytes)} /{" "}
            {formatTraffic(nic.tx_bytes)}
          </Row>
        ))}
      </ul>
    </div>
  );
}
