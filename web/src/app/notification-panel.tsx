import "@/lib/i18n/locales/en-incidents";
import { useQuery } from "@tanstack/react-query";
import { CircleAlertIcon, CircleCheckIcon, InfoIcon, TriangleAlertIcon } from "lucide-react";
import { useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { Link } from "react-router";
import type { LazyMenuProps } from "@/components/lazy-menu";
import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { Tooltip } from "@/components/ui/tooltip";
import { formatAge } from "@/features/incidents/incident-format";
import { INCIDENTS_PATH, incidentViewPath } from "@/features/incidents/paths";
import { incidentQueries, useMarkBellSeen } from "@/features/incidents/queries";
import { useNow } from "@/features/monitor/use-now";
import { useCurrentSpace } from "@/features/session/current-space";
import { useI18n } from "@/lib/i18n";
import {
  type AlertEntry,
  alertHistory,
  clearAlertHistory,
  markAlertsRead,
  subscribeAlertHistory,
} from "@/lib/ui/alert-history";
import type { AlertType } from "@/lib/ui/alerts";

/** Open incidents the bell lists (then "+N more" and a link to the page). */
const BELL_INCIDENTS = 20;

const icons: Record<AlertType, { icon: typeof InfoIcon; className: string }> = {
  info: { icon: InfoIcon, className: "text-info" },
  success: { icon: CircleCheckIcon, className: "text-success" },
  warning: { icon: TriangleAlertIcon, className: "text-warning" },
  error: { icon: CircleAlertIcon, className: "text-destructive" },
};

/**
 * The bell's popover around its button (loaded by LazyMenu): the space's open incidents from the
 * server (they survive a reload), then this session's alerts. Opening it marks both read.
 */
export default function NotificationPanel({ trigger, defaultOpen }: LazyMenuProps) {
  const { t, lang } = useI18n();
  const { space } = useCurrentSpace();
  const { entries } = useSyncExternalStore(subscribeAlertHistory, alertHistory);
  const feed = useQuery(incidentQueries.bell(space.space_uuid));
  const seen = useMarkBellSeen(space.space_uuid);
  const [open, setOpen] = useState(defaultOpen);
  // Once per language, not on every render (the bell re-renders with every alert).
  const time = useMemo(
    () => new Intl.DateTimeFormat(lang, { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" }),
    [lang],
  );
  // Opening marks what is there read (also when the press came before this code: defaultOpen).
  const serverUnread = feed.data?.unread ?? 0;
  const markSeen = seen.mutate;
  useEffect(() => {
    if (open) markAlertsRead();
  }, [open]);
  useEffect(() => {
    if (open && serverUnread > 0) markSeen();
  }, [open, serverUnread, markSeen]);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <Tooltip label={t("notifications.title")}>
        <PopoverTrigger asChild>{trigger}</PopoverTrigger>
      </Tooltip>
      <PopoverContent align="end" className="w-[min(24rem,calc(100vw-1rem))] p-0">
        <div className="flex items-center justify-between gap-2 border-b px-3 py-2">
          <h2 className="text-sm font-semibold">{t("notifications.title")}</h2>
          <Button variant="ghost" size="sm" onClick={clearAlertHistory} disabled={entries.length === 0}>
            {t("notifications.clear")}
          </Button>
        </div>
        <OpenIncidents seenAt={feed.data?.seen_at ?? null} onNavigate={() => setOpen(false)} />
        <h3 className="px-3 pt-2 text-xs font-medium text-muted-foreground">{t("incidents.bell.session")}</h3>
        {entries.length === 0 ? (
          <p className="px-3 pt-1 pb-4 text-sm text-muted-foreground">{t("notifications.empty")}</p>
        ) : (
          <ul className="max-h-64 divide-y overflow-y-auto" aria-label={t("notifications.title")}>
            {entries.map((entry) => (
              <Entry key={entry.key} entry={entry} time={time.format(entry.at)} />
            ))}
          </ul>
        )}
      </PopoverContent>
    </Popover>
  );
}

function Entry({ entry, time }: { entry: AlertEntry; time: string }) {
  const { icon: Icon, className } = icons[entry.type];
  return (
    <li className="flex gap-2.5 px-3 py-2 text-[13px]">
      <Icon className={`mt-0.5 size-4 shrink-0 ${className}`} aria-hidden="true" />
      <span className="min-w-0 flex-1 break-words">{entry.message}</span>
      <time className="shrink-0 text-xs text-muted-foreground tabular-nums" dateTime={new Date(entry.at).toISOString()}>
        {time}
      </time>
    </li>
  );
}

/**
 * The space's open and acknowledged incidents from the server, oldest first, with their age; those
 * opened since the caller last looked are bold.
 */
function OpenIncidents({ seenAt, onNavigate }: { seenAt: string | null; onNavigate: () => void }) {
  const { t } = useI18n();
  const { space } = useCurrentSpace();
  const now = useNow();
  const active = useQuery(incidentQueries.active(space.space_uuid, BELL_INCIDENTS));
  const seen = seenAt ? Date.parse(seenAt) : 0;
  const items = active.data?.incidents;
  const more = (active.data?.objects_count ?? 0) - (items?.length ?? 0);
  return (
    <section aria-label={t("incidents.bell.title")} className="border-b">
      <div className="flex items-center justify-between gap-2 px-3 pt-2">
        <h3 className="text-xs font-medium text-muted-foreground">
          {t("incidents.bell.title")}
          {active.data ? ` (${active.data.objects_count})` : ""}
        </h3>
        <Button asChild variant="link" size="sm" className="h-6 px-0">
          <Link to={`${INCIDENTS_PATH}?state=open,acknowledged`} onClick={onNavigate}>
            {t("incidents.bell.all")}
          </Link>
        </Button>
      </div>
      {active.isError && !items ? (
        <p className="px-3 pt-1 pb-3 text-sm text-destructive">{t("incidents.bell.failed")}</p>
      ) : !items ? (
        <p className="px-3 pt-1 pb-3 text-sm text-muted-foreground">{t("common.loading")}</p>
      ) : items.length === 0 ? (
        <p className="px-3 pt-1 pb-3 text-sm text-muted-foreground">{t("incidents.bell.none")}</p>
      ) : (
        <ul className="max-h-72 divide-y overflow-y-auto" data-testid="bell-incidents">
          {items.map((incident) => (
            <li key={incident.uuid}>
              <Link
                to={incidentViewPath(space.space_uuid, incident.uuid)}
                onClick={onNavigate}
                data-testid="bell-incident"
                data-state={incident.state}
                className="flex gap-2.5 px-3 py-2 text-[13px] outline-none hover:bg-accent focus-visible:bg-accent"
              >
                <span
                  aria-hidden="true"
                  className={`mt-1.5 size-2 shrink-0 rounded-full ${incident.state === "open" ? "bg-destructive" : "bg-warning"}`}
                />
                <span className="min-w-0 flex-1">
                  <span
                    className={`block truncate ${Date.parse(incident.opened_at) > seen ? "font-semibold" : "font-medium"}`}
                  >
                    {incident.location.name} · {incident.rule.name}
                  </span>
                  <span className="block text-xs text-muted-foreground">
                    {t(incident.state === "open" ? "incidents.state.open" : "incidents.state.acknowledged")} ·{" "}
                    {t("incidents.devices", { count: incident.devices_count })}
                  </span>
                </span>
                <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
                  {formatAge(incident.opened_at, now)}
                </span>
              </Link>
            </li>
          ))}
          {more > 0 && (
            <li className="px-3 py-1.5 text-xs text-muted-foreground">{t("incidents.devicesMore", { count: more })}</li>
          )}
        </ul>
      )}
    </section>
  );
}
