import { CircleAlertIcon, CircleCheckIcon, InfoIcon, TriangleAlertIcon } from "lucide-react";
import type { CSSProperties } from "react";
import { Toaster as Sonner } from "sonner";
import { useT } from "@/lib/i18n";
import { useTheme } from "@/lib/theme";
import { PHONE_QUERY, useMediaQuery } from "@/lib/use-media-query";

/** Where lib/alerts.ts shows alerts; colours come from the theme tokens. */
export function Toaster() {
  const theme = useTheme();
  const t = useT();
  const narrow = useMediaQuery(PHONE_QUERY);
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
