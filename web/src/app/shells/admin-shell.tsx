import "@/lib/i18n/locales/en-admin";
import "@/lib/i18n/locales/en-regions";
import { AppWindowIcon, CpuIcon, GlobeIcon, ShieldOffIcon } from "lucide-react";
import { Outlet, useLocation } from "react-router";
import { EmptyState } from "@/components/ui/empty-state";
import { TabLinks } from "@/components/ui/tabs";
import { useCurrentSpace } from "@/features/session/current-space";
import { useT } from "@/lib/i18n";
import { ShellHeader } from "./shell-header";

/** Applications and Runners, for super admins and system developers; Spaces (their regions) for super admins. */
export function AdminShell() {
  const t = useT();
  const { space, user } = useCurrentSpace();
  const { pathname } = useLocation();
  const tabs = [
    { to: "/applications", label: t("admin.applications"), icon: AppWindowIcon },
    { to: "/runners", label: t("admin.runners"), icon: CpuIcon },
    ...(user.super_admin ? [{ to: "/spaces", label: t("admin.spaces"), icon: GlobeIcon }] : []),
  ];
  const current = tabs.find((tab) => pathname.startsWith(tab.to))?.label ?? tabs[0]?.label;
  const allowed = user.super_admin || user.sys_dev;

  return (
    <div className="flex h-full flex-col">
      <ShellHeader crumbs={[space.space_name, t("nav.admin"), current]} />
      <TabLinks tabs={tabs} label={t("nav.admin")} className="px-6" />
      <div className="min-h-0 flex-1 overflow-y-auto">
        {allowed ? (
          <Outlet />
        ) : (
          <EmptyState icon={ShieldOffIcon} title={t("admin.denied.title")} description={t("admin.denied.text")} />
        )}
      </div>
    </div>
  );
}
