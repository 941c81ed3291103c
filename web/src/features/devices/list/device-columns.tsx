import "@/lib/i18n/locales/en-devices";
import type { Device } from "@contracts/devices/schema";
import { DeviceHealthBadge } from "@/components/health";
import { TagsCell } from "@/components/tags-cell";
import { Checkbox } from "@/components/ui/checkbox";
import { columnHelper } from "@/components/ui/data-table";
import { typeLabel } from "@/features/devices/logic/format";
import type { TFunction } from "@/lib/i18n";
import { cn } from "@/lib/ui/utils";
import { DeviceStatusBadge, DeviceStatusIcon, deviceClassLabel, deviceLook } from "../device-status";
import { OfflineInHoursMarker } from "../offline-in-hours-marker";
import { DeviceStreak } from "./device-streak";
import { DeviceCheckbox, TOUCH_TARGET } from "./select-column";
import { SORTABLE_DEVICE_COLUMNS, SortHeader } from "./sort-header";
import type { DeviceSelection } from "./use-device-selection";

const col = columnHelper<Device>();

/** A header that sorts the list by its column: the ordering goes into the URL. */
const sortable = (id: keyof typeof SORTABLE_DEVICE_COLUMNS & string, label: string) => {
  const sortKey = SORTABLE_DEVICE_COLUMNS[id];
  return sortKey ? () => <SortHeader label={label} sortKey={sortKey} /> : label;
};

/** The rows (format) view of the device list. */
export const deviceColumns = (t: TFunction) =>
  col.columns([
    col.accessor((row) => deviceLook(row), {
      id: "status",
      header: sortable("status", t("devices.col.status")),
      meta: { className: "w-48" },
      cell: (info) => (
        <span className="flex items-center gap-2">
          <DeviceStatusIcon look={info.getValue()} className="size-7" />
          <DeviceStatusBadge look={info.getValue()} />
          <OfflineInHoursMarker device={info.row.original} labelClassName="sr-only" />
        </span>
      ),
    }),
    col.accessor("combined_status", {
      id: "health",
      header: sortable("health", t("devices.col.health")),
      meta: { className: "w-32" },
      // Compact: a stale badge is muted and dashed; "last known, as of …" is its title and name.
      cell: (info) => <DeviceHealthBadge device={info.row.original} compact />,
    }),
    col.accessor("name", {
      id: "name",
      header: sortable("name", t("devices.col.name")),
      meta: { className: "w-[22%]" },
      cell: (info) => <span className="truncate font-medium">{info.getValue()}</span>,
    }),
    col.accessor("device_type_name", {
      id: "device_type_name",
      header: sortable("device_type_name", t("devices.col.type")),
      meta: { className: "w-32" },
      cell: (info) => typeLabel(info.getValue()) || "—",
    }),
    col.accessor("location_name", {
      id: "location_name",
      header: sortable("location_name", t("devices.col.location")),
      meta: { className: "w-36" },
      cell: (info) => info.getValue() ?? <span className="text-muted-foreground">{t("devices.noLocation")}</span>,
    }),
    col.accessor("device_class", {
      id: "device_class",
      header: sortable("device_class", t("devices.col.class")),
      meta: { className: "w-28" },
      cell: (info) => {
        const value = info.getValue();
        return value ? t(deviceClassLabel[value]) : <span className="text-muted-foreground">{t("device.none")}</span>;
      },
    }),
    col.accessor("tags", {
      header: t("devices.col.tags"),
      meta: { className: "w-36" },
      cell: (info) => <TagsCell tags={info.getValue()} />,
    }),
    col.display({
      id: "streak",
      header: sortable("streak", t("devices.col.lastSeen")),
      meta: { className: "w-40" },
      cell: (info) => <DeviceStreak device={info.row.original} />,
    }),
  ]);

/** The rows view's first column: a checkbox per device, the header's selects every loaded device. */
export const selectColumn = (t: TFunction, selection: DeviceSelection) =>
  col.display({
    id: "select",
    meta: { className: "w-9 pr-0" },
    header: () => (
      <Checkbox
        aria-label={t("bulk.selectLoaded")}
        checked={selection.allMatching || selection.pageState}
        disabled={selection.frozen}
        onCheckedChange={(value) => selection.selectLoaded(value === true)}
        className={cn("size-[18px]", TOUCH_TARGET)}
      />
    ),
    cell: (info) => (
      // The row opens the device: a click around the box only selects.
      // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: the checkbox inside is the control
      <span className="-m-3 flex p-3" onClick={(event) => event.stopPropagation()}>
        <DeviceCheckbox selection={selection} device={info.row.original} t={t} />
      </span>
    ),
  });
