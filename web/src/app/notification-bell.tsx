import { useQuery } from "@tanstack/react-query";
import { BellIcon } from "lucide-react";
import { useSyncExternalStore } from "react";
import { LazyMenu } from "@/components/lazy-menu";
import { Button } from "@/components/ui/button";
import { incidentQueries } from "@/features/incidents/queries";
import { useCurrentSpace } from "@/features/session/current-space";
import { useT } from "@/lib/i18n";
import { alertHistory, subscribeAlertHistory } from "@/lib/ui/alert-history";

/** The popover and its list: not in a page's first load. */
const loadPanel = () => import("./notification-panel");

/**
 * The top bar's bell: the space's incident events read from the server (so they survive a reload)
 * and this session's last 100 alerts (presence chatter as one line). The count on it is what the
 * caller has not seen of both (an incident's own toast is counted once, by the server).
 */
export function NotificationBell() {
  const t = useT();
  const { space } = useCurrentSpace();
  const session = useSyncExternalStore(subscribeAlertHistory, alertHistory).unread;
  const feed = useQuery(incidentQueries.bell(space.space_uuid));
  const unread = session + (feed.data?.unread ?? 0);
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
          data-testid="notifications-bell"
          data-incidents-unread={feed.data?.unread ?? 0}
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
