import "@/lib/i18n/locales/en-devices";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Suspense, useEffect, useMemo, useRef } from "react";
import { Outlet } from "react-router";
import { ListSkeleton, ListStates } from "@/components/list-states";
import { useCurrentSpace } from "@/features/session/current-space";
import { useT } from "@/lib/i18n";
import { PHONE_QUERY, useMediaQuery } from "@/lib/ui/use-media-query";
import { useLoadMoreOnScroll } from "@/lib/ui/use-scroll-end";
import { registerRowsView, useViewMode } from "@/lib/ui/view-mode";
import { useDeviceBulk } from "./list/device-bulk";
import { DeviceCardSkeleton } from "./list/device-card";
import { hasActiveDeviceFilters } from "./list/device-filters";
import { DeviceGrid } from "./list/device-grid";
import { deviceTableView } from "./list/device-table-view";
import { DeviceToolbar } from "./list/device-toolbar";
import { NoDevices } from "./list/list-states";
import { useDeviceFilters } from "./list/use-device-filters";
import { deviceQueries } from "./queries";

/** /devices: the space's devices as cards or rows, filtered, sorted, loaded by cursor and virtualized. */
export function DevicesPage() {
  const t = useT();
  const { space } = useCurrentSpace();
  // Phones always get the cards (name first): the table would show little more than its first column.
  const narrow = useMediaQuery(PHONE_QUERY);
  const chosenMode = useViewMode();
  const mode = narrow ? "grid" : chosenMode;
  const filters = useDeviceFilters();
  const list = useInfiniteQuery(deviceQueries.list(space.space_uuid, filters.query));
  const devices = useMemo(() => list.data?.pages.flatMap((page) => page.devices) ?? [], [list.data]);
  const bulk = useDeviceBulk(devices, filters.query, list.isPlaceholderData);
  const scrollRef = useRef<HTMLDivElement>(null);
  useEffect(() => registerRowsView(deviceTableView.preload), []);

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
            <Suspense fallback={<ListSkeleton rows card={DeviceCardSkeleton} />}>
              <deviceTableView.Component
                devices={devices}
                selection={bulk.selection}
                scrollRef={scrollRef}
                ordering={filters.state.ordering}
                loadingMore={more}
              />
            </Suspense>
          )}
        </ListStates>
      </div>
      {bulk.element(list.data?.pages[0]?.objects_count)}
      <Outlet />
    </div>
  );
}
