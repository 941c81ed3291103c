import { CONNECTED_STATUSES } from "@contracts/device";
import { SearchIcon, XIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Combobox } from "@/components/ui/combobox";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useT } from "@/lib/i18n";
import { DEVICE_SORTS, type DeviceFilterState, hasActiveDeviceFilters, toDeviceQuery } from "./device-filters";
import { useDeviceFilterOptions } from "./use-device-filter-options";

type DeviceToolbarProps = {
  state: DeviceFilterState;
  onChange: (patch: Partial<DeviceFilterState>) => void;
  onReset: () => void;
  total: number | undefined;
};

const flag = (value: string) => (value === "true" || value === "false" ? value : "");

/** The filter panel of the device list: search, location, type, status, online, enabled, tag; sort. */
export function DeviceToolbar({ state, onChange, onReset, total }: DeviceToolbarProps) {
  const t = useT();
  const options = useDeviceFilterOptions();
  const filtered = hasActiveDeviceFilters(toDeviceQuery(state));
  const combo = { searchLabel: t("common.search"), emptyText: t("common.noMatches"), className: "w-40" };
  return (
    <search className="flex flex-wrap items-center gap-2" aria-label={t("devices.filters")}>
      <div className="relative w-56">
        <SearchIcon className="absolute top-2.5 left-2.5 size-4 text-muted-foreground" aria-hidden="true" />
        <Input
          type="search"
          aria-label={t("devices.search")}
          placeholder={t("devices.searchShort")}
          title={t("devices.search")}
          value={state.search}
          onChange={(event) => onChange({ search: event.target.value })}
          className="pl-8"
        />
      </div>
      <Combobox
        {...combo}
        aria-label={t("devices.filter.location")}
        value={state.location_uuid}
        onChange={(value) => onChange({ location_uuid: value })}
        options={options.locations}
        placeholder={t("devices.filter.allLocations")}
      />
      <Combobox
        {...combo}
        aria-label={t("devices.filter.type")}
        value={state.device_type_uuid}
        onChange={(value) => onChange({ device_type_uuid: value })}
        options={options.types}
        placeholder={t("devices.filter.allTypes")}
      />
      <Combobox
        {...combo}
        aria-label={t("devices.filter.status")}
        value={state.connected_status}
        onChange={(value) => onChange({ connected_status: CONNECTED_STATUSES.find((s) => s === value) ?? "" })}
        options={options.statuses}
        placeholder={t("devices.filter.allStatuses")}
      />
      <Combobox
        {...combo}
        aria-label={t("devices.filter.online")}
        value={state.online}
        onChange={(value) => onChange({ online: flag(value) })}
        options={options.online}
        placeholder={t("devices.filter.anyOnline")}
      />
      <Combobox
        {...combo}
        aria-label={t("devices.filter.enabled")}
        value={state.enabled}
        onChange={(value) => onChange({ enabled: flag(value) })}
        options={options.enabled}
        placeholder={t("devices.filter.anyEnabled")}
      />
      <Combobox
        {...combo}
        aria-label={t("devices.filter.tag")}
        value={state.tag_uuid}
        onChange={(value) => onChange({ tag_uuid: value })}
        options={options.tags}
        placeholder={t("devices.filter.allTags")}
      />
      {filtered && (
        <Button variant="ghost" size="sm" onClick={onReset}>
          <XIcon aria-hidden="true" />
          {t("devices.filter.clear")}
        </Button>
      )}
      <div className="ml-auto flex items-center gap-2">
        {total !== undefined && (
          <span className="text-xs text-muted-foreground tabular-nums" aria-live="polite" data-testid="devices-count">
            {t("devices.count", { count: total })}
          </span>
        )}
        <Select value={state.ordering} onValueChange={(value) => onChange({ ordering: sortValue(value) })}>
          <SelectTrigger aria-label={t("devices.sort.label")} className="w-52">
            <SelectValue />
          </SelectTrigger>
          <SelectContent align="end">
            {DEVICE_SORTS.map((sort) => (
              <SelectItem key={sort.value} value={sort.value}>
                {t(sort.label)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </search>
  );
}

const sortValue = (value: string) => DEVICE_SORTS.find((sort) => sort.value === value)?.value ?? "-online";
