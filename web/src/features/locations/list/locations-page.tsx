import "@/lib/i18n/locales/en-assets";
import { routePath } from "@contracts/http/path";
import { exportLocations } from "@contracts/locations/routes";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Suspense, useEffect, useMemo, useRef, useState } from "react";
import { Outlet } from "react-router";
import { ListSkeleton, ListStates, MoreCardSkeletons } from "@/components/list-states";
import { useCurrentSpace } from "@/features/session/current-space";
import { apiDownload } from "@/lib/api/api";
import { useT } from "@/lib/i18n";
import { showAlert } from "@/lib/ui/alerts";
import { PHONE_QUERY, useMediaQuery } from "@/lib/ui/use-media-query";
import { useLoadMoreOnScroll } from "@/lib/ui/use-scroll-end";
import { registerRowsView, useViewMode } from "@/lib/ui/view-mode";
import { locationQueries } from "../queries";
import { NoLocations } from "./list-states";
import { LocationCard, LocationCardSkeleton } from "./location-card";
import { hasActiveFilters } from "./location-filters";
import { locationTableView } from "./location-table-view";
import { LocationToolbar } from "./location-toolbar";
import { useLocationFilters } from "./use-location-filters";

/** /locations: the space's locations as cards or rows, filtered, sorted, loaded page by page. */
export function LocationsPage() {
  const t = useT();
  const { space } = useCurrentSpace();
  // Phones always get the cards (name first): the table would show little more than its first column.
  const narrow = useMediaQuery(PHONE_QUERY);
  const chosenMode = useViewMode();
  const mode = narrow ? "grid" : chosenMode;
  const filters = useLocationFilters();
  const list = useInfiniteQuery(locationQueries.list(space.space_uuid, filters.query));
  const locations = useMemo(() => list.data?.pages.flatMap((page) => page.locations) ?? [], [list.data]);
  const scrollRef = useRef<HTMLDivElement>(null);
  useEffect(() => registerRowsView(locationTableView.preload), []);
  const [exporting, setExporting] = useState(false);

  useLoadMoreOnScroll(scrollRef, list, locations.length);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await apiDownload(routePath(exportLocations, { space: space.space_uuid }), {
        query: filters.query,
        filename: "locations_export.csv",
      });
    } catch {
      showAlert({ type: "error", message: t("locations.exportFailed") });
    } finally {
      setExporting(false);
    }
  };

  const more = list.isFetchingNextPage;
  return (
    <div ref={scrollRef} className="h-full overflow-y-auto">
      <div className="sticky top-0 z-10 border-b bg-background px-4 py-3 md:px-6">
        <LocationToolbar
          state={filters.state}
          onChange={filters.update}
          onReset={filters.reset}
          onExport={() => void exportCsv()}
          exporting={exporting}
          total={list.data?.pages[0]?.objects_count}
        />
      </div>
      <div className="px-4 pt-4 pb-24 md:px-6">
        <ListStates
          list={list}
          count={locations.length}
          skeleton={<ListSkeleton rows={mode === "format"} card={LocationCardSkeleton} />}
          failedTitle={t("locations.loadFailed")}
          empty={<NoLocations filtered={hasActiveFilters(filters.query)} onReset={filters.reset} />}
        >
          {mode === "grid" ? (
            <ul
              className="grid grid-cols-[repeat(auto-fill,minmax(300px,1fr))] gap-3"
              aria-label={t("assets.locations")}
            >
              {locations.map((location) => (
                <li key={location.uuid}>
                  <LocationCard location={location} />
                </li>
              ))}
              {more && <MoreCardSkeletons card={LocationCardSkeleton} />}
            </ul>
          ) : (
            <Suspense fallback={<ListSkeleton rows card={LocationCardSkeleton} />}>
              <locationTableView.Component locations={locations} scrollRef={scrollRef} loadingMore={more} />
            </Suspense>
          )}
        </ListStates>
      </div>
      <Outlet />
    </div>
  );
}
