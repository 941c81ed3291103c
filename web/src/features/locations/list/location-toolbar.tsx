import { DownloadIcon, LoaderCircleIcon, SearchIcon, XIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Combobox } from "@/components/ui/combobox";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useT } from "@/lib/i18n";
import { hasActiveFilters, LOCATION_SORTS, type LocationFilterState, toLocationQuery } from "./location-filters";
import { useFilterOptions } from "./use-filter-options";

type LocationToolbarProps = {
  state: LocationFilterState;
  onChange: (patch: Partial<LocationFilterState>) => void;
  onReset: () => void;
  onExport: () => void;
  exporting: boolean;
  total: number | undefined;
};

/** The filter panel of the location list: search, type, country, tag, sort; export. */
export function LocationToolbar({ state, onChange, onReset, onExport, exporting, total }: LocationToolbarProps) {
  const t = useT();
  const options = useFilterOptions();
  const filtered = hasActiveFilters(toLocationQuery(state));
  const combo = { searchLabel: t("common.search"), emptyText: t("common.noMatches"), className: "w-40" };
  return (
    <search className="flex flex-wrap items-center gap-2" aria-label={t("locations.filters")}>
      <div className="relative w-56">
        <SearchIcon className="absolute top-2.5 left-2.5 size-4 text-muted-foreground" aria-hidden="true" />
        <Input
          type="search"
          aria-label={t("locations.search")}
          placeholder={t("locations.searchShort")}
          title={t("locations.search")}
          value={state.search}
          onChange={(event) => onChange({ search: event.target.value })}
          className="pl-8"
        />
      </div>
      <Combobox
        {...combo}
        aria-label={t("locations.filter.type")}
        value={state.location_type_uuid}
        onChange={(value) => onChange({ location_type_uuid: value })}
        options={options.types}
        placeholder={t("locations.filter.allTypes")}
      />
      <Combobox
        {...combo}
        aria-label={t("locations.filter.country")}
        value={state.country_uuid}
        onChange={(value) => onChange({ country_uuid: value })}
        options={options.countries}
        placeholder={t("locations.filter.allCountries")}
      />
      <Combobox
        {...combo}
        aria-label={t("locations.filter.tag")}
        value={state.tag_uuid}
        onChange={(value) => onChange({ tag_uuid: value })}
        options={options.tags}
        placeholder={t("locations.filter.allTags")}
      />
      {filtered && (
        <Button variant="ghost" size="sm" onClick={onReset}>
          <XIcon aria-hidden="true" />
          {t("locations.filter.clear")}
        </Button>
      )}
      <div className="ml-auto flex items-center gap-2">
        {total !== undefined && (
          <span className="text-xs text-muted-foreground tabular-nums" aria-live="polite">
            {t("locations.count", { count: total })}
          </span>
        )}
        <Select value={state.ordering} onValueChange={(value) => onChange({ ordering: sortValue(value) })}>
          <SelectTrigger aria-label={t("locations.sort.label")} className="w-48">
            <SelectValue />
          </SelectTrigger>
          <SelectContent align="end">
            {LOCATION_SORTS.map((sort) => (
              <SelectItem key={sort.value} value={sort.value}>
                {t(sort.label)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Button variant="outline" onClick={onExport} disabled={exporting}>
          {exporting ? (
            <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
          ) : (
            <DownloadIcon aria-hidden="true" />
          )}
          {t("locations.export")}
        </Button>
      </div>
    </search>
  );
}

const sortValue = (value: string) => LOCATION_SORTS.find((sort) => sort.value === value)?.value ?? "-online_status";
