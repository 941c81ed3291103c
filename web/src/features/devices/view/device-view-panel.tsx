import "@/lib/i18n/locales/en-flyout";
import "@/lib/i18n/locales/en-device";
import "@/lib/i18n/locales/en-commands";
import { useQuery } from "@tanstack/react-query";
import {
  ActivityIcon,
  BarChart3Icon,
  CpuIcon,
  InfoIcon,
  ListChecksIcon,
  ScrollTextIcon,
  SettingsIcon,
} from "lucide-react";
import { lazy, Suspense, useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { useFlyoutClose, useFlyoutFallback } from "@/app/flyout";
import { FlyoutLoadFailed, FlyoutLoading, FlyoutTabsHeader } from "@/components/flyout-states";
import { Badge } from "@/components/ui/badge";
import { SheetBody, SheetTitle } from "@/components/ui/sheet";
import { Skeleton } from "@/components/ui/skeleton";
import { MaintenanceBanner } from "@/features/alerting/maintenance-banner";
import { typeLabel } from "@/features/devices/logic/format";
import { locationViewPath } from "@/features/locations/paths";
import { useCurrentSpace } from "@/features/session/current-space";
import { usePermissions } from "@/features/space/use-permissions";
import { withChunkTimeout } from "@/lib/api/chunk-load";
import { useT } from "@/lib/i18n";
import { preloadWhenIdle } from "@/lib/ui/when-idle";
import { DeviceStatusBadge, DeviceStatusIcon, deviceLook } from "../device-status";
import { useDeviceRoom } from "../live/use-device-room";
import { type DeviceTab, deviceEditPath, deviceViewPath } from "../paths";
import { deviceQueries } from "../queries";
import { DeviceHealthSummary } from "./device-health-summary";
import { DeviceMenu } from "./device-menu";
import { DeviceToolbar } from "./device-toolbar";
import { GeneralTab } from "./general-tab";

// The flyout opens on General; every other tab is a chunk of its own (a device link's
// first load), all asked for once the flyout has rendered, so switching seldom waits. The Reports
// tab draws with Recharts, the Settings tab brings Radix's select, radio group and switch.
const tabChunks = {
  assetInfo: () => import("./asset-info-tab"),
  peripherals: () => import("./peripherals-tab"),
  logs: () => import("./logs-tab"),
  reports: () => import("./reports-tab"),
  settings: () => import("./settings-tab"),
  commands: () => import("./commands-tab"),
};
// A chunk that does not arrive in time reaches the route's retry screen, as the flyout's forms do.
const AssetInfoTab = lazy(withChunkTimeout(() => tabChunks.assetInfo().then((m) => ({ default: m.AssetInfoTab }))));
const PeripheralsTab = lazy(
  withChunkTimeout(() => tabChunks.peripherals().then((m) => ({ default: m.PeripheralsTab }))),
);
const LogsTab = lazy(withChunkTimeout(() => tabChunks.logs().then((m) => ({ default: m.LogsTab }))));
const ReportsTab = lazy(withChunkTimeout(() => tabChunks.reports().then((m) => ({ default: m.ReportsTab }))));
const SettingsTab = lazy(withChunkTimeout(() => tabChunks.settings().then((m) => ({ default: m.SettingsTab }))));
const CommandsTab = lazy(withChunkTimeout(() => tabChunks.commands().then((m) => ({ default: m.CommandsTab }))));

/** A tab's place while its code arrives. */
function TabLoading() {
  const t = useT();
  return (
    <div role="status" aria-label={t("common.loading")} className="grid gap-3">
      <Skeleton className="h-5 w-40" />
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-24 w-full" />
    </div>
  );
}

const tabIcons = {
  general: InfoIcon,
  peripherals: CpuIcon,
  assetInfo: ActivityIcon,
  logs: ScrollTextIcon,
  reports: BarChart3Icon,
  settings: SettingsIcon,
  commands: ListChecksIcon,
} as const;

type DeviceViewPanelProps = { space: string; uuid: string; tab: DeviceTab; section: string };

/** /devices/device/view/{space_uuid}/{uuid}/{tab}: the device flyout. */
export function DeviceViewPanel({ space, uuid, tab, section }: DeviceViewPanelProps) {
  const t = useT();
  const here = useLocation();
  const navigate = useNavigate();
  const close = useFlyoutClose();
  const { space: current } = useCurrentSpace();
  const { canWrite } = usePermissions();
  const device = useQuery(deviceQueries.detail(space || current.space_uuid, uuid));
  const data = device.data;
  // The device's live room while its flyout is open (presence, command progress).
  useDeviceRoom(space || current.space_uuid, uuid);
  // Opened by link under /locations (no earlier page): closing goes to its location's device list.
  const locationUuid = section === "locations" ? data?.location_uuid : null;
  useFlyoutFallback(locationUuid ? locationViewPath(locationUuid, "devices") : null);
  // The other tabs' code, asked for when the browser is idle once the device is on screen (after the page's first input).
  const shown = data !== undefined;
  useEffect(() => (shown ? preloadWhenIdle(Object.values(tabChunks), 3000) : undefined), [shown]);
  // A link straight to a tab: its code comes while the device loads, not after.
  useEffect(() => {
    if (tab !== "general") tabChunks[tab]().catch(() => {});
  }, [tab]);

  if (device.isPending) return <FlyoutLoading label={t("device.loading")} uuid={uuid} />;
  if (device.isError || !data)
    return (
      <FlyoutLoadFailed
        title={t("flyout.action.view")}
        uuid={uuid}
        error={device.error}
        failedText={t("device.loadFailed")}
        notFoundText={t("device.notFound")}
      />
    );

  const connected = data.connected_status === "connected";
  const look = deviceLook(data);
  const tabs = (Object.keys(tabIcons) as DeviceTab[]).map((key) => ({
    to: deviceViewPath(data.space_uuid, uuid, key, section),
    label: t(`device.tab.${key}`),
    icon: tabIcons[key],
    disabled: key !== "general" && !connected,
  }));
  const shownTab = connected ? tab : "general";

  return (
    <>
      <FlyoutTabsHeader
        tabs={tabs}
        tabsLabel={t("device.tabs")}
        keepHistory
        description={[typeLabel(data.device_type_name), data.location_name].filter(Boolean).join(" · ") || "—"}
      >
        <div className="flex min-h-9 items-start gap-3 sm:items-center">
          <DeviceStatusIcon look={look} />
          {/* On a phone the whole name shows and the chips wrap under it; wider, one line. */}
          <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1">
            <SheetTitle className="min-w-0 text-lg break-words sm:truncate">{data.name}</SheetTitle>
            <DeviceStatusBadge look={look} />
            {data.demo_mode && <Badge variant="partially_online">{t("device.demo")}</Badge>}
            {connected && <DeviceHealthSummary device={data} />}
          </div>
          <div className="shrink-0">
            <DeviceMenu
              device={data}
              canWrite={canWrite}
              url={`${window.location.origin}${deviceViewPath(data.space_uuid, uuid)}`}
              onEdit={() =>
                navigate(deviceEditPath(data.space_uuid, uuid, section), { state: { from: here.pathname } })
              }
              onDeleted={close}
            />
          </div>
        </div>
        <DeviceToolbar device={data} section={section} />
        {/* A maintenance window covering the device (its location, groups or tags): no notifications meanwhile. */}
        <MaintenanceBanner space={data.space_uuid} target={{ device: uuid }} />
      </FlyoutTabsHeader>
      <SheetBody>
        {shownTab === "general" ? (
          <GeneralTab device={data} />
        ) : (
          <Suspense fallback={<TabLoading />}>
            {shownTab === "assetInfo" && <AssetInfoTab device={data} />}
            {shownTab === "peripherals" && <PeripheralsTab device={data} />}
            {shownTab === "logs" && <LogsTab device={data} />}
            {shownTab === "reports" && <ReportsTab device={data} />}
            {shownTab === "settings" && <SettingsTab device={data} section={section} />}
            {shownTab === "commands" && <CommandsTab device={data} />}
          </Suspense>
        )}
      </SheetBody>
    </>
  );
}
