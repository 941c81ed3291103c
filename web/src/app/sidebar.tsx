import { PanelLeftCloseIcon, PanelLeftOpenIcon } from "lucide-react";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { Logo } from "@/components/brand/logo";
import { Tooltip } from "@/components/ui/tooltip";
import { useCurrentSpace } from "@/features/session/current-space";
import { useT } from "@/lib/i18n";
import { readString, storageKeys, writeString } from "@/lib/storage";
import { useMediaQuery } from "@/lib/use-media-query";
import { cn } from "@/lib/utils";
import { isNavItemActive, navItems } from "./nav-items";

const itemClass =
  "flex h-9 items-center gap-3 rounded-md px-2.5 text-sm font-medium text-sidebar-foreground/80 transition-colors outline-none hover:bg-sidebar-accent hover:text-sidebar-foreground focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-[18px] [&_svg]:shrink-0";

/**
 * Left navigation: icons + labels, collapsible to icons (remembered). On a phone it is always
 * the icon rail (labels as tooltips), so the page keeps the width it needs.
 */
export function Sidebar() {
  const t = useT();
  const { user } = useCurrentSpace();
  const { pathname } = useLocation();
  const narrow = useMediaQuery("(max-width: 767px)");
  const [chosen, setChosen] = useState(() => readString(storageKeys.sidebar) === "collapsed");
  const collapsed = narrow || chosen;
  const toggle = () => {
    writeString(storageKeys.sidebar, chosen ? "expanded" : "collapsed");
    setChosen(!chosen);
  };
  const items = navItems.filter((item) => !item.superAdminOnly || user.super_admin);

  return (
    <aside
      className={cn(
        "flex shrink-0 flex-col border-r border-sidebar-border bg-sidebar transition-[width] duration-200",
        collapsed ? "w-14" : "w-52",
      )}
    >
      <div
        className={cn(
          "flex h-12 shrink-0 items-center border-b border-sidebar-border",
          collapsed ? "justify-center" : "px-4",
        )}
      >
        <Link
          to="/devices"
          aria-label="Outpost"
          className="rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Logo collapsed={collapsed} />
        </Link>
      </div>
      <nav aria-label={t("nav.main")} className="flex flex-1 flex-col gap-0.5 px-2 py-3">
        {items.map((item) => {
          const active = isNavItemActive(item, pathname);
          const label = t(item.label);
          return (
            <Tooltip key={item.to} label={label} side="right" enabled={collapsed}>
              <Link
                to={item.to}
                aria-current={active ? "page" : undefined}
                aria-label={collapsed ? label : undefined}
                className={cn(
                  itemClass,
                  collapsed && "justify-center px-0",
                  active && "bg-sidebar-accent text-sidebar-foreground [&_svg]:text-primary",
                )}
              >
                <item.icon aria-hidden="true" />
                {!collapsed && <span className="truncate">{label}</span>}
              </Link>
            </Tooltip>
          );
        })}
      </nav>
      <div className={cn("border-t border-sidebar-border p-2", narrow && "hidden")}>
        <Tooltip label={t("nav.expand")} side="right" enabled={collapsed}>
          <button
            type="button"
            onClick={toggle}
            aria-expanded={!collapsed}
            aria-label={collapsed ? t("nav.expand") : t("nav.collapse")}
            className={cn(itemClass, "w-full text-muted-foreground", collapsed && "justify-center px-0")}
          >
            {collapsed ? <PanelLeftOpenIcon aria-hidden="true" /> : <PanelLeftCloseIcon aria-hidden="true" />}
            {!collapsed && <span>{t("nav.collapse")}</span>}
          </button>
        </Tooltip>
      </div>
    </aside>
  );
}
