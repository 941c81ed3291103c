import { BellIcon } from "lucide-react";
import { useSyncExternalStore } from "react";
import { LazyMenu } from "@/components/lazy-menu";
import { Button } from "@/components/ui/button";
import { alertHistory, subscribeAlertHistory } from "@/lib/alert-history";
import { useT } from "@/lib/i18n";

/** The popover and its list: not in a page's first load (issue 19). */
const loadPanel = () => import("./notification-panel");

/** The top bar's bell: this session's last 100 alerts (presence chatter as one line), unread count on it. */
export function NotificationBell() {
  const t = useT();
  const { unread } = useSyncExternalStore(subscribeAlertHistory, alertHistory);
  return (
    <LazyMenu
      load={loadPanel}
      props={{}}
      trigger={
        <Button
          variant="ghost"
          size="icon-sm"
          className="relative"
          aria-haspopup="dialog"
          aria-label={t("notifications.open", { count: unread })}
        >
          <BellIcon aria-hidden="true" />
          {unread > 0 && (
            <span
              aria-hidden="true"
              data-testid="notifications-unread"
              className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] leading-none font-semibold text-white tabular-nums"
            >
              {unread > 99 ? "99+" : unread}
            </span>
          )}
        </Button>
      }
    />
  );
}
