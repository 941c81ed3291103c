import "@/lib/i18n/locales/en-devices";
import type { Device, DeviceOrdering } from "@contracts/devices/schema";
import { type RefObject, useMemo } from "react";
import { useLocation, useNavigate } from "react-router";
import { RowSkeletons } from "@/components/list-states";
import { DataTable } from "@/components/ui/data-table";
import { useT } from "@/lib/i18n";
import { listedDevicePath } from "../camera/queries";
import { deviceColumns, selectColumn } from "./device-columns";
import { deviceAriaSort } from "./sort-header";
import type { DeviceSelection } from "./use-device-selection";

/**
 * The device list's rows view: a chunk of its own (TanStack Table and the columns), loaded when
 * rows are the chosen view (devices-page.tsx `deviceTableView`). Content Managers and Admins
 * (`selection`) get the checkbox column first.
 */
export function DeviceTable({
  devices,
  selection,
  scrollRef,
  ordering,
  loadingMore,
}: {
  devices: Device[];
  selection: DeviceSelection | undefined;
  scrollRef: RefObject<HTMLDivElement | null>;
  ordering: DeviceOrdering;
  loadingMore: boolean;
}) {
  const t = useT();
  const navigate = useNavigate();
  const here = useLocation();
  const columns = useMemo(
    () => (selection ? [selectColumn(t, selection), ...deviceColumns(t)] : deviceColumns(t)),
    [t, selection],
  );
  return (
    <DataTable<Device>
      columns={columns}
      data={devices}
      getRowId={(row) => row.uuid}
      scrollRef={scrollRef}
      label={t("devices.list")}
      onRowClick={(row) => navigate(listedDevicePath(row), { state: { from: here.pathname + here.search } })}
      ariaSort={deviceAriaSort(ordering)}
      footer={loadingMore && <RowSkeletons columns={columns.length} />}
    />
  );
}
