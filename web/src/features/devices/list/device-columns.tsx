import type { Device } from "@contracts/device";
import { HealthBadge } from "@/components/health";
import { TagsCell } from "@/components/tags-cell";
import { columnHelper } from "@/components/ui/data-table";
import { typeLabel } from "@/features/devices/logic/format";
import type { TFunction } from "@/lib/i18n";
import { DeviceStatusBadge, DeviceStatusIcon, deviceClassLabel, deviceLook } from "../device-status";
import { OfflineInHoursMarker } from "../offline-in-hours-marker";
import { DeviceStreak } from "./device-streak";

const col = columnHelper<Device>();

/** The rows (format) view of the device list. */
export const deviceColumns = (t: TFunction) =>
  col.columns([
    col.accessor((row) => deviceLook(row), {
      id: "status",
      header: t("devices.col.status"),
      meta: { className: "w-52" },
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
      header: t("devices.col.health"),
      meta: { className: "w-32" },
      cell: (info) => <HealthBadge code={info.getValue()} />,
    }),
    col.accessor("name", {
      header: t("devices.col.name"),
      meta: { className: "w-[22%]" },
      cell: (info) => <span className="truncate font-medium">{info.getValue()}</span>,
    }),
    col.accessor("device_type_name", {
      header: t("devices.col.type"),
      meta: { className: "w-36" },
      cell: (info) => typeLabel(info.getValue()) || "—",
    }),
    col.accessor("location_name", {
      header: t("devices.col.location"),
      meta: { className: "w-40" },
      cell: (info) => info.getValue() ?? <span className="text-muted-foreground">{t("devices.noLocation")}</span>,
    }),
    col.accessor("device_class", {
      header: t("devices.col.class"),
      meta: { className: "w-28" },
      cell: (info) => {
        const value = info.getValue();
        return value ? t(deviceClassLabel[value]) : <span className="text-muted-foreground">{t("device.none")}</span>;
      },
    }),
    col.accessor("tags", {
      header: t("devices.col.tags"),
      meta: { className: "w-44" },
      cell: (info) => <TagsCell tags={info.getValue()} />,
    }),
    col.display({
      id: "streak",
      header: t("devices.col.lastSeen"),
      meta: { className: "w-48" },
      cell: (info) => <DeviceStreak device={info.row.original} />,
    }),
  ]);
