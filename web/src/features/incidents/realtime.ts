import type { Incident, IncidentDetail, IncidentList } from "@contracts/alerting/schema";
import type { IncidentUpdate } from "@contracts/realtime/events";
import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { ALERT_GATHER_MS, coalesce, throttle } from "@/features/devices/live/realtime-devices";
import type { TFunction } from "@/lib/i18n";
import type { Alert } from "@/lib/ui/alerts";
import { incidentQueries } from "./queries";

type Deps = { queryClient: QueryClient; alert: (alert: Alert) => void; t: TFunction };

/** A burst (a region going down opens many incidents) is one refetch of the lists and the bell. */
const GATHER_MS = 300;
const WINDOW_MS = 2_000;

/** Puts the incident after the change into every cached list page and its detail (its timeline refetches). */
function patchIncident(queryClient: QueryClient, space: string, incident: Incident) {
  const apply = (old: Incident) => (old.uuid === incident.uuid ? incident : old);
  queryClient.setQueriesData<InfiniteData<IncidentList>>(
    { queryKey: [...incidentQueries.all(space), "list"] },
    (data) =>
      data?.pages
        ? { ...data, pages: data.pages.map((page) => ({ ...page, incidents: page.incidents.map(apply) })) }
        : data,
  );
  queryClient.setQueriesData<IncidentList>({ queryKey: [...incidentQueries.all(space), "active"] }, (data) =>
    data?.incidents ? { ...data, incidents: data.incidents.map(apply) } : data,
  );
  queryClient.setQueryData<IncidentDetail>(incidentQueries.detailKey(space, incident.uuid), (detail) =>
    detail ? { ...detail, ...incident } : detail,
  );
}

/** Per space: the incidents that opened or resolved while a burst is gathered. */
const gathered = new Map<string, { opened: Incident[]; resolved: Incident[] }>();

/** One toast per kind for a gathered burst: a single incident by name, several as a count. */
function toastBurst(space: string, { alert, t }: Pick<Deps, "alert" | "t">) {
  const burst = gathered.get(space);
  gathered.delete(space);
  if (!burst) return;
  const names = (i: Incident) => ({ rule: i.rule.name, location: i.location.name });
  const [opened] = burst.opened;
  if (burst.opened.length === 1 && opened)
    alert({ type: "warning", uuid: `incident:${opened.uuid}`, message: t("incidents.live.opened", names(opened)) });
  if (burst.opened.length > 1)
    alert({
      type: "warning",
      uuid: `incident:burst:${space}`,
      message: t("incidents.live.openedMany", { count: burst.opened.length }),
    });
  const [resolved] = burst.resolved;
  if (burst.resolved.length === 1 && resolved)
    alert({ type: "info", uuid: `incident:${resolved.uuid}`, message: t("incidents.live.resolved", names(resolved)) });
  if (burst.resolved.length > 1)
    alert({
      type: "info",
      uuid: `incident:resolved:${space}`,
      message: t("incidents.live.resolvedMany", { count: burst.resolved.length }),
    });
}

/**
 * An incidentUpdate on the space room: the record after the change is patched in at once, then
 * the lists, the bell and the open detail (its timeline) refetch, gathered. Incidents opening or
 * resolving are toasts (kept in the bell's session list), gathered like presence: a region going
 * down is one toast with a count, not one per location.
 */
export function onIncidentUpdate(message: IncidentUpdate, deps: Deps) {
  const { queryClient } = deps;
  const space = message.space_uuid;
  patchIncident(queryClient, space, message.incident);
  throttle(`incidents:${space}`, GATHER_MS, WINDOW_MS, () => {
    void queryClient.invalidateQueries({ queryKey: incidentQueries.all(space) });
  });
  if (message.event !== "incidentOpened" && message.event !== "incidentResolved") return;
  const burst = gathered.get(space) ?? { opened: [], resolved: [] };
  gathered.set(space, burst);
  (message.event === "incidentOpened" ? burst.opened : burst.resolved).push(message.incident);
  coalesce(`incident-alert:${space}`, ALERT_GATHER_MS, () => toastBurst(space, deps));
}
