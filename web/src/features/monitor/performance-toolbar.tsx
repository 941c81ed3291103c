import "@/lib/i18n/locales/en-devices";
import "@/lib/i18n/locales/en-monitor-pages";
import { SEARCH_MAX } from "@contracts/http/text-values";
import { XIcon } from "lucide-react";
import { SearchField } from "@/components/search-field";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { LocationTypeFilters } from "@/features/devices/list/location-type-filters";
import { useDeviceFilterOptions } from "@/features/devices/list/use-device-filter-options";
import { useT } from "@/lib/i18n";
import type { MonitoringFilterState } from "./performance-filters";

type PerformanceToolbarProps = {
  state: MonitoringFilterState;
  onChange: (patch: Partial<MonitoringFilterState>) => void;
  onReset: () => void;
  filtered: boolean;
  total: number | undefined;
};

const statuses = ["", "0", "1", "2", "3"] as const;
const domains = ["", "top", "bottom"] as const;

type ChoiceSelectProps<V extends string> = {
  label: string;
  value: V;
  /** The choices in the order shown; the first stands for "any". */
  choices: readonly [V, ...V[]];
  labels: Record<V, string>;
  onChange: (value: V) => void;
  className?: string;
};

/** A native select over a fixed set of choices. */
function ChoiceSelect<V extends string>({ label, value, choices, labels, onChange, className }: ChoiceSelectProps<V>) {
  return (
    <NativeSelect
      aria-label={label}
      value={value}
      onChange={(event) => onChange(choices.find((c) => c === event.target.value) ?? choices[0])}
      className={className}
    >
      {choices.map((choice) => (
        <option key={choice} value={choice}>
          {labels[choice]}
        </option>
      ))}
    </NativeSelect>
  );
}

/** The monitoring filter set (console.md §3.10): name, location, device type, combined status, domain. */
export function PerformanceToolbar({ state, onChange, onReset, filtered, total }: PerformanceToolbarProps) {
  const t = useT();
  const options = useDeviceFilterOptions({
    enabled: true,
    selectedLocations: state.location_uuid ? [state.location_uuid] : [],
  });
  const statusLabel = {
    "": t("monitor.filter.anyHealth"),
    "0": t("device.health.healthy"),
    "1": t("device.health.unmonitored"),
    "2": t("device.health.warning"),
    "3": t("device.health.critical"),
  };
  const domainLabel = {
    "": t("monitor.filter.allDomains"),
    top: t("monitor.filter.domainTop"),
    bottom: t("monitor.filter.domainBottom"),
  };
  return (
    <search className="grid grid-cols-2 items-center gap-2 sm:flex sm:flex-wrap" aria-label={t("monitor.filters")}>
      <SearchField
        className="col-span-2 sm:w-56"
        maxLength={SEARCH_MAX}
        label={t("monitor.filter.name")}
        placeholder={t("monitor.filter.namePlaceholder")}
        listSearch
        value={state.name}
        onChange={(name) => onChange({ name })}
      />
      <LocationTypeFilters state={state} onChange={onChange} options={options} className="w-full sm:w-40" />
      <ChoiceSelect
        label={t("monitor.filter.health")}
        value={state.combined_status}
        choices={statuses}
        labels={statusLabel}
        onChange={(combined_status) => onChange({ combined_status })}
        className="sm:w-36"
      />
      <ChoiceSelect
        label={t("monitor.filter.domain")}
        value={state.domain}
        choices={domains}
        labels={domainLabel}
        onChange={(domain) => onChange({ domain })}
        className="sm:w-52"
      />
      {filtered && (
        <Button variant="ghost" size="sm" onClick={onReset}>
          <XIcon aria-hidden="true" />
          {t("devices.filter.clear")}
        </Button>
      )}
      {total !== undefined && (
        <span
          className="col-span-2 text-xs sm:ml-auto text-muted-foreground tabular-nums"
          aria-live="polite"
          data-testid="monitoring-count"
        >
          {t("devices.count", { count: total })}
        </span>
      )}
    </search>
  );
}
