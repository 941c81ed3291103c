import { ActivityIcon, ClockIcon, GaugeIcon } from "lucide-react";
import { Outlet } from "react-router";
import { EmptyState } from "@/components/ui/empty-state";
import { useT } from "@/lib/i18n";

/** /activity — the dashboard lists (latest added, connected, edited, disconnected) come later. */
export function ActivityPage() {
  const t = useT();
  return (
    <div className="p-6">
      <EmptyState
        icon={ActivityIcon}
        title={t("monitor.activity.empty.title")}
        description={t("monitor.activity.empty.text")}
        className="rounded-lg border border-dashed"
      />
    </div>
  );
}

/** /performance — device health lists; a device's report opens in the flyout. */
export function PerformancePage() {
  const t = useT();
  return (
    <div className="p-6">
      <EmptyState
        icon={GaugeIcon}
        title={t("monitor.performance.empty.title")}
        description={t("monitor.performance.empty.text")}
        className="rounded-lg border border-dashed"
      />
      <Outlet />
    </div>
  );
}

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
