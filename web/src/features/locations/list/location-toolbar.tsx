import { DownloadIcon, LoaderCircleIcon } from "lucide-react";
import { FilterCombobox } from "@/components/filter-combobox";
import { ListToolbar } from "@/components/list-toolbar";
import { Button } from "@/components/ui/button";
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
  return (
    <ListToolbar
      label={t("locations.filters")}
      search={{
        value: state.search,
        onChange: (search) => onChange({ search }),
        label: t("locations.search"),
        placeholder: t("locations.searchShort"),
      }}
      filtered={hasActiveFilters(toLocationQuery(state))}
      onReset={onReset}
      clearLabel={t("locations.filter.clear")}
      count={total === undefined ? undefined : { text: t("locations.count", { count: total }) }}
      sort={{
        label: t("locations.sort.label"),
        value: state.ordering,
        options: LOCATION_SORTS,
        onChange: (ordering) => onChange({ ordering }),
        className: "w-48",
      }}
      actions={
        <Button variant="outline" onClick={onExport} disabled={exporting}>
          {exporting ? (
            <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
          ) : (
            <DownloadIcon aria-hidden="true" />
          )}
          {t("locations.export")}
        </Button>
      }
    >
      <FilterCombobox
        label={t("locations.filter.type")}
        value={state.location_type_uuid}
        onChange={(value) => onChange({ location_type_uuid: value })}
        options={options.types}
        placeholder={t("locations.filter.allTypes")}
      />
      <FilterCombobox
        label={t("locations.filter.country")}
        value={state.country_uuid}
        onChange={(value) => onChange({ country_uuid: value })}
        options={options.countries}
        placeholder={t("locations.filter.allCountries")}
      />
      <FilterCombobox
        label={t("locations.filter.tag")}
        value={state.tag_uuid}
        onChange={(value) => onChange({ tag_uuid: value })}
        options={options.tags}
        placeholder={t("locations.filter.allTags")}
      />
    </ListToolbar>
  );
}
