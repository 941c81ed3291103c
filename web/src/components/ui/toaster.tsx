import { CircleAlertIcon, CircleCheckIcon, InfoIcon, TriangleAlertIcon } from "lucide-react";
import { type CSSProperties, useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { useT } from "@/lib/i18n";
import { useTheme } from "@/lib/session/theme";
import { onAlertWaiting, toasterReady } from "@/lib/ui/alerts";
import { PHONE_QUERY, useMediaQuery } from "@/lib/ui/use-media-query";
import { afterFirstInput } from "@/lib/ui/when-idle";

type Sonner = typeof import("sonner");

/**
 * Where lib/alerts.ts shows alerts; colours come from the theme tokens. sonner is not in the first
 * load: it loads at the first alert or the page's first input, whichever comes first (a page only
 * watched, with nothing to say, never loads it); alerts raised meanwhile wait for it (lib/alerts.ts).
 */
export function Toaster() {
  const [sonner, setSonner] = useState<Sonner | null>(null);
  useEffect(() => {
    let live = true;
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      void load(1);
    };
    const load = (attempt: number) =>
      import("./sonner").then(
        (module) => live && setSonner(module),
        (error: unknown) => {
          // A deploy or a dropped connection meanwhile: try again a little later.
          console.error("The alerts failed to load", error);
          if (live && attempt < 5) setTimeout(() => load(attempt + 1), 2000 * attempt);
        },
      );
    const cancelInput = afterFirstInput(start);
    const cancelAlert = onAlertWaiting(start);
    return () => {
      live = false;
      cancelInput();
      cancelAlert();
    };
  }, []);
  // Alerts are shown once sonner's Toaster is mounted (it listens from its first effect).
  useEffect(() => {
    if (sonner) toasterReady(sonner);
  }, [sonner]);
  // In <body>, beside the app: a modal (flyout, dialog) hides the rest of the page from assistive
  // technology when it opens (Radix: aria-hidden on everything outside it, live regions excepted).
  // Inside the app, a toaster that loaded after a modal opened (a link straight to a flyout) would
  // be in that hidden part: its alerts unread, their buttons out of reach.
  return sonner ? createPortal(<LoadedToaster sonner={sonner} />, document.body) : null;
}

function LoadedToaster({ sonner }: { sonner: Sonner }) {
  const theme = useTheme();
  const t = useT();
  const narrow = useMediaQuery(PHONE_QUERY);
  const Sonner = sonner.Toaster;
  return (
    <Sonner
      theme={theme}
      // Clear of the assets' floating add button; on phones at the top, under the top bar (its menu
      // button stays free), where no sheet footer (Save, Add) or the add button sits.
      position={narrow ? "top-center" : "bottom-right"}
      offset={narrow ? { top: 56 } : { bottom: 88, right: 24 }}
      mobileOffset={{ top: 56, left: 8, right: 8 }}
      visibleToasts={5}
      containerAriaLabel={t("alerts.region")}
      icons={{
        info: <InfoIcon className="size-4 text-info" />,
        success: <CircleCheckIcon className="size-4 text-success" />,
        warning: <TriangleAlertIcon className="size-4 text-warning" />,
        error: <CircleAlertIcon className="size-4 text-destructive" />,
      }}
      style={
        {
          "--normal-bg": "var(--popover)",
          "--normal-text": "var(--popover-foreground)",
          "--normal-border": "var(--border)",
          "--border-radius": "var(--radius)",
        } as CSSProperties
      }
      toastOptions={{
        classNames: {
          // Usable while a modal flyout is open (Radix sets pointer-events: none on the body).
          toast: "pointer-events-auto! gap-2.5! py-3! text-[13px]! shadow-lg!",
          actionButton: "bg-primary! text-primary-foreground! font-medium!",
          closeButton: "bg-popover! border-border! text-muted-foreground!",
        },
      }}
    />
  );
}
