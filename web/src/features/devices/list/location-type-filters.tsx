import "@/lib/i18n/locales/en-devices";
import { FilterCombobox, type ServerSearch } from "@/components/filter-combobox";
import type { ComboOption } from "@/components/ui/option-list";
import { useT } from "@/lib/i18n";

type LocationTypeState = { location_uuid: string; device_type_uuid: string };

type LocationTypeFiltersProps = {
  state: LocationTypeState;
  onChange: (patch: Partial<LocationTypeState>) => void;
  /** From useDeviceFilterOptions. */
  options: { locations: readonly ComboOption[]; types: readonly ComboOption[]; locationSearch?: ServerSearch };
  className?: string;
};

/** The location and device-type filters, the same in the device list and the monitoring list. */
export function LocationTypeFilters({ state, onChange, options, className }: LocationTypeFiltersProps) {
  const t = useT();
  return (
    <>
      <FilterCombobox
        label={t("devices.filter.location")}
        value={state.location_uuid}
        onChange={(value) => onChange({ location_uuid: value })}
        options={options.locations}
        {...options.locationSearch}
        placeholder={t("devices.filter.allLocations")}
        className={className}
      />
      <FilterCombobox
        label={t("devices.filter.type")}
        value={state.device_type_uuid}
        onChange={(value) => onChange({ device_type_uuid: value })}
        options={options.types}
        placeholder={t("devices.filter.allTypes")}
        className={className}
      />
    </>
  );
}
