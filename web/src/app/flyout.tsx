import "@/lib/i18n/locales/en-flyout";
import { PanelRightIcon } from "lucide-react";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { Sheet, SheetBody, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { Skeleton } from "@/components/ui/skeleton";
import { type MessageKey, useT } from "@/lib/i18n";
import { cn } from "@/lib/ui/utils";

/** The spec's action values (console.md §2.2) and their titles. */
const actionTitles: Record<string, MessageKey> = {
  addLocation: "flyout.action.addLocation",
  addGroup: "flyout.action.addGroup",
  inviteUser: "flyout.action.inviteUser",
  edit: "flyout.action.edit",
  view: "flyout.action.view",
  detectDevices: "flyout.action.detectDevices",
  addDeviceRunner: "flyout.action.addDeviceRunner",
};

/**
 * Where closing goes (devices.md §2 Flyout): the page we came from (history state `from`), else
 * the panel's own fallback (a device opened by link under /locations: its location's device
 * list), else the list route.
 */
export function flyoutBackTarget(pathname: string, state: unknown, fallback?: string | null): string {
  if (typeof state === "object" && state !== null && "from" in state) {
    const from = state.from;
    if (typeof from === "string" && from.startsWith("/")) return from;
  }
  if (fallback?.startsWith("/")) return fallback;
  return `/${pathname.split("/")[1] ?? ""}`;
}

const FlyoutCloseContext = createContext<() => void>(() => {});
type Fallback = { at: string; path: string | null };
const FlyoutFallbackContext = createContext<(fallback: Fallback) => void>(() => {});

/**
 * A panel's fallback for closing when no earlier page is known (see flyoutBackTarget). Kept with
 * the path it was set at, not cleared on unmount: the close handler runs after the panel is gone.
 */
export function useFlyoutFallback(path: string | null) {
  const setFallback = useContext(FlyoutFallbackContext);
  const { pathname } = useLocation();
  useEffect(() => setFallback({ at: pathname, path }), [setFallback, pathname, path]);
}

/** Closes the flyout (with its exit animation), then goes back like the close button does. */
export function useFlyoutClose() {
  return useContext(FlyoutCloseContext);
}

/**
 * The route-driven flyout frame: a Radix Dialog shown as a right-side sheet (focus trapped,
 * Esc closes); closing navigates back once the exit animation is done. Panels render their
 * own SheetHeader / SheetBody / SheetFooter inside it.
 */
export function FlyoutSheet({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  // Closed for the path it was closed at: going back to another flyout of the same route
  // (edit → view) shows the sheet again.
  const [closedAt, setClosedAt] = useState<string | null>(null);
  const open = closedAt !== location.pathname;
  // Radix also reports "close auto focus" when the sheet unmounts because the route moved
  // on (e.g. to another flyout): only a close by the user navigates back.
  const closedByUser = useRef(false);
  const fallback = useRef<Fallback | null>(null);
  const setFallback = useCallback((next: Fallback) => {
    fallback.current = next;
  }, []);
  const close = useCallback(() => {
    closedByUser.current = true;
    setClosedAt(location.pathname);
  }, [location.pathname]);

  return (
    <Sheet
      open={open}
      onOpenChange={(next) => {
        closedByUser.current = !next;
        setClosedAt(next ? null : location.pathname);
      }}
    >
      <SheetContent
        onInteractOutside={(event) => {
          // Alerts and their actions (View, Copy, Connect) sit outside the sheet: using them keeps it open.
          if (event.target instanceof Element && event.target.closest("[data-sonner-toaster]")) event.preventDefault();
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (closedByUser.current) {
            const own = fallback.current?.at === location.pathname ? fallback.current.path : null;
            navigate(flyoutBackTarget(location.pathname, location.state, own));
          }
        }}
      >
        <FlyoutFallbackContext value={setFallback}>
          <FlyoutCloseContext value={close}>{children}</FlyoutCloseContext>
        </FlyoutFallbackContext>
      </SheetContent>
    </Sheet>
  );
}

/** The flyout of routes whose panel is not built yet: title from the action, an empty state. */
export function Flyout() {
  return (
    <FlyoutSheet>
      <FlyoutPlaceholder />
    </FlyoutSheet>
  );
}

/** The action's title for a flyout URL's params ("Edit", "Detect devices" …), or the action itself. */
function useActionTitle() {
  const t = useT();
  const action = useParams().action ?? "";
  const titleKey = actionTitles[action];
  return titleKey ? t(titleKey) : action;
}

/** A flyout panel's place while its code loads: the action's title over placeholder fields. */
export function FlyoutLoading() {
  const t = useT();
  const title = useActionTitle();
  return (
    <>
      <SheetHeader>
        <SheetTitle>{title}</SheetTitle>
        <SheetDescription className="sr-only">{t("common.loading")}</SheetDescription>
      </SheetHeader>
      <SheetBody role="status" aria-label={t("common.loading")} className="grid content-start gap-5">
        {["w-24", "w-40", "w-32", "w-48", "w-28"].map((width) => (
          <div key={width} className="grid gap-2">
            <Skeleton className={cn("h-3", width)} />
            <Skeleton className="h-9 w-full" />
          </div>
        ))}
      </SheetBody>
    </>
  );
}

export function FlyoutPlaceholder() {
  const t = useT();
  const params = useParams();
  const kind = params.device_type ?? params.location_type ?? params.group_type ?? params.monitoring_type;
  const title = useActionTitle();
  const subject = [kind, params.uuid].filter(Boolean).join(" · ");
  return (
    <>
      <SheetHeader>
        <div className="flex items-center gap-2">
          <SheetTitle>{title}</SheetTitle>
          {params.tab && <Badge variant="secondary">{params.tab}</Badge>}
        </div>
        <SheetDescription className={subject ? "font-mono text-xs" : undefined}>
          {subject || t("flyout.subtitle")}
        </SheetDescription>
      </SheetHeader>
      <SheetBody>
        <EmptyState icon={PanelRightIcon} title={t("flyout.empty.title")} description={t("flyout.empty.text")} />
      </SheetBody>
    </>
  );
}
