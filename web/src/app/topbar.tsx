import { useQuery } from "@tanstack/react-query";
import { CalendarClockIcon, MenuIcon } from "lucide-react";
import { Link } from "react-router";
import { LazyMenu } from "@/components/lazy-menu";
import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Tooltip } from "@/components/ui/tooltip";
import { useCurrentSpace } from "@/features/session/current-space";
import { spaceQueries } from "@/features/space/queries";
import { useT } from "@/lib/i18n";
import { initialsOf } from "@/lib/i18n/format";
import { PaletteButton } from "./command-palette/host";
import { NotificationBell } from "./notification-bell";
import { ThemeToggle } from "./theme-toggle";

/** The account dialog (Radix's dialog, the spaces): not in a page's first load. */
const loadAccountDialog = () => import("@/features/session/account-dialog");

/** Below 768 px, the navigation drawer (Radix's dialog): not in a page's first load either. */
const loadNavDrawer = () => import("./nav-drawer");

/** Top bar: the phone menu button, current space and the caller's role, working time, theme, account. */
export function Topbar() {
  const t = useT();
  const { user, space } = useCurrentSpace();
  const detail = useQuery(spaceQueries.detail(space.space_uuid));

  return (
    <header className="flex h-12 shrink-0 items-center gap-3 border-b bg-background px-4 max-md:gap-2 max-md:px-3">
      <LazyMenu
        load={loadNavDrawer}
        props={{}}
        trigger={
          <Button
            variant="ghost"
            size="icon-sm"
            className="-ml-1 md:hidden"
            aria-label={t("nav.open")}
            aria-haspopup="dialog"
          >
            <MenuIcon aria-hidden="true" />
          </Button>
        }
      />
      <div className="flex min-w-0 flex-1 items-center gap-2.5">
        <span className="truncate text-sm font-semibold">{space.space_name}</span>
        {detail.isPending ? (
          <Skeleton className="h-5 w-16 rounded-full max-sm:hidden" />
        ) : detail.data ? (
          // On phones the space name gets the room (the role shows on the Accounts page).
          <Badge variant="secondary" className="max-sm:hidden">
            {detail.data.role.name}
          </Badge>
        ) : null}
      </div>
      <nav aria-label={t("topbar.tools")} className="flex items-center gap-1">
        <PaletteButton className="mr-1 sm:w-56" />
        <Tooltip label={t("topbar.workingTime")}>
          <Button asChild variant="ghost" size="icon-sm">
            <Link to="/locations/global" aria-label={t("topbar.workingTime")}>
              <CalendarClockIcon aria-hidden="true" />
            </Link>
          </Button>
        </Tooltip>
        <NotificationBell />
        <ThemeToggle />
        <LazyMenu
          load={loadAccountDialog}
          props={{}}
          trigger={
            <button
              type="button"
              aria-label={t("topbar.account")}
              aria-haspopup="dialog"
              className="ml-1 rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
            >
              <Avatar>
                <AvatarFallback>{initialsOf(user.display_name)}</AvatarFallback>
              </Avatar>
            </button>
          }
        />
      </nav>
    </header>
  );
}
