import "@/lib/i18n/locales/en-incidents";
import { useQuery } from "@tanstack/react-query";
import { CheckCheckIcon, CheckIcon, MapPinIcon } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link, useLocation, useParams } from "react-router";
import { FlyoutPlaceholder, FlyoutSheet } from "@/app/flyout";
import { FlyoutLoadFailed, FlyoutLoading } from "@/components/flyout-states";
import { Button } from "@/components/ui/button";
import { SheetBody, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { deviceViewPath } from "@/features/devices/paths";
import { locationViewPath } from "@/features/locations/paths";
import { useNow } from "@/features/monitor/use-now";
import { usePermissions } from "@/features/space/use-permissions";
import { useI18n } from "@/lib/i18n";
import { formatDateTime } from "@/lib/i18n/datetime";
import { IncidentActionDialog, type IncidentActionRequest } from "./incident-action-dialog";
import { isActive } from "./incident-filters";
import { conditionLabel, incidentAge } from "./incident-format";
import { IncidentStateBadge } from "./incident-parts";
import { IncidentTimeline } from "./incident-timeline";
import { incidentQueries } from "./queries";

/** /incidents/incident/view/{space_uuid}/{uuid}: one incident in the flyout. */
export function IncidentFlyout() {
  const { space_uuid: space, uuid } = useParams();
  return (
    <FlyoutSheet>{space && uuid ? <IncidentPanel space={space} uuid={uuid} /> : <FlyoutPlaceholder />}</FlyoutSheet>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_minmax(0,1fr)] gap-3 py-1.5 text-[13px] max-sm:grid-cols-1 max-sm:gap-0.5">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function IncidentPanel({ space, uuid }: { space: string; uuid: string }) {
  const { t, lang } = useI18n();
  const now = useNow();
  const here = useLocation();
  const { canWrite } = usePermissions();
  const detail = useQuery(incidentQueries.detail(space, uuid));
  const [action, setAction] = useState<IncidentActionRequest>(null);
  if (detail.isPending) return <FlyoutLoading label={t("incidents.detail.title")} uuid={uuid} />;
  if (detail.isError)
    return (
      <FlyoutLoadFailed
        title={t("incidents.detail.title")}
        uuid={uuid}
        error={detail.error}
        failedText={t("incidents.detail.loadFailed")}
        notFoundText={t("incidents.detail.notFound")}
      />
    );
  const incident = detail.data;
  const active = isActive(incident.state);
  const from = { from: here.pathname };
  return (
    <>
      <SheetHeader className="gap-2">
        <div className="flex min-h-8 flex-wrap items-center gap-x-3 gap-y-2 pr-8">
          <SheetTitle className="min-w-0 truncate text-lg">{incident.rule.name}</SheetTitle>
          <IncidentStateBadge incident={incident} />
        </div>
        <SheetDescription>
          {t(conditionLabel[incident.rule.condition])} · {incident.location.name}
        </SheetDescription>
        {canWrite && active && (
          <div className="flex flex-wrap gap-2 pt-1">
            {incident.state === "open" && (
              <Button size="sm" onClick={() => setAction({ kind: "acknowledge", incident })}>
                <CheckIcon aria-hidden="true" />
                {t("incidents.acknowledge")}
              </Button>
            )}
            <Button
              size="sm"
              variant="outline"
              onClick={() => setAction({ kind: "resolve", incident })}
              data-resolve-for={incident.uuid}
            >
              <CheckCheckIcon aria-hidden="true" />
              {t("incidents.resolve")}
            </Button>
          </div>
        )}
      </SheetHeader>
      <SheetBody className="grid content-start gap-6" data-testid="incident-detail" data-state={incident.state}>
        <dl className="divide-y">
          <Fact label={t("incidents.detail.location")}>
            <Link
              to={locationViewPath(incident.location.uuid)}
              className="inline-flex items-center gap-1 hover:underline"
            >
              <MapPinIcon className="size-3.5 text-muted-foreground" aria-hidden="true" />
              {incident.location.name}
            </Link>
          </Fact>
          <Fact label={t("incidents.detail.rule")}>
            {incident.rule.name} ·{" "}
            <span className="text-muted-foreground">{t(conditionLabel[incident.rule.condition])}</span>
          </Fact>
          <Fact label={t("incidents.detail.opened")}>{formatDateTime(incident.opened_at, lang)}</Fact>
          <Fact label={t("incidents.detail.age")}>
            <span className="tabular-nums" data-testid="incident-detail-age">
              {incidentAge(incident, now)}
            </span>
          </Fact>
          <Fact label={t("incidents.detail.acknowledged")}>
            {incident.acknowledged_at ? (
              <span data-testid="incident-detail-ack">
                {incident.acknowledged_by?.name ?? t("incidents.system")} ·{" "}
                {formatDateTime(incident.acknowledged_at, lang)}
              </span>
            ) : (
              <span className="text-muted-foreground">{t("incidents.detail.notYet")}</span>
            )}
          </Fact>
          {incident.resolved_at && (
            <Fact label={t("incidents.detail.resolved")}>
              {incident.resolved_by?.name ?? t("incidents.system")} · {formatDateTime(incident.resolved_at, lang)}
            </Fact>
          )}
          <Fact label={t("incidents.detail.peak")}>
            <span className="tabular-nums">{incident.peak_devices}</span>
          </Fact>
          {incident.note && (
            <Fact label={t("incidents.detail.note")}>
              <span className="whitespace-pre-wrap">{incident.note}</span>
            </Fact>
          )}
        </dl>
        <section aria-labelledby="incident-devices" className="grid gap-2">
          <h3 id="incident-devices" className="text-sm font-semibold">
            {t("incidents.detail.devices")}{" "}
            <span className="font-normal text-muted-foreground tabular-nums">({incident.devices_count})</span>
          </h3>
          {incident.devices.length === 0 ? (
            <p className="text-[13px] text-muted-foreground">{t("incidents.detail.noDevices")}</p>
          ) : (
            <ul className="divide-y rounded-md border" data-testid="incident-devices">
              {incident.devices.map((device) => (
                <li key={device.uuid} className="flex items-center justify-between gap-3 px-3 py-1.5 text-[13px]">
                  <Link
                    to={deviceViewPath(space, device.uuid)}
                    state={from}
                    className="min-w-0 truncate font-medium hover:underline"
                  >
                    {device.name}
                  </Link>
                  <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
                    {t("incidents.detail.since", { time: formatDateTime(device.since, lang) })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="incident-timeline" className="grid gap-3">
          <h3 id="incident-timeline" className="text-sm font-semibold">
            {t("incidents.detail.timeline")}
          </h3>
          <IncidentTimeline entries={incident.timeline} />
        </section>
      </SheetBody>
      <IncidentActionDialog request={action} onClose={() => setAction(null)} />
    </>
  );
}
