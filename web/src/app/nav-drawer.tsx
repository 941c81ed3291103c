import { MenuIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { Logo } from "@/components/brand/logo";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import { useT } from "@/lib/i18n";
import { NavLinks } from "./nav-links";

/**
 * Below 768 px: the menu button of the top bar and the navigation drawer it opens (a Radix
 * Dialog: focus trapped, Esc and the overlay close it). Following an entry, or any other
 * navigation, closes it.
 */
export function NavDrawer() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path (back/forward too) is the reason to close
  useEffect(() => setOpen(false), [pathname]);
  const close = () => setOpen(false);

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon-sm" className="-ml-1 md:hidden" aria-label={t("nav.open")}>
          <MenuIcon aria-hidden="true" />
        </Button>
      </SheetTrigger>
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
