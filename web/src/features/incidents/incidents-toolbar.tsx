import "@/lib/i18n/locales/en-incidents";
import { useQuery } from "@tanstack/react-query";
import { SettingsIcon, XIcon } from "lucide-react";
import { Link } from "react-router";
import { FilterCombobox } from "@/components/filter-combobox";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { alertingQueries } from "@/features/alerting/queries";
import { useLocationOptions } from "@/features/locations/use-location-options";
import { useCurrentSpace } from "@/features/session/current-space";
import { type MessageKey, useT } from "@/lib/i18n";
import { type IncidentUrlFilters, isPeriod, PERIOD_LABELS, STATE_CHOICES, type StateChoice } from "./incident-filters";
import { stateLabel } from "./incident-format";

const stateChoiceLabel = (choice: StateChoice): MessageKey =>
  choice === ""
    ? "incidents.filter.anyState"
    : choice === "open,acknowledged"
      ? "incidents.filter.active"
      : stateLabel[choice];

type IncidentsToolbarProps = {
  filters: IncidentUrlFilters;
  onChange: (patch: Partial<IncidentUrlFilters>) => void;
  onReset: () => void;
  total: number | undefined;
  active: number | undefined;
};

/** State, location, rule and period; Clear; the count; a way to the alerting settings. */
export function IncidentsToolbar({ filters, onChange, onReset, total, active }: IncidentsToolbarProps) {
  const t = useT();
  const { space } = useCurrentSpace();
  const rules = useQuery(alertingQueries.rules(space.space_uuid));
  const locations = useLocationOptions(space.space_uuid, { selected: filters.location ? [filters.location] : [] });
  const filtered = Boolean(filters.state || filters.location || filters.rule || filters.period);
  return (
    <search className="grid grid-cols-2 items-center gap-2 sm:flex sm:flex-wrap" aria-label={t("incidents.filters")}>
      <NativeSelect
        aria-label={t("incidents.filter.state")}
        value={filters.state}
        onChange={(event) => onChange({ state: STATE_CHOICES.find((c) => c === event.target.value) ?? "" })}
        className="sm:w-48"
        data-testid="incidents-state-filter"
      >
        {STATE_CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {t(stateChoiceLabel(choice))}
          </option>
        ))}
      </NativeSelect>
      <FilterCombobox
        label={t("incidents.filter.location")}
        value={filters.location}
        onChange={(location) => onChange({ location })}
        options={[{ value: "", label: t("incidents.filter.anyLocation") }, ...locations.options]}
        placeholder={t("incidents.filter.anyLocation")}
        onQueryChange={locations.onQueryChange}
        loading={locations.loading}
        moreText={locations.moreText}
        labelOf={locations.labelOf}
        className="w-full sm:w-48"
      />
      <NativeSelect
        aria-label={t("incidents.filter.rule")}
        value={filters.rule}
        onChange={(event) => onChange({ rule: event.target.value })}
        className="sm:w-48"
      >
        <option value="">{t("incidents.filter.anyRule")}</option>
        {filters.rule && !rules.data?.some((rule) => rule.uuid === filters.rule) && (
          <option value={filters.rule}>{filters.rule}</option>
        )}
        {rules.data?.map((rule) => (
          <option key={rule.uuid} value={rule.uuid}>
            {rule.name}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect
        aria-label={t("incidents.filter.period")}
        value={filters.period}
        onChange={(event) => onChange({ period: isPeriod(event.target.value) ? event.target.value : "" })}
        className="sm:w-40"
      >
        {(Object.keys(PERIOD_LABELS) as (keyof typeof PERIOD_LABELS)[]).map((period) => (
          <option key={period} value={period}>
            {t(PERIOD_LABELS[period])}
          </option>
        ))}
      </NativeSelect>
      {filtered && (
        <Button variant="ghost" size="sm" onClick={onReset}>
          <XIcon aria-hidden="true" />
          {t("incidents.filter.clear")}
        </Button>
      )}
      <div className="col-span-2 flex items-center gap-3 sm:ml-auto">
        {total !== undefined && (
          <span className="text-xs text-muted-foreground tabular-nums" aria-live="polite" data-testid="incidents-count">
            {t("incidents.count", { count: total })}
            {active ? ` · ${t("incidents.activeCount", { count: active })}` : ""}
          </span>
        )}
        <Button asChild variant="outline" size="sm" className="ml-auto sm:ml-0">
          <Link to="/alert-rules">
            <SettingsIcon aria-hidden="true" />
            {t("incidents.settings")}
          </Link>
        </Button>
      </div>
    </search>
  );
}
