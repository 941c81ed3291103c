import { CircleAlertIcon, CircleCheckIcon, InfoIcon, TriangleAlertIcon } from "lucide-react";
import { useEffect, useMemo, useState, useSyncExternalStore } from "react";
import type { LazyMenuProps } from "@/components/lazy-menu";
import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { Tooltip } from "@/components/ui/tooltip";
import {
  type AlertEntry,
  alertHistory,
  clearAlertHistory,
  markAlertsRead,
  subscribeAlertHistory,
} from "@/lib/alert-history";
import type { AlertType } from "@/lib/alerts";
import { useI18n } from "@/lib/i18n";

const icons: Record<AlertType, { icon: typeof InfoIcon; className: string }> = {
  info: { icon: InfoIcon, className: "text-info" },
  success: { icon: CircleCheckIcon, className: "text-success" },
  warning: { icon: TriangleAlertIcon, className: "text-warning" },
  error: { icon: CircleAlertIcon, className: "text-destructive" },
};

/** The bell's popover around its button (loaded by LazyMenu): opening it marks the alerts read. */
export default function NotificationPanel({ trigger, defaultOpen }: LazyMenuProps) {
  const { t, lang } = useI18n();
  const { entries } = useSyncExternalStore(subscribeAlertHistory, alertHistory);
  const [open, setOpen] = useState(defaultOpen);
  // Once per language, not on every render (the bell re-renders with every alert).
  const time = useMemo(
    () => new Intl.DateTimeFormat(lang, { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" }),
    [lang],
  );
  // Opening marks what is there read (also when the press came before this code: defaultOpen).
  useEffect(() => {
    if (open) markAlertsRead();
  }, [open]);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <Tooltip label={t("notifications.title")}>
        <PopoverTrigger asChild>{trigger}</PopoverTrigger>
      </Tooltip>
      <PopoverContent align="end" className="w-[min(22rem,calc(100vw-1rem))] p-0">
        <div className="flex items-center justify-between gap-2 border-b px-3 py-2">
          <h2 className="text-sm font-semibold">{t("notifications.title")}</h2>
          <Button variant="ghost" size="sm" onClick={clearAlertHistory} disabled={entries.length === 0}>
            {t("notifications.clear")}
          </Button>
        </div>
        {entries.length === 0 ? (
          <p className="px-3 py-6 text-center text-sm text-muted-foreground">{t("notifications.empty")}</p>
        ) : (
          <ul className="max-h-96 divide-y overflow-y-auto" aria-label={t("notifications.title")}>
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
