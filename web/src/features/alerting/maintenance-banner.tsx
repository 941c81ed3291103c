import "@/lib/i18n/locales/en-incidents";
import { useQuery } from "@tanstack/react-query";
import { ConstructionIcon } from "lucide-react";
import { useI18n } from "@/lib/i18n";
import { formatDateTime } from "@/lib/i18n/datetime";
import { alertingQueries, type MaintenanceTarget } from "./queries";

/**
 * A location's or a device's maintenance windows that cover now, as a banner on its page:
 * incidents there are suppressed and nobody is notified until the window ends.
 */
export function MaintenanceBanner({ space, target }: { space: string; target: MaintenanceTarget }) {
  const { t, lang } = useI18n();
  const windows = useQuery(alertingQueries.activeMaintenance(space, target));
  if (!windows.data?.length) return null;
  return (
    <div className="grid gap-1" data-testid="maintenance-banner">
      {windows.data.map((window) => (
        <p
          key={window.uuid}
          role="status"
          className="flex items-start gap-2 rounded-md border border-warning/50 bg-warning/12 px-3 py-2 text-[13px]"
        >
          <ConstructionIcon className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
          <span className="min-w-0">
            <span className="font-medium">
              {t("incidents.maintenance.banner", { end: formatDateTime(window.end, lang), reason: window.reason })}
            </span>
            <span className="block text-xs text-muted-foreground">
              {t("incidents.maintenance.bannerScope", {
                scope: window.scope.name,
                name: window.created_by?.name ?? "—",
              })}
            </span>
          </span>
        </p>
      ))}
    </div>
  );
}
