import "@/lib/i18n/locales/en-assets";
import "@/lib/i18n/locales/en-display-health";
import "@/lib/i18n/locales/en-sessions";
import { CalendarClockIcon, ListPlusIcon, MonitorCheckIcon, ShieldCheckIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Outlet } from "react-router";
import { TabLinks } from "@/components/ui/tabs";
import { useT } from "@/lib/i18n";

/** /locations/global: the control panel — working_time (default), custom_fields (console.md §2.6) and screens (display captures). */
export function ControlPanel() {
  const t = useT();
  const tabs = [
    { to: "/locations/global/working_time", label: t("controlPanel.workingTime"), icon: CalendarClockIcon },
    { to: "/locations/global/custom_fields", label: t("controlPanel.customFields"), icon: ListPlusIcon },
    { to: "/locations/global/screens", label: t("displayHealth.settings.tab"), icon: MonitorCheckIcon },
    { to: "/locations/global/sessions", label: t("sessions.policy.tab"), icon: ShieldCheckIcon },
  ];
  return (
    <div className="flex flex-col gap-5 px-6 py-4">
      <TabLinks tabs={tabs} label={t("controlPanel.tabs")} />
      <Outlet />
    </div>
  );
}

/** One tab of the control panel: its title and what it is for over its content. */
export function ControlPanelPage({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <div className="flex max-w-4xl flex-col gap-4">
      <div>
        <h2 className="text-base font-semibold">{title}</h2>
        <p className="text-sm text-muted-foreground">{text}</p>
      </div>
      {children}
    </div>
  );
}
