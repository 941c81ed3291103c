import "@/lib/i18n/locales/en-devices";
import "@/lib/i18n/locales/en-monitor-pages";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { GaugeIcon, XIcon } from "lucide-react";
import { useMemo, useRef } from "react";
import { Outlet } from "react-router";
import { CardsSkeleton, ListStates, MoreCardSkeletons, NoItems } from "@/components/list-states";
import { Button } from "@/components/ui/button";
import { useCurrentSpace } from "@/features/session/current-space";
import { useT } from "@/lib/i18n";
import { useLoadMoreOnScroll } from "@/lib/ui/use-scroll-end";
import { CountTiles } from "./count-tiles";
import { MonitoringCard, MonitoringCardSkeleton } from "./monitoring-card";
import {
  countsQuery,
  hasActiveMonitoringFilters,
  headingLabel,
  toggleCount,
  toggleHeading,
  uniqueByUuid,
} from "./performance-filters";
import { PerformanceToolbar } from "./performance-toolbar";
import { monitorQueries } from "./queries";
import { useMonitoringFilters } from "./use-monitoring-filters";

const cards = "grid grid-cols-1 gap-3 sm:grid-cols-[repeat(auto-fill,minmax(280px,1fr))]";

/**
 * /performance (console.md §2.11, §3.10, §4): the health counts for the current filters and the
 * devices below them, 36 a page following links.next. A device opens its health report.
 */
export function PerformancePage() {
  const t = useT();
  const { space } = useCurrentSpace();
  const filters = useMonitoringFilters();
  const counts = useQuery(monitorQueries.counts(space.space_uuid, countsQuery(filters.query)));
  const list = useInfiniteQuery(monitorQueries.list(space.space_uuid, filters.query));
  const devices = useMemo(() => uniqueByUuid(list.data?.pages ?? []), [list.data]);
  const scrollRef = useRef<HTMLDivElement>(null);
  useLoadMoreOnScroll(scrollRef, list, devices.length);
  const active = filters.state.count;

  return (
    <div ref={scrollRef} className="h-full overflow-y-auto" data-testid="performance">
      <div className="z-10 border-b bg-background px-4 py-3 sm:sticky sm:top-0 md:px-6">
        <PerformanceToolbar
          state={filters.state}
          onChange={filters.update}
          onReset={filters.reset}
          filtered={hasActiveMonitoringFilters(filters.query)}
          total={list.data?.pages[0]?.objects_count}
        />
      </div>
      <div className="flex flex-col gap-4 px-4 pt-4 pb-24 md:px-6">
        {counts.isError ? (
          <p className="text-sm text-destructive">{t("monitor.counts.failed")}</p>
        ) : (
          <CountTiles
            counts={counts.data}
            active={active}
            onCount={(heading, condition) =>
              filters.setState((s) =>
                condition === null ? toggleHeading(s, heading) : toggleCount(s, heading, condition),
              )
            }
          />
        )}
        {active && (
          <div className="flex items-center gap-2 text-sm">
            <span className="text-muted-foreground">{t("monitor.showing")}</span>
            <Button
              variant="outline"
              size="sm"
              className="h-7 rounded-full"
              onClick={() => filters.update({ count: null })}
              aria-label={t("monitor.count.remove")}
              data-testid="count-chip"
            >
              {t(headingLabel[active.heading])}:{" "}
              {t(
                active.condition === 3
                  ? "device.health.critical"
                  : active.condition === 2
                    ? "device.health.warning"
                    : "monitor.count.warningOrCritical",
              )}
              <XIcon aria-hidden="true" />
            </Button>
          </div>
        )}
        <ListStates
          list={list}
          count={devices.length}
          skeleton={<CardsSkeleton card={MonitoringCardSkeleton} className={cards} />}
          failedTitle={t("monitor.loadFailed")}
          empty={
            <NoItems
              filtered={hasActiveMonitoringFilters(filters.query)}
              onReset={filters.reset}
              icon={GaugeIcon}
              empty={{ title: t("monitor.empty.title"), text: t("monitor.empty.text") }}
              noMatch={{ title: t("monitor.noMatch.title"), text: t("monitor.noMatch.text") }}
              clearLabel={t("devices.filter.clear")}
            />
          }
        >
          <ul className={cards} aria-label={t("monitor.devices")} aria-busy={list.isFetchingNextPage || undefined}>
            {devices.map((device) => (
              <li key={device.uuid}>
                <MonitoringCard device={device} />
              </li>
            ))}
            {list.isFetchingNextPage && <MoreCardSkeletons card={MonitoringCardSkeleton} />}
          </ul>
        </ListStates>
      </div>
      <Outlet />
    </div>
  );
}
