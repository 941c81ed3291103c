import "@/lib/i18n/locales/en-incidents";
import type { Incident } from "@contracts/alerting/schema";
import { CheckCheckIcon, CheckIcon, MapPinIcon } from "lucide-react";
import { Link, useLocation } from "react-router";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { deviceViewPath } from "@/features/devices/paths";
import { locationViewPath } from "@/features/locations/paths";
import { RelativeTimeText } from "@/features/monitor/relative-time-text";
import { useNow } from "@/features/monitor/use-now";
import { useI18n } from "@/lib/i18n";
import { formatDateTime } from "@/lib/i18n/datetime";
import { cn } from "@/lib/ui/utils";
import type { IncidentActionRequest } from "./incident-action-dialog";
import { isActive } from "./incident-filters";
import { conditionLabel, incidentAge } from "./incident-format";
import { IncidentStateBadge, stateEdge } from "./incident-parts";
import { incidentViewPath } from "./paths";

/** Device names shown on a row before "+N more". */
const ROW_DEVICES = 3;

type IncidentRowProps = {
  incident: Incident;
  space: string;
  canAct: boolean;
  onAction: (request: NonNullable<IncidentActionRequest>) => void;
};

/** One incident: state, rule, location, devices (links), age, who acknowledged, and its actions. */
export function IncidentRow({ incident, space, canAct, onAction }: IncidentRowProps) {
  const { t, lang } = useI18n();
  const now = useNow();
  const here = useLocation();
  const from = { from: `${here.pathname}${here.search}` };
  const active = isActive(incident.state);
  const shown = incident.devices.slice(0, ROW_DEVICES);
  const more = incident.devices_count - shown.length;
  return (
    <li
      data-testid="incident-row"
      data-uuid={incident.uuid}
      data-state={incident.state}
      className={cn(
        "grid grid-cols-1 gap-x-4 gap-y-1.5 border-l-[3px] px-4 py-3 md:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_15rem] md:items-center",
        stateEdge[incident.state],
      )}
    >
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <IncidentStateBadge incident={incident} />
          <Link
            to={incidentViewPath(space, incident.uuid)}
            state={from}
            className="min-w-0 truncate text-sm font-semibold hover:underline focus-visible:underline focus-visible:outline-none"
            data-testid="incident-open"
          >
            {incident.rule.name}
          </Link>
          <span className="text-xs text-muted-foreground">{t(conditionLabel[incident.rule.condition])}</span>
        </div>
        <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-[13px]">
          <Link
            to={locationViewPath(incident.location.uuid)}
            className="inline-flex min-w-0 items-center gap-1 font-medium hover:underline"
            data-testid="incident-location"
          >
            <MapPinIcon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span className="truncate">{incident.location.name}</span>
          </Link>
          <span className="text-muted-foreground" aria-hidden="true">
            ·
          </span>
          <span className="text-muted-foreground tabular-nums">
            {/* A resolved incident lists no device now: how many it had at most. */}
            {t("incidents.devices", {
              count: incident.state === "resolved" ? incident.peak_devices : incident.devices_count,
            })}
          </span>
          {shown.map((device) => (
            <Link
              key={device.uuid}
              to={deviceViewPath(space, device.uuid)}
              state={from}
              className="max-w-48 truncate rounded-sm bg-muted px-1.5 text-xs leading-5 hover:underline"
              data-testid="incident-device"
            >
              {device.name}
            </Link>
          ))}
          {more > 0 && (
            <span className="text-xs text-muted-foreground">{t("incidents.devicesMore", { count: more })}</span>
          )}
        </div>
      </div>
      <div className="flex min-w-0 flex-col gap-0.5 text-xs text-muted-foreground">
        <span
          className={cn("tabular-nums", active && "font-medium text-foreground")}
          data-testid="incident-age"
          title={t("incidents.openedAt", { time: formatDateTime(incident.opened_at, lang) })}
        >
          {t(active ? "incidents.age" : incident.state === "resolved" ? "incidents.lasted" : "incidents.soFar", {
            age: incidentAge(incident, now),
          })}
          {!active && (
            <>
              {" · "}
              <RelativeTimeText iso={incident.opened_at} className="text-xs" />
            </>
          )}
        </span>
        {incident.acknowledged_at && (
          <span className="truncate" data-testid="incident-ack">
            {t("incidents.ackBy", {
              name: incident.acknowledged_by?.name ?? t("incidents.system"),
              time: formatDateTime(incident.acknowledged_at, lang),
            })}
          </span>
        )}
        {incident.resolved_at && (
          <span className="truncate">
            {incident.resolved_by
              ? t("incidents.resolvedBy", {
                  name: incident.resolved_by.name,
                  time: formatDateTime(incident.resolved_at, lang),
                })
              : t("incidents.resolvedAt", { time: formatDateTime(incident.resolved_at, lang) })}
          </span>
        )}
      </div>
      <div className="flex items-center gap-2 md:justify-end">
        {canAct && incident.state === "open" && (
          <Button size="sm" variant="outline" onClick={() => onAction({ kind: "acknowledge", incident })}>
            <CheckIcon aria-hidden="true" />
            {t("incidents.acknowledge")}
          </Button>
        )}
        {canAct && active && (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => onAction({ kind: "resolve", incident })}
            data-resolve-for={incident.uuid}
          >
            <CheckCheckIcon aria-hidden="true" />
            {t("incidents.resolve")}
          </Button>
        )}
      </div>
    </li>
  );
}

/** A row's place while the list loads. */
export function IncidentRowSkeleton() {
  return (
    <div className="grid gap-2 border-l-[3px] border-l-muted px-4 py-3">
      <div className="flex items-center gap-2">
        <Skeleton className="h-5 w-20 rounded-full" />
        <Skeleton className="h-4 w-48" />
      </div>
      <Skeleton className="h-4 w-72 max-w-full" />
    </div>
  );
}
