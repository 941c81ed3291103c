import "@/lib/i18n/locales/en-health-report";
import { Tooltip } from "@/components/ui/tooltip";
import {
  formatDuration,
  formatLoad,
  formatTraffic,
  gb2,
  uptimeDays,
  usedPercent,
} from "@/features/devices/logic/format";
import { useT } from "@/lib/i18n";
import { interfaceErrors, type LatestTelemetry } from "./device-health";
import { HealthCard, HealthRow, NotReported } from "./health-card";
import type { HealthCodes } from "./health-sections";

type Props = { data: LatestTelemetry | null; codes: HealthCodes };

export function CpuSection({ data, codes }: Props) {
  const t = useT();
  const cpu = data?.cpu;
  const temperature = data?.thermal?.cpu_temperature;
  return (
    <HealthCard title={t("report.cpu")} code={codes.cpu} testId="report-cpu">
      {cpu ? (
        <>
          <HealthRow label={t("report.cpu.average")}>
            {[cpu.load1, cpu.load5, cpu.load15].map((load) => formatLoad(load, cpu.threads)).join(" · ")}
          </HealthRow>
          <HealthRow label={t("report.cpu.cores")}>
            {cpu.cores} / {cpu.threads}
          </HealthRow>
        </>
      ) : (
        <NotReported text={t("report.notReported")} />
      )}
      <HealthRow label={t("report.cpu.temperature")} code={codes.thermal}>
        {temperature === null || temperature === undefined ? "—" : `${temperature.toFixed(1)} °C`}
      </HealthRow>
    </HealthCard>
  );
}

export function UptimeSection({ data, codes }: Props) {
  const t = useT();
  const uptime = data?.uptime;
  const days = uptime ? uptimeDays(uptime.uptime) : null;
  const value = uptime ? formatDuration(uptime.uptime) : "";
  return (
    <HealthCard title={t("report.uptime")} code={codes.uptime} testId="report-uptime">
      {uptime ? (
        <>
          <HealthRow label={t("report.uptime.since")}>
            {days ? (
              <Tooltip label={t("report.uptime.days", { days: days.days, time: days.rest })}>
                {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the days tooltip must open from the keyboard too */}
                <span tabIndex={0} className="cursor-help underline decoration-dotted underline-offset-4">
                  {value}
                </span>
              </Tooltip>
            ) : (
              value
            )}
          </HealthRow>
          <HealthRow label={t("report.uptime.idle")}>{formatDuration(uptime.idle)}</HealthRow>
        </>
      ) : (
        <NotReported text={t("report.notReported")} />
      )}
    </HealthCard>
  );
}

export function MemorySection({ data, codes }: Props) {
  const t = useT();
  const ram = data?.ram;
  return (
    <HealthCard title={t("report.memory")} code={codes.ram} testId="report-memory">
      {ram ? (
        <>
          <HealthRow label={t("report.memory.used")}>
            {gb2(ram.total - ram.free)} / {gb2(ram.total)} GB ({usedPercent(ram.total, ram.free)}%)
          </HealthRow>
          <HealthRow label={t("report.memory.swap")}>
            {ram.swap_total > 0 ? `${gb2(ram.swap_total - ram.swap_free)} / ${gb2(ram.swap_total)} GB` : "—"}
          </HealthRow>
        </>
      ) : (
        <NotReported text={t("report.notReported")} />
      )}
    </HealthCard>
  );
}

export function DiskSection({ data, codes }: Props) {
  const t = useT();
  const storage = data?.storage;
  const health = data?.disk_health;
  return (
    <HealthCard title={t("report.disk")} code={codes.storage} testId="report-disk">
      {storage && storage.partitions.length > 0 ? (
        storage.partitions.map((part) => (
          <HealthRow key={part.name} label={part.name}>
            {gb2(part.size - part.free)} / {gb2(part.size)} GB ·{" "}
            {t("report.disk.used", { pct: usedPercent(part.size, part.free) })}
          </HealthRow>
        ))
      ) : (
        <NotReported text={t("report.notReported")} />
      )}
      <HealthRow label={t("report.disk.health")} code={codes.disk_health} mono={false}>
        {health ? t(health.source === "smart" ? "report.disk.smart" : "report.disk.usage") : "—"}
      </HealthRow>
      {health?.drives.map((drive) => (
        <HealthRow key={drive.name} label={drive.name} code={drive.status} mono={false}>
          {[drive.model, drive.smart].filter(Boolean).join(" · ") || "—"}
        </HealthRow>
      ))}
    </HealthCard>
  );
}

export function NetworkSection({ data, codes }: Props) {
  const t = useT();
  const network = data?.network;
  return (
    <HealthCard title={t("report.network")} code={codes.network} testId="report-network">
      {network && network.devices.length > 0 ? (
        network.devices.map((nic) => {
          const errors = interfaceErrors(nic);
          const state = nic.up === undefined ? "" : t(nic.up ? "report.network.up" : "report.network.down");
          return (
            <HealthRow key={nic.name} label={nic.name}>
              {[
                state,
                `↓ ${formatTraffic(nic.rx_bytes)}`,
                `↑ ${formatTraffic(nic.tx_bytes)}`,
                errors ? t("report.network.errors", { count: errors.errors }) : "",
              ]
                .filter(Boolean)
                .join(" · ")}
            </HealthRow>
          );
        })
      ) : (
        <NotReported text={t("report.notReported")} />
      )}
    </HealthCard>
  );
}

export function GpuSection({ data, codes }: Props) {
  const t = useT();
  const gpu = data?.gpu;
  return (
    <HealthCard title={t("report.gpu")} code={codes.gpu} testId="report-gpu">
      {gpu ? (
        <>
          <HealthRow label={t("report.gpu.utilization")}>
            {gpu.utilization === null ? t("report.notAvailable") : `${Math.round(gpu.utilization)}%`}
          </HealthRow>
          {gpu.devices.map((card) => (
            <HealthRow key={card.model} label={card.model} mono={false}>
              {[
                card.utilization === null ? "" : `${Math.round(card.utilization)}%`,
                card.temperature === null ? "" : `${card.temperature.toFixed(0)} °C`,
              ]
                .filter(Boolean)
                .join(" · ") || "—"}
            </HealthRow>
          ))}
        </>
      ) : (
        <NotReported text={t("report.notReported")} />
      )}
    </HealthCard>
  );
}
