import type { LucideIcon } from "lucide-react";
import { useEffect, useRef } from "react";
import { NavLink, useLocation } from "react-router";
import { cn } from "@/lib/ui/utils";

export type TabLink = {
  to: string;
  label: string;
  icon?: LucideIcon;
  disabled?: boolean;
};

const tabClass =
  "relative inline-flex h-10 shrink-0 items-center gap-2 px-1 whitespace-nowrap text-sm font-medium text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:text-foreground focus-visible:after:bg-ring after:absolute after:inset-x-0 after:-bottom-px after:h-0.5 after:rounded-full [&_svg]:size-4";

type TabLinksProps = {
  tabs: readonly TabLink[];
  label: string;
  className?: string;
  /** History state carried to every tab (e.g. where a flyout returns to) and replace instead of push. */
  state?: unknown;
  replace?: boolean;
};

/** Route-driven tabs: links styled as tabs (the URL is the selected state). */
export function TabLinks({ tabs, label, className, state, replace }: TabLinksProps) {
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On a narrow screen the tabs scroll sideways: keep the selected one in view (e.g. the last
  // tab opened from a toast's link).
  useEffect(() => {
    if (!pathname) return;
    nav.current
      ?.querySelector<HTMLElement>('[aria-current="page"]')
      ?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
  }, [pathname]);
  return (
    // Narrow screens scroll the tabs sideways (no wrapped labels); pb-px keeps the active line visible.
    <nav
      ref={nav}
      aria-label={label}
      className={cn("flex items-center gap-6 overflow-x-auto border-b pb-px [scrollbar-width:none]", className)}
    >
      {tabs.map(({ to, label: text, icon: Icon, disabled }) =>
        disabled ? (
          <span
            key={to}
            aria-disabled="true"
            className={cn(tabClass, "cursor-not-allowed opacity-50 hover:text-muted-foreground")}
          >
            {Icon && <Icon aria-hidden="true" />}
            {text}
          </span>
        ) : (
          <NavLink
            key={to}
            to={to}
            data-preload
            state={state}
            replace={replace}
            className={({ isActive }) => cn(tabClass, isActive && "text-foreground after:bg-primary")}
          >
            {Icon && <Icon aria-hidden="true" />}
            {text}
          </NavLink>
        ),
      )}
    </nav>
  );
}
