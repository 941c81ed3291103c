import { PanelRightIcon } from "lucide-react";
import { useRef, useState } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { Sheet, SheetBody, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { type MessageKey, useT } from "@/lib/i18n";

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

/** Where closing goes: the page we came from (history state `from`), else the list. */
export function flyoutBackTarget(pathname: string, state: unknown): string {
  if (typeof state === "object" && state !== null && "from" in state) {
    const from = state.from;
    if (typeof from === "string" && from.startsWith("/")) return from;
  }
  return `/${pathname.split("/")[1] ?? ""}`;
}

/**
 * The route-driven flyout: open on every route with a device_type, location_type,
 * group_type, monitoring_type or action param. A Radix Dialog shown as a right-side sheet
 * (focus trapped, Esc closes); closing navigates back once the exit animation is done.
 */
export function Flyout() {
  const t = useT();
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(true);
  // Radix also reports "close auto focus" when the sheet unmounts because the route moved
  // on (e.g. to another flyout): only a close by the user navigates back.
  const closedByUser = useRef(false);

  const kind = params.device_type ?? params.location_type ?? params.group_type ?? params.monitoring_type;
  const action = params.action ?? "";
  const titleKey = actionTitles[action];
  const title = titleKey ? t(titleKey) : action;
  const subject = [kind, params.uuid].filter(Boolean).join(" · ");

  return (
    <Sheet
      open={open}
      onOpenChange={(next) => {
        closedByUser.current = !next;
        setOpen(next);
      }}
    >
      <SheetContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (closedByUser.current) navigate(flyoutBackTarget(location.pathname, location.state));
        }}
      >
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
      </SheetContent>
    </Sheet>
  );
}
