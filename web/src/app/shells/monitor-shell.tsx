import { ActivityIcon, GaugeIcon, ListChecksIcon, ScrollTextIcon, SirenIcon } from "lucide-react";
import { Outlet, useLocation } from "react-router";
import { TabLinks } from "@/components/ui/tabs";
import { useCurrentSpace } from "@/features/session/current-space";
import { useT } from "@/lib/i18n";
import { ShellHeader } from "./shell-header";

/** Activity, Performance and Incidents; System Events and Audit Logs are shown but disabled. */
export function MonitorShell() {
  const t = useT();
  const { space } = useCurrentSpace();
  const { pathname } = useLocation();
  const tabs = [
    { to: "/activity", label: t("monitor.activity"), icon: ActivityIcon },
    { to: "/performance", label: t("monitor.performance"), icon: GaugeIcon },
    { to: "/incidents", label: t("monitor.incidents"), icon: SirenIcon },
    { to: "/events", label: t("monitor.events"), icon: ListChecksIcon, disabled: true },
    { to: "/logs", label: t("monitor.logs"), icon: ScrollTextIcon, disabled: true },
  ] as const;
  const current = tabs.find((tab) => pathname.startsWith(tab.to))?.label ?? tabs[0].label;

  return (
    <div className="flex h-full flex-col">
      <ShellHeader crumbs={[space.space_name, t("nav.monitor"), current]} />
      <TabLinks tabs={tabs} label={t("nav.monitor")} className="px-6" />
      <div className="min-h-0 flex-1 overflow-y-auto">
        <Outlet />
      </div>
    </div>
  );
}
