import "@/lib/i18n/locales/en-assets";
import type { Location } from "@contracts/locations/schema";
import { TagsCell } from "@/components/tags-cell";
import { columnHelper } from "@/components/ui/data-table";
import type { TFunction } from "@/lib/i18n";
import { onlineStatusLabel, StatusDot } from "../online-status";
import { placeOf } from "./location-card";

const col = columnHelper<Location>();

/** The rows (format) view of the location list. */
export const locationColumns = (t: TFunction) =>
  col.columns([
    col.accessor("online_status", {
      header: t("locations.col.status"),
      meta: { className: "w-36" },
      cell: (info) => (
        <span className="flex items-center gap-2">
          <StatusDot status={info.getValue()} className="size-2.5" />
          {t(onlineStatusLabel[info.getValue()])}
        </span>
      ),
    }),
    col.accessor("name", {
      header: t("locations.col.name"),
      meta: { className: "w-[20%]" },
      cell: (info) => (
        <span className="flex flex-col leading-tight">
          <span className="truncate font-medium">{info.getValue()}</span>
          {info.row.original.display_id && (
            <span className="truncate font-mono text-[11px] text-muted-foreground">{info.row.original.display_id}</span>
          )}
        </span>
      ),
    }),
    col.accessor("location_type_name", {
      header: t("locations.col.type"),
      meta: { className: "w-36" },
      cell: (info) => info.getValue() ?? "—",
    }),
    col.accessor("country_name", {
      header: t("locations.col.country"),
      meta: { className: "w-40" },
      cell: (info) => info.getValue() ?? "—",
    }),
    col.accessor((row) => placeOf(row), {
      id: "place",
      header: t("locations.col.place"),
      meta: { className: "min-w-40" },
      cell: (info) => <span className="text-muted-foreground">{info.getValue() || "—"}</span>,
    }),
    col.accessor("tags", {
      header: t("locations.col.tags"),
      meta: { className: "w-48" },
      cell: (info) => <TagsCell tags={info.getValue()} />,
    }),
    col.accessor("total_number", {
      header: t("locations.col.devices"),
      meta: { className: "w-28 text-right" },
      cell: (info) => (
        <span className="tabular-nums">
          <span className="font-semibold">{info.row.original.total_online_number}</span>
          <span className="text-muted-foreground"> / {info.getValue()}</span>
        </span>
      ),
    }),
  ]);
