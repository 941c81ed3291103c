import "@/lib/i18n/locales/en-incidents";
import { useInfiniteQuery } from "@tanstack/react-query";
import { SirenIcon } from "lucide-react";
import { useMemo, useRef, useState } from "react";
import { Navigate, Outlet, useSearchParams } from "react-router";
import { ListStates, NoItems } from "@/components/list-states";
import { useCurrentSpace } from "@/features/session/current-space";
import { usePermissions } from "@/features/space/use-permissions";
import { useT } from "@/lib/i18n";
import { useLoadMoreOnScroll } from "@/lib/ui/use-scroll-end";
import { IncidentActionDialog, type IncidentActionRequest } from "./incident-action-dialog";
import { IncidentRow, IncidentRowSkeleton } from "./incident-row";
import { IncidentsToolbar } from "./incidents-toolbar";
import { incidentViewPath } from "./paths";
import { incidentQueries } from "./queries";
import { useIncidentFilters } from "./use-incident-filters";

const SKELETON_ROWS = ["a", "b", "c", "d", "e"];

/**
 * /incidents (a Monitor tab): open and acknowledged incidents first, oldest first, then the rest
 * newest first; filters in the URL; acknowledge and resolve with a note. Changes arrive over the
 * space room (features/incidents/realtime.ts), so the page follows without reloading.
 */
export function IncidentsPage() {
  const t = useT();
  const { space } = useCurrentSpace();
  const { canWrite } = usePermissions();
  const { filters, query, set, reset } = useIncidentFilters();
  const list = useInfiniteQuery(incidentQueries.list(space.space_uuid, query));
  const incidents = useMemo(() => {
    const seen = new Set<string>();
    return (list.data?.pages ?? []).flatMap((page) =>
      page.incidents.filter((incident) => !seen.has(incident.uuid) && seen.add(incident.uuid)),
    );
  }, [list.data]);
  const first = list.data?.pages[0];
  const scrollRef = useRef<HTMLDivElement>(null);
  useLoadMoreOnScroll(scrollRef, list, incidents.length);
  const [action, setAction] = useState<IncidentActionRequest>(null);
  const filtered = Boolean(filters.state || filters.location || filters.rule || filters.period);
  // A link from a notification (`?incident=<uuid>`) opens that incident in the current space.
  const [search] = useSearchParams();
  const linked = search.get("incident");
  if (linked) return <Navigate to={incidentViewPath(space.space_uuid, linked)} replace />;

  return (
    <div ref={scrollRef} className="h-full overflow-y-auto" data-testid="incidents">
      <div className="z-10 border-b bg-background px-4 py-3 sm:sticky sm:top-0 md:px-6">
        <IncidentsToolbar
          filters={filters}
          onChange={set}
          onReset={reset}
          total={first?.objects_count}
          active={first?.active_count}
        />
      </div>
      <div className="px-4 pt-4 pb-24 md:px-6">
        <ListStates
          list={list}
          count={incidents.length}
          skeleton={
            <div role="status" aria-label={t("common.loading")} className="divide-y rounded-lg border bg-card">
              {SKELETON_ROWS.map((key) => (
                <IncidentRowSkeleton key={key} />
              ))}
            </div>
          }
          failedTitle={t("incidents.loadFailed")}
          empty={
            <NoItems
              filtered={filtered}
              onReset={reset}
              icon={SirenIcon}
              empty={{ title: t("incidents.empty.title"), text: t("incidents.empty.text") }}
              noMatch={{ title: t("incidents.noMatch.title"), text: t("incidents.noMatch.text") }}
              clearLabel={t("incidents.filter.clear")}
            />
          }
        >
          <ul
            className="divide-y overflow-hidden rounded-lg border bg-card shadow-xs"
            aria-label={t("incidents.list")}
            aria-busy={list.isFetchingNextPage || undefined}
          >
            {incidents.map((incident) => (
              <IncidentRow
                key={incident.uuid}
                incident={incident}
                space={space.space_uuid}
                canAct={canWrite}
                onAction={setAction}
              />
            ))}
            {list.isFetchingNextPage && <IncidentRowSkeleton />}
          </ul>
        </ListStates>
      </div>
      <IncidentActionDialog request={action} onClose={() => setAction(null)} />
      <Outlet />
    </div>
  );
}
