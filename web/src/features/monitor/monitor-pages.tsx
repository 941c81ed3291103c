import { ClockIcon } from "lucide-react";
import { EmptyState } from "@/components/ui/empty-state";
import { useT } from "@/lib/i18n";

export { ActivityPage } from "./activity-page";
export { PerformancePage } from "./performance-page";

/** /events and /logs: shown disabled in the tabs; opened by URL they say so. */
export function UnavailablePage() {
  const t = useT();
  return (
    <div className="p-6">
      <EmptyState
        icon={ClockIcon}
        title={t("monitor.unavailable.title")}
        description={t("monitor.unavailable.text")}
        className="rounded-lg border border-dashed"
      />
    </div>
  );
}
