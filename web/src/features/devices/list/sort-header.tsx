import "@/lib/i18n/locales/en-views";
import type { DeviceOrdering, DeviceOrderKey } from "@contracts/devices/schema";
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from "lucide-react";
import { useT } from "@/lib/i18n";
import { useListParams } from "@/lib/ui/use-list-params";
import { DEFAULT_DEVICE_ORDERING, emptyDeviceFilters, filtersFromSearch } from "./device-filters";
import { withDeviceFilters } from "./use-device-filters";

/** The device table's columns that sort, with the API ordering key each sorts by. */
export const SORTABLE_DEVICE_COLUMNS: Readonly<Record<string, DeviceOrderKey>> = {
  status: "connected_status",
  health: "combined_status",
  name: "name",
  device_type_name: "device_type_name",
  location_name: "location_name",
  device_class: "device_class",
  streak: "last_seen",
};

export type SortDirection = "ascending" | "descending" | "none";

/** How `ordering` sorts by `key`: ascending (key), descending (-key) or not at all. */
export const sortDirection = (ordering: DeviceOrdering, key: DeviceOrderKey): SortDirection =>
  ordering === key ? "ascending" : ordering === `-${key}` ? "descending" : "none";

/** A click on a header: ascending → descending → the list's default ordering. */
export function nextOrdering(ordering: DeviceOrdering, key: DeviceOrderKey): DeviceOrdering {
  const direction = sortDirection(ordering, key);
  if (direction === "none") return key;
  if (direction === "ascending") return `-${key}` as DeviceOrdering;
  return DEFAULT_DEVICE_ORDERING;
}

/** The table's aria-sort of a column, for DataTable's `ariaSort`. */
export const deviceAriaSort = (ordering: DeviceOrdering) => (columnId: string) => {
  const key = SORTABLE_DEVICE_COLUMNS[columnId];
  return key ? sortDirection(ordering, key) : undefined;
};

/** A sortable header cell: a button that cycles the column's ordering in the URL, with an arrow. */
export function SortHeader({ label, sortKey }: { label: string; sortKey: DeviceOrderKey }) {
  const t = useT();
  const [params, setParams] = useListParams();
  const state = filtersFromSearch(params) ?? emptyDeviceFilters();
  const direction = sortDirection(state.ordering, sortKey);
  const Icon = direction === "ascending" ? ArrowUpIcon : direction === "descending" ? ArrowDownIcon : ArrowUpDownIcon;
  return (
    <button
      type="button"
      className="-mx-1.5 inline-flex max-w-full items-center gap-1 rounded px-1.5 py-1 font-medium outline-none hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring data-[sorted=true]:text-foreground"
      data-sorted={direction !== "none"}
      title={t("devices.sort.byColumn", { name: label })}
      onClick={(event) => {
        event.stopPropagation();
        setParams(
          (current) => withDeviceFilters(current, { ...state, ordering: nextOrdering(state.ordering, sortKey) }),
          { replace: false },
        );
      }}
    >
      <span className="truncate">{label}</span>
      <Icon className={direction === "none" ? "size-3.5 opacity-40" : "size-3.5"} aria-hidden="true" />
    </button>
  );
}
