import { Link, useLocation } from "react-router";
import { Tooltip } from "@/components/ui/tooltip";
import { useCurrentSpace } from "@/features/session/current-space";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/ui/utils";
import { isNavItemActive, navItems } from "./nav-items";

export const navItemClass =
  "flex h-9 items-center gap-3 rounded-md px-2.5 text-sm font-medium text-sidebar-foreground/80 transition-colors outline-none hover:bg-sidebar-accent hover:text-sidebar-foreground focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-[18px] [&_svg]:shrink-0";

type NavLinksProps = {
  /** Icons only, the labels as tooltips (the collapsed rail). */
  collapsed: boolean;
  /** Called when an entry is followed (the phone drawer closes). */
  onNavigate?: () => void;
  className?: string;
};

/** The main navigation's entries (Admin Panel for super admins only), in the rail and in the phone drawer. */
export function NavLinks({ collapsed, onNavigate, className }: NavLinksProps) {
  const t = useT();
  const { user } = useCurrentSpace();
  const { pathname } = useLocation();
  const items = navItems.filter((item) => !item.superAdminOnly || user.super_admin);
  return (
    <nav aria-label={t("nav.main")} className={cn("flex flex-1 flex-col gap-0.5 px-2 py-3", className)}>
      {items.map((item) => {
        const active = isNavItemActive(item, pathname);
        const label = t(item.label);
        return (
          <Tooltip key={item.to} label={label} side="right" enabled={collapsed}>
            <Link
              to={item.to}
              data-preload
              onClick={onNavigate}
              aria-current={active ? "page" : undefined}
              aria-label={collapsed ? label : undefined}
              className={cn(
                navItemClass,
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
  );
}
