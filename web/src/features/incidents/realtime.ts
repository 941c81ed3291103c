import "@/lib/locales/en-incidents";
import type { Incident, IncidentDetail, IncidentList } from "@contracts/alerting";
import type { IncidentUpdate } from "@contracts/realtime";
import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import type { Alert } from "@/lib/alerts";
import type { TFunction } from "@/lib/i18n";
import { throttle } from "@/lib/realtime-devices";
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

/**
 * An incidentUpdate on the space room: the record after the change is patched in at once, then
 * the lists, the bell and the open detail (its timeline) refetch, gathered. An incident opening
 * or resolving is also a toast (kept in the bell's session list), one per incident.
 */
export function onIncidentUpdate(message: IncidentUpdate, { queryClient, alert, t }: Deps) {
  const space = message.space_uuid;
  patchIncident(queryClient, space, message.incident);
  throttle(`incidents:${space}`, GATHER_MS, WINDOW_MS, () => {
    void queryClient.invalidateQueries({ queryKey: incidentQueries.all(space) });
  });
  const names = { rule: message.incident.rule.name, location: message.incident.location.name };
  if (message.event === "incidentOpened")
    alert({ type: "warning", uuid: `incident:${message.incident_uuid}`, message: t("incidents.live.opened", names) });
  if (message.event === "incidentResolved")
    alert({ type: "info", uuid: `incident:${message.incident_uuid}`, message: t("incidents.live.resolved", names) });
}
