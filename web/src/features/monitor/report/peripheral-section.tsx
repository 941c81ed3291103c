import "@/lib/i18n/locales/en-health-report";
import { type MonitoredPeripheralType, worst } from "@contracts/devices/health";
import { HealthStatus } from "@/components/health";
import { type MessageKey, useT } from "@/lib/i18n";
import { type LatestTelemetry, type PeripheralGroup, peripheralGroups } from "./device-health";
import { HealthCard, HealthRow } from "./health-card";

const typeLabels: Record<MonitoredPeripheralType, MessageKey> = {
  bill_acceptor: "report.peripheral.bill_acceptor",
  coin_acceptor: "report.peripheral.coin_acceptor",
  paylink: "report.peripheral.paylink",
  pos_printer: "report.peripheral.pos_printer",
  display: "report.peripheral.display",
  door_switch: "report.peripheral.door_switch",
  card_reader: "report.peripheral.card_reader",
};

function TypeRows({ group }: { group: PeripheralGroup }) {
  const t = useT();
  const label = t(typeLabels[group.type]);
  if (group.items.length === 0)
    return (
      <HealthRow label={label} mono={false}>
        <span className="text-muted-foreground">{t("report.peripheral.none")}</span>
      </HealthRow>
    );
  // Two peripherals may share a name: the key counts repeats of a name.
  const seen = new Map<string, number>();
  return group.items
    .map((item) => {
      const repeat = seen.get(item.name) ?? 0;
      seen.set(item.name, repeat + 1);
      return { item, key: `${item.name}#${repeat}` };
    })
    .map(({ item, key }, i) => (
      <HealthRow key={key} label={i === 0 ? label : ""} mono={false}>
        <span className="flex min-w-0 items-center justify-between gap-2">
          <span className="truncate">
            {item.name}
            {!item.enabled && <span className="text-muted-foreground"> · {t("report.peripheral.disabled")}</span>}
          </span>
          <HealthStatus code={item.combined_status} />
        </span>
      </HealthRow>
    ));
}

/** Each monitored peripheral type (devices.md §9) with the reported peripherals of that type. */
export function PeripheralSection({ data }: { data: LatestTelemetry | null }) {
  const t = useT();
  const groups = peripheralGroups(data);
  const code = worst(groups.map((g) => g.code));
  return (
    <HealthCard title={t("report.peripherals")} code={code} testId="report-peripherals">
      {groups.map((group) => (
        <TypeRows key={group.type} group={group} />
      ))}
    </HealthCard>
  );
}
