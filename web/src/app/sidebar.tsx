import { PanelLeftCloseIcon, PanelLeftOpenIcon } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Logo } from "@/components/brand/logo";
import { Tooltip } from "@/components/ui/tooltip";
import { useT } from "@/lib/i18n";
import { readString, storageKeys, writeString } from "@/lib/session/storage";
import { cn } from "@/lib/ui/utils";
import { NavLinks, navItemClass } from "./nav-links";

/**
 * Left navigation from tablets up: icons + labels, collapsible to icons (remembered). Below
 * 768 px it is hidden and the top bar's menu button opens the same entries as a drawer (NavDrawer).
 */
export function Sidebar() {
  const t = useT();
  const [collapsed, setCollapsed] = useState(() => readString(storageKeys.sidebar) === "collapsed");
  const toggle = () => {
    writeString(storageKeys.sidebar, collapsed ? "expanded" : "collapsed");
    setCollapsed(!collapsed);
  };

  return (
    <aside
      className={cn(
        "flex shrink-0 flex-col border-r border-sidebar-border bg-sidebar transition-[width] duration-200 max-md:hidden",
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
      <NavLinks collapsed={collapsed} />
      <div className="border-t border-sidebar-border p-2">
        <Tooltip label={t("nav.expand")} side="right" enabled={collapsed}>
          <button
            type="button"
            onClick={toggle}
            aria-expanded={!collapsed}
            aria-label={collapsed ? t("nav.expand") : t("nav.collapse")}
            className={cn(navItemClass, "w-full text-muted-foreground", collapsed && "justify-center px-0")}
          >
            {collapsed ? <PanelLeftOpenIcon aria-hidden="true" /> : <PanelLeftCloseIcon aria-hidden="true" />}
            {!collapsed && <span>{t("nav.collapse")}</span>}
          </button>
        </Tooltip>
      </div>
    </aside>
  );
}
