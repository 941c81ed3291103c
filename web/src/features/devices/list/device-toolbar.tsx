import "@/lib/i18n/locales/en-devices";
import { VISION_STATES } from "@contracts/devices/values";
import { FilterCombobox, MultiFilterCombobox } from "@/components/filter-combobox";
import { ListToolbar } from "@/components/list-toolbar";
import { ViewsMenu } from "@/features/saved-views/views-menu";
import { useT } from "@/lib/i18n";
import { useListParams } from "@/lib/ui/use-list-params";
import { PHONE_QUERY, useMediaQuery } from "@/lib/ui/use-media-query";
import { useViewParam } from "@/lib/ui/use-view-param";
import {
  CONNECTED_STATUS_VALUES,
  countDeviceFilters,
  type DeviceFilterState,
  hasActiveDeviceFilters,
  sortChoices,
  toDeviceQuery,
} from "./device-filters";
import { ExportDevicesButton } from "./export-devices";
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

/**
 * The filter panel of the device list: search, location, type, status and tag (each several
 * values), online, enabled, vision; sort, saved views and Export CSV. All of it lives in the URL.
 */
export function DeviceToolbar({ state, onChange, onReset, total, optionsEnabled }: DeviceToolbarProps) {
  const t = useT();
  const options = useDeviceFilterOptions({ enabled: optionsEnabled, selectedLocations: state.location_uuid });
  const narrow = useMediaQuery(PHONE_QUERY);
  const [params, setParams] = useListParams();
  useViewParam();
  return (
    <ListToolbar
      label={t("devices.filters")}
      search={{
        value: state.search,
        onChange: (search) => onChange({ search }),
        label: t("devices.search"),
        placeholder: t("devices.searchShort"),
        className: "w-72",
      }}
      filtered={hasActiveDeviceFilters(toDeviceQuery(state))}
      activeFilters={countDeviceFilters(state)}
      onReset={onReset}
      clearLabel={t("devices.filter.clear")}
      count={total === undefined ? undefined : { text: t("devices.count", { count: total }), testId: "devices-count" }}
      sort={{
        label: t("devices.sort.label"),
        value: state.ordering,
        options: sortChoices(state.ordering),
        onChange: (ordering) => onChange({ ordering }),
      }}
      actions={
        <>
          <ViewsMenu
            list="devices"
            current={params.toString()}
            onPick={(query) => setParams(new URLSearchParams(query), { replace: false })}
            compact={narrow}
          />
          <ExportDevicesButton query={toDeviceQuery(state)} compact={narrow} />
        </>
      }
    >
      <MultiFilterCombobox
        label={t("devices.filter.location")}
        values={state.location_uuid}
        onChange={(location_uuid) => onChange({ location_uuid })}
        options={options.locations}
        search={options.locationSearch}
        placeholder={t("devices.filter.allLocations")}
        data-testid="filter-location"
      />
      <MultiFilterCombobox
        label={t("devices.filter.type")}
        values={state.device_type_uuid}
        onChange={(device_type_uuid) => onChange({ device_type_uuid })}
        options={options.types}
        placeholder={t("devices.filter.allTypes")}
        data-testid="filter-type"
      />
      <MultiFilterCombobox
        label={t("devices.filter.status")}
        values={state.connected_status}
        onChange={(values) => onChange({ connected_status: CONNECTED_STATUS_VALUES(values) })}
        options={options.statuses}
        placeholder={t("devices.filter.allStatuses")}
        data-testid="filter-status"
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
      <MultiFilterCombobox
        label={t("devices.filter.tag")}
        values={state.tag_uuid}
        onChange={(tag_uuid) => onChange({ tag_uuid })}
        options={options.tags}
        placeholder={t("devices.filter.allTags")}
        data-testid="filter-tag"
      />
    </ListToolbar>
  );
}
