import "@/lib/locales/en-devices";
import type { Device } from "@contracts/device";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useMemo, useRef } from "react";
import { Outlet, useLocation, useNavigate } from "react-router";
import { ListSkeleton, ListStates, RowSkeletons } from "@/components/list-states";
import { DataTable } from "@/components/ui/data-table";
import { useCurrentSpace } from "@/features/session/current-space";
import { useT } from "@/lib/i18n";
import { PHONE_QUERY, useMediaQuery } from "@/lib/use-media-query";
import { useLoadMoreOnScroll } from "@/lib/use-scroll-end";
import { useViewMode } from "@/lib/view-mode";
import { listedDevicePath } from "./camera/queries";
import { useDeviceBulk } from "./list/device-bulk";
import { DeviceCardSkeleton } from "./list/device-card";
import { deviceColumns } from "./list/device-columns";
import { hasActiveDeviceFilters } from "./list/device-filters";
import { DeviceGrid } from "./list/device-grid";
import { DeviceToolbar } from "./list/device-toolbar";
import { NoDevices } from "./list/list-states";
import { deviceAriaSort } from "./list/sort-header";
import { useDeviceFilters } from "./list/use-device-filters";
import { deviceQueries } from "./queries";

/** /devices: the space's devices as cards or rows, filtered, sorted, loaded by cursor and virtualized. */
export function DevicesPage() {
  const t = useT();
  const navigate = useNavigate();
  const here = useLocation();
  const { space } = useCurrentSpace();
  // Phones always get the cards (name first): the table would show little more than its first column.
  const narrow = useMediaQuery(PHONE_QUERY);
  const chosenMode = useViewMode();
  const mode = narrow ? "grid" : chosenMode;
  const filters = useDeviceFilters();
  const list = useInfiniteQuery(deviceQueries.list(space.space_uuid, filters.query));
  const devices = useMemo(() => list.data?.pages.flatMap((page) => page.devices) ?? [], [list.data]);
  const bulk = useDeviceBulk(devices, filters.query, list.isPlaceholderData);
  const columns = useMemo(() => bulk.withSelect(deviceColumns(t)), [t, bulk.withSelect]);
  const scrollRef = useRef<HTMLDivElement>(null);

  useLoadMoreOnScroll(scrollRef, list, devices.length);

  const more = list.isFetchingNextPage;
  return (
    <div ref={scrollRef} className="h-full overflow-y-auto">
      <div className="sticky top-0 z-10 border-b bg-background px-4 py-3 md:px-6">
        <DeviceToolbar
          state={filters.state}
          onChange={filters.update}
          onReset={filters.reset}
          total={list.data?.pages[0]?.objects_count}
          optionsEnabled={!list.isPending}
        />
      </div>
      <div className="px-4 pt-4 pb-24 md:px-6">
        <ListStates
          list={list}
          waiting={!bulk.ready}
          count={devices.length}
          skeleton={<ListSkeleton rows={mode === "format"} card={DeviceCardSkeleton} />}
          failedTitle={t("devices.loadFailed")}
          empty={<NoDevices filtered={hasActiveDeviceFilters(filters.query)} onReset={filters.reset} />}
        >
          {mode === "grid" ? (
            <DeviceGrid devices={devices} scrollRef={scrollRef} loadingMore={more} selection={bulk.selection} />
          ) : (
            <DataTable<Device>
              columns={columns}
              data={devices}
              getRowId={(row) => row.uuid}
              scrollRef={scrollRef}
              label={t("devices.list")}
              onRowClick={(row) => navigate(listedDevicePath(row), { state: { from: here.pathname + here.search } })}
              ariaSort={deviceAriaSort(filters.state.ordering)}
              footer={more && <RowSkeletons columns={columns.length} />}
            />
          )}
        </ListStates>
      </div>
      {bulk.element(list.data?.pages[0]?.objects_count)}
      <Outlet />
    </div>
  );
}
