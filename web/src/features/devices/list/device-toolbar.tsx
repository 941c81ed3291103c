import { CONNECTED_STATUSES, VISION_STATES } from "@contracts/device";
import { FilterCombobox } from "@/components/filter-combobox";
import { ListToolbar } from "@/components/list-toolbar";
import { useT } from "@/lib/i18n";
import {
  countDeviceFilters,
  DEVICE_SORTS,
  type DeviceFilterState,
  hasActiveDeviceFilters,
  toDeviceQuery,
} from "./device-filters";
import { LocationTypeFilters } from "./location-type-filters";
import { useDeviceFilterOptions } from "./use-device-filter-options";

type DeviceToolbarProps = {
  state: DeviceFilterState;
  onChange: (patch: Partial<DeviceFilterState>) => void;
  onReset: () => void;
  total: number | undefined;
  /** Load the filters' choices (after the list's first page). */
  optionsEnabled: boolean;
};

const flag = (value: string) => (value === "true" || value === "false" ? value : "");

/** The filter panel of the device list: search, location, type, status, online, enabled, vision, tag; sort. */
export function DeviceToolbar({ state, onChange, onReset, total, optionsEnabled }: DeviceToolbarProps) {
  const t = useT();
  const options = useDeviceFilterOptions({ enabled: optionsEnabled });
  return (
    <ListToolbar
      label={t("devices.filters")}
      search={{
        value: state.search,
        onChange: (search) => onChange({ search }),
        label: t("devices.search"),
        placeholder: t("devices.searchShort"),
      }}
      filtered={hasActiveDeviceFilters(toDeviceQuery(state))}
      activeFilters={countDeviceFilters(state)}
      onReset={onReset}
      clearLabel={t("devices.filter.clear")}
      count={total === undefined ? undefined : { text: t("devices.count", { count: total }), testId: "devices-count" }}
      sort={{
        label: t("devices.sort.label"),
        value: state.ordering,
        options: DEVICE_SORTS,
        onChange: (ordering) => onChange({ ordering }),
      }}
    >
      <LocationTypeFilters state={state} onChange={onChange} options={options} />
      <FilterCombobox
        label={t("devices.filter.status")}
        value={state.connected_status}
        onChange={(value) => onChange({ connected_status: CONNECTED_STATUSES.find((s) => s === value) ?? "" })}
        options={options.statuses}
        placeholder={t("devices.filter.allStatuses")}
      />
      <FilterCombobox
        label={t("devices.filter.online")}
        value={state.online}
        onChange={(value) => onChange({ online: flag(value) })}
        options={options.online}
        placeholder={t("devices.filter.anyOnline")}
      />
      <FilterCombobox
        label={t("devices.filter.enabled")}
        value={state.enabled}
        onChange={(value) => onChange({ enabled: flag(value) })}
        options={options.enabled}
        placeholder={t("devices.filter.anyEnabled")}
      />
      <FilterCombobox
        label={t("devices.filter.vision")}
        value={state.vision_enabled}
        onChange={(value) => onChange({ vision_enabled: VISION_STATES.find((s) => s === value) ?? "" })}
        options={options.vision}
        placeholder={t("devices.filter.anyVision")}
      />
      <FilterCombobox
        label={t("devices.filter.tag")}
        value={state.tag_uuid}
        onChange={(value) => onChange({ tag_uuid: value })}
        options={options.tags}
        placeholder={t("devices.filter.allTags")}
      />
    </ListToolbar>
  );
}
