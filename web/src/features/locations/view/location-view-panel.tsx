import "@/lib/i18n/locales/en-flyout";
import "@/lib/i18n/locales/en-assets";
import type { Location } from "@contracts/locations/schema";
import { useQuery } from "@tanstack/react-query";
import { CalendarClockIcon, InfoIcon, MonitorSmartphoneIcon, PencilIcon } from "lucide-react";
import { useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { useFlyoutClose } from "@/app/flyout";
import { DeleteButton } from "@/components/delete-button";
import { FlyoutFailedHeader, FlyoutTabsHeader } from "@/components/flyout-states";
import { Button } from "@/components/ui/button";
import { SheetBody, SheetTitle } from "@/components/ui/sheet";
import { Skeleton } from "@/components/ui/skeleton";
import { MaintenanceBanner } from "@/features/alerting/maintenance-banner";
import { useCurrentSpace } from "@/features/session/current-space";
import { usePermissions } from "@/features/space/use-permissions";
import { LocationWorkingTime } from "@/features/working-time/location-working-time";
import { useT } from "@/lib/i18n";
import { OnlineStatusBadge } from "../online-status";
import { GeneralSkeleton, PanelLoadFailed } from "../panel-states";
import { type LocationTab, locationEditPath, locationViewPath } from "../paths";
import { locationQueries } from "../queries";
import { useDeleteLocation } from "../use-save-location";
import { LocationDevices } from "./location-devices";
import { LocationGeneral } from "./location-general";

/** /locations/location/view/{uuid}/{tab}: general facts, the devices, the working time. */
export function LocationViewPanel({ uuid, tab }: { uuid: string; tab: LocationTab }) {
  const t = useT();
  const { space } = useCurrentSpace();
  const here = useLocation();
  const navigate = useNavigate();
  const { canWrite } = usePermissions();
  const location = useQuery(locationQueries.detail(space.space_uuid, uuid));
  const bodyRef = useRef<HTMLDivElement>(null);
  const data = location.data;
  const tabs = [
    { to: locationViewPath(uuid, "general"), label: t("location.tab.general"), icon: InfoIcon },
    { to: locationViewPath(uuid, "devices"), label: t("location.tab.devices"), icon: MonitorSmartphoneIcon },
    { to: locationViewPath(uuid, "global"), label: t("location.tab.global"), icon: CalendarClockIcon },
  ];

  if (location.isError) {
    return (
      <>
        <FlyoutFailedHeader title={t("flyout.action.view")} uuid={uuid} />
        <PanelLoadFailed error={location.error} />
      </>
    );
  }
  return (
    <>
      <FlyoutTabsHeader
        tabs={tabs}
        tabsLabel={t("location.tabs")}
        keepHistory
        description={
          data ? (
            [data.location_type_name, data.display_id].filter(Boolean).join(" · ") || "—"
          ) : (
            <Skeleton className="h-4 w-32" />
          )
        }
      >
        <div className="flex min-h-8 items-center gap-3">
          <SheetTitle className="truncate text-lg">{data ? data.name : <Skeleton className="h-5 w-48" />}</SheetTitle>
          {data && <OnlineStatusBadge status={data.online_status} />}
          {data && canWrite && (
            <div className="ml-auto flex gap-2">
              <Button
                variant="outline"
                size="sm"
                onClick={() => navigate(locationEditPath(uuid), { state: { from: here.pathname } })}
              >
                <PencilIcon aria-hidden="true" />
                {t("common.edit")}
              </Button>
              <DeleteLocationButton location={data} />
            </div>
          )}
        </div>
        {/* A maintenance window covering the location: its incidents are suppressed meanwhile. */}
        <MaintenanceBanner space={space.space_uuid} target={{ location: uuid }} />
      </FlyoutTabsHeader>
      {tab === "global" ? (
        data ? (
          <LocationWorkingTime location={data} />
        ) : (
          <SheetBody>
            <GeneralSkeleton />
          </SheetBody>
        )
      ) : (
        <SheetBody ref={bodyRef}>
          {tab === "devices" ? (
            <LocationDevices uuid={uuid} scrollRef={bodyRef} />
          ) : data ? (
            <LocationGeneral location={data} />
          ) : (
            <GeneralSkeleton />
          )}
        </SheetBody>
      )}
    </>
  );
}

/** console.md §7.2 DELETE …/location/{uuid}/ behind a confirmation naming the location; closes the flyout. */
function DeleteLocationButton({ location }: { location: Location }) {
  const t = useT();
  const close = useFlyoutClose();
  const remove = useDeleteLocation(location.uuid);
  return (
    <DeleteButton
      title={t("location.delete.title")}
      description={t("location.delete.text", { name: location.name })}
      pending={remove.isPending}
      onDelete={(done) =>
        remove.mutate(location.name, {
          onSuccess: () => {
            done();
            close();
          },
        })
      }
    />
  );
}
