import "@/lib/i18n/locales/en-assets";
import type { LocationTotals } from "@contracts/locations/schema";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/ui/utils";

type DeviceTotalsProps = { location: LocationTotals; detailed?: boolean; className?: string };

/** A location's device counts: all, online, disconnected, not connected (detailed: + connected, archived). */
export function DeviceTotals({ location, detailed, className }: DeviceTotalsProps) {
  const t = useT();
  const stats = [
    { key: "total", label: t("locations.totals.devices"), value: location.total_number },
    { key: "online", label: t("locations.totals.online"), value: location.total_online_number },
    ...(detailed
      ? [{ key: "connected", label: t("locations.totals.connected"), value: location.total_connected_number }]
      : []),
    { key: "disconnected", label: t("locations.totals.disconnected"), value: location.total_disconnected_number },
    { key: "nonConnected", label: t("locations.totals.nonConnected"), value: location.total_non_connected_number },
    ...(detailed
      ? [{ key: "archived", label: t("locations.totals.archived"), value: location.total_archived_number }]
      : []),
  ];
  if (detailed)
    return (
      <dl className={cn("grid grid-cols-3 gap-2", className)}>
        {stats.map((stat) => (
          <div key={stat.key} className="min-w-0">
            <dt className="text-[11px] leading-tight text-muted-foreground">{stat.label}</dt>
            <dd className="text-base leading-tight font-semibold tabular-nums">{stat.value}</dd>
          </div>
        ))}
      </dl>
    );
  // A card: two columns of "label … count", so "Disconnected" and "Not connected" are read whole
  // at every card width (four columns cut them to "Disconne…").
  return (
    <dl className={cn("grid grid-cols-2 gap-x-4 gap-y-1", className)}>
      {stats.map((stat) => (
        <div key={stat.key} className="flex min-w-0 items-baseline justify-between gap-2">
          <dt className="truncate text-xs text-muted-foreground" title={stat.label}>
            {stat.label}
          </dt>
          <dd className="text-sm font-semibold tabular-nums">{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
