import type { Location } from "@contracts/locations/schema";
import { type RefObject, useMemo } from "react";
import { useNavigate } from "react-router";
import { RowSkeletons } from "@/components/list-states";
import { DataTable } from "@/components/ui/data-table";
import { useT } from "@/lib/i18n";
import { locationViewPath } from "../paths";
import { locationColumns } from "./location-columns";

/**
 * The location list's rows view: a chunk of its own (TanStack Table and the columns), loaded when
 * rows are the chosen view (location-table-view.ts).
 */
export function LocationTable({
  locations,
  scrollRef,
  loadingMore,
}: {
  locations: Location[];
  scrollRef: RefObject<HTMLDivElement | null>;
  loadingMore: boolean;
}) {
  const t = useT();
  const navigate = useNavigate();
  const columns = useMemo(() => locationColumns(t), [t]);
  return (
    <DataTable<Location>
      columns={columns}
      data={locations}
      getRowId={(row) => row.uuid}
      scrollRef={scrollRef}
      label={t("assets.locations")}
      onRowClick={(row) => navigate(locationViewPath(row.uuid))}
      footer={loadingMore && <RowSkeletons columns={columns.length} />}
    />
  );
}
