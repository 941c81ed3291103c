import { MonitorSmartphoneIcon } from "lucide-react";
import { Outlet } from "react-router";
import { EmptyState } from "@/components/ui/empty-state";
import { useT } from "@/lib/i18n";

/** /devices — the device list (grid or format view) arrives with the device-list issue. */
export function DevicesPage() {
  const t = useT();
  return (
    <div className="p-6">
      <EmptyState
        icon={MonitorSmartphoneIcon}
        title={t("devices.empty.title")}
        description={t("devices.empty.text")}
        className="rounded-lg border border-dashed"
      />
      <Outlet />
    </div>
  );
}
