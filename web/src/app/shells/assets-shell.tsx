import { Layers3Icon, MapPinIcon, MonitorSmartphoneIcon } from "lucide-react";
import { Outlet, useLocation } from "react-router";
import { TabLinks } from "@/components/ui/tabs";
import { useCurrentSpace } from "@/features/session/current-space";
import { useT } from "@/lib/i18n";
import { AddMenu, type AssetsTab } from "./add-menu";
import { ShellHeader } from "./shell-header";
import { ViewToggle } from "./view-toggle";

function currentTab(pathname: string): AssetsTab {
  const section = pathname.split("/")[1];
  return section === "locations" || section === "groups" ? section : "devices";
}

/** Locations, Devices and Location Groups under one header, view toggle and add button. */
export function AssetsShell() {
  const t = useT();
  const { space } = useCurrentSpace();
  const { pathname } = useLocation();
  const tab = currentTab(pathname);
  const workingTime = pathname.startsWith("/locations/global");
  const tabs = [
    { to: "/locations", label: t("assets.locations"), icon: MapPinIcon },
    { to: "/devices", label: t("assets.devices"), icon: MonitorSmartphoneIcon },
    { to: "/groups", label: t("assets.groups"), icon: Layers3Icon },
  ] as const;
  const tabLabel = tabs.find((item) => item.to === `/${tab}`)?.label ?? "";
  const crumbs = [space.space_name, t("nav.assets"), tabLabel];

  return (
    <div className="flex h-full flex-col">
      <ShellHeader
        crumbs={workingTime ? [...crumbs, t("controlPanel.title")] : crumbs}
        actions={tab !== "groups" && !workingTime ? <ViewToggle /> : undefined}
      />
      <TabLinks tabs={tabs} label={t("nav.assets")} className="px-4 md:px-6" />
      <div className="min-h-0 flex-1 overflow-y-auto">
        <Outlet />
      </div>
      {!workingTime && <AddMenu tab={tab} />}
    </div>
  );
}
