import "@/lib/i18n/locales/en-alerting";
import { BellRingIcon, ConstructionIcon, SendIcon, SirenIcon } from "lucide-react";
import { Outlet, useLocation } from "react-router";
import { ShellHeader } from "@/app/shells/shell-header";
import { TabLinks } from "@/components/ui/tabs";
import { useCurrentSpace } from "@/features/session/current-space";
import { useT } from "@/lib/i18n";

/**
 * The alerting settings under Monitor: the space's rules, channels and maintenance windows (an
 * Admin changes them, every member reads them), and the caller's own notification preferences.
 */
export function AlertingShell() {
  const t = useT();
  const { space } = useCurrentSpace();
  const { pathname } = useLocation();
  const tabs = [
    { to: "/alert-rules", label: t("alerting.rules"), icon: SirenIcon },
    { to: "/alert-channels", label: t("alerting.channels"), icon: SendIcon },
    { to: "/maintenance", label: t("alerting.maintenance"), icon: ConstructionIcon },
    { to: "/notification-preferences", label: t("alerting.preferences"), icon: BellRingIcon },
  ];
  const current = tabs.find((tab) => pathname.startsWith(tab.to))?.label ?? tabs[0]?.label ?? "";
  return (
    <div className="flex h-full flex-col">
      <ShellHeader crumbs={[space.space_name, t("nav.monitor"), t("monitor.alerting"), current]} />
      <TabLinks tabs={tabs} label={t("alerting.tabs")} className="px-4 md:px-6" />
      <div className="min-h-0 flex-1 overflow-y-auto">
        <Outlet />
      </div>
    </div>
  );
}
