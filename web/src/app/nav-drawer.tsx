import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { Logo } from "@/components/brand/logo";
import type { LazyMenuProps } from "@/components/lazy-menu";
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import { useT } from "@/lib/i18n";
import { NavLinks } from "./nav-links";

/**
 * Below 768 px: the navigation drawer the top bar's menu button opens (a Radix Dialog: focus
 * trapped, Esc and the overlay close it), loaded after the first render (LazyMenu; the button is in
 * topbar.tsx). Following an entry, or any other navigation, closes it.
 */
export default function NavDrawer({ trigger, defaultOpen }: LazyMenuProps) {
  const t = useT();
  const [open, setOpen] = useState(defaultOpen);
  const { pathname } = useLocation();
  // A new path (back/forward too) closes it; not the first render (a press before this code opens it).
  const shownAt = useRef(pathname);
  useEffect(() => {
    if (pathname === shownAt.current) return;
    shownAt.current = pathname;
    setOpen(false);
  }, [pathname]);
  const close = () => setOpen(false);

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>{trigger}</SheetTrigger>
      <SheetContent side="left" aria-describedby={undefined}>
        <div className="flex h-12 shrink-0 items-center border-b border-sidebar-border px-4">
          <SheetTitle className="sr-only">{t("nav.main")}</SheetTitle>
          <Link
            to="/devices"
            aria-label="Outpost"
            onClick={close}
            className="rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <Logo collapsed={false} />
          </Link>
        </div>
        <NavLinks collapsed={false} onNavigate={close} />
      </SheetContent>
    </Sheet>
  );
}
