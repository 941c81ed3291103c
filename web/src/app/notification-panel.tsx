import "@/lib/locales/en-incidents";
import type { BellItem } from "@contracts/alerting";
import { useQuery } from "@tanstack/react-query";
import { CircleAlertIcon, CircleCheckIcon, InfoIcon, TriangleAlertIcon } from "lucide-react";
import { useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { Link } from "react-router";
import type { LazyMenuProps } from "@/components/lazy-menu";
import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { Tooltip } from "@/components/ui/tooltip";
import { INCIDENTS_PATH, incidentViewPath } from "@/features/incidents/paths";
import { incidentQueries, useMarkBellSeen } from "@/features/incidents/queries";
import { useCurrentSpace } from "@/features/session/current-space";
import {
  type AlertEntry,
  alertHistory,
  clearAlertHistory,
  markAlertsRead,
  subscribeAlertHistory,
} from "@/lib/alert-history";
import type { AlertType } from "@/lib/alerts";
import { type MessageKey, useI18n } from "@/lib/i18n";

const icons: Record<AlertType, { icon: typeof InfoIcon; className: string }> = {
  info: { icon: InfoIcon, className: "text-info" },
  success: { icon: CircleCheckIcon, className: "text-success" },
  warning: { icon: TriangleAlertIcon, className: "text-warning" },
  error: { icon: CircleAlertIcon, className: "text-destructive" },
};

/**
 * The bell's popover around its button (loaded by LazyMenu): the space's latest incident events
 * from the server, then this session's alerts. Opening it marks both read.
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
        <IncidentFeed
          items={feed.data?.items}
          seenAt={feed.data?.seen_at ?? null}
          failed={feed.isError}
          onNavigate={() => setOpen(false)}
          time={time}
        />
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

const feedTone: Record<BellItem["state"], string> = {
  open: "bg-destructive",
  acknowledged: "bg-warning",
  resolved: "bg-success",
  suppressed: "bg-muted-foreground/50",
};
const feedKind: Record<BellItem["kind"], MessageKey> = {
  opened: "incidents.bell.kind.opened",
  acknowledged: "incidents.bell.kind.acknowledged",
  resolved: "incidents.bell.kind.resolved",
  suppressed: "incidents.bell.kind.suppressed",
};

/** The space's latest incident events (the server's bell), newest first; unseen ones marked. */
function IncidentFeed(props: {
  items: BellItem[] | undefined;
  seenAt: string | null;
  failed: boolean;
  onNavigate: () => void;
  time: Intl.DateTimeFormat;
}) {
  const { items, seenAt, failed, onNavigate, time } = props;
  const { t } = useI18n();
  const { space } = useCurrentSpace();
  const seen = seenAt ? Date.parse(seenAt) : 0;
  return (
    <section aria-label={t("incidents.bell.title")} className="border-b">
      <div className="flex items-center justify-between gap-2 px-3 pt-2">
        <h3 className="text-xs font-medium text-muted-foreground">{t("incidents.bell.title")}</h3>
        <Button asChild variant="link" size="sm" className="h-6 px-0">
          <Link to={`${INCIDENTS_PATH}?state=open,acknowledged`} onClick={onNavigate}>
            {t("incidents.bell.all")}
          </Link>
        </Button>
      </div>
      {failed && !items ? (
        <p className="px-3 pt-1 pb-3 text-sm text-destructive">{t("incidents.bell.failed")}</p>
      ) : !items ? (
        <p className="px-3 pt-1 pb-3 text-sm text-muted-foreground">{t("common.loading")}</p>
      ) : items.length === 0 ? (
        <p className="px-3 pt-1 pb-3 text-sm text-muted-foreground">{t("incidents.bell.none")}</p>
      ) : (
        <ul className="max-h-72 divide-y overflow-y-auto" data-testid="bell-incidents">
          {items.map((item) => (
            <li key={`${item.incident_uuid}:${item.kind}:${item.at}`}>
              <Link
                to={incidentViewPath(space.space_uuid, item.incident_uuid)}
                onClick={onNavigate}
                data-testid="bell-incident"
                data-state={item.state}
                className="flex gap-2.5 px-3 py-2 text-[13px] outline-none hover:bg-accent focus-visible:bg-accent"
              >
                <span aria-hidden="true" className={`mt-1.5 size-2 shrink-0 rounded-full ${feedTone[item.state]}`} />
                <span className="min-w-0 flex-1">
                  <span className={`block truncate ${Date.parse(item.at) > seen ? "font-semibold" : "font-medium"}`}>
                    {item.rule_name} · {item.location.name}
                  </span>
                  <span className="block text-xs text-muted-foreground">
                    {t(feedKind[item.kind])} · {t("incidents.devices", { count: item.devices_count })}
                  </span>
                </span>
                <time className="shrink-0 text-xs text-muted-foreground tabular-nums" dateTime={item.at}>
                  {time.format(Date.parse(item.at))}
                </time>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
