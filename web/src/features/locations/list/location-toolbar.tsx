import "@/lib/i18n/locales/en-assets";
import { ExportButton } from "@/components/export-button";
import { FilterCombobox } from "@/components/filter-combobox";
import { ListToolbar } from "@/components/list-toolbar";
import { ViewsMenu } from "@/features/saved-views/views-menu";
import { useT } from "@/lib/i18n";
import { useListParams } from "@/lib/ui/use-list-params";
import { PHONE_QUERY, useMediaQuery } from "@/lib/ui/use-media-query";
import { useViewParam } from "@/lib/ui/use-view-param";
import {
  countLocationFilters,
  hasActiveFilters,
  LOCATION_SORTS,
  type LocationFilterState,
  toLocationQuery,
} from "./location-filters";
import { useFilterOptions } from "./use-filter-options";

type LocationToolbarProps = {
  state: LocationFilterState;
  onChange: (patch: Partial<LocationFilterState>) => void;
  onReset: () => void;
  onExport: () => void;
  exporting: boolean;
  total: number | undefined;
};

/** The list's choice filters: the state they set, their options, label and "all" placeholder. */
const FILTERS = [
  { key: "location_type_uuid", options: "types", label: "locations.filter.type", all: "locations.filter.allTypes" },
  {
    key: "country_uuid",
    options: "countries",
    label: "locations.filter.country",
    all: "locations.filter.allCountries",
  },
  { key: "tag_uuid", options: "tags", label: "locations.filter.tag", all: "locations.filter.allTags" },
] as const;

/** The filter panel of the location list: search, type, country, tag, sort; export. */
export function LocationToolbar({ state, onChange, onReset, onExport, exporting, total }: LocationToolbarProps) {
  const t = useT();
  const options = useFilterOptions();
  const narrow = useMediaQuery(PHONE_QUERY);
  const [params, setParams] = useListParams();
  useViewParam();
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
      activeFilters={countLocationFilters(state)}
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
        <>
          <ViewsMenu
            list="locations"
            current={params.toString()}
            onPick={(query) => setParams(new URLSearchParams(query), { replace: false })}
            compact={narrow}
          />
          <ExportButton label={t("locations.export")} busy={exporting} onClick={onExport} compact={narrow} />
        </>
      }
    >
      {FILTERS.map((filter) => (
        <FilterCombobox
          key={filter.key}
          label={t(filter.label)}
          value={state[filter.key]}
          onChange={(value) => onChange({ [filter.key]: value })}
          options={options[filter.options]}
          placeholder={t(filter.all)}
        />
      ))}
    </ListToolbar>
  );
}
