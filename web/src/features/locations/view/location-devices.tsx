import "@/lib/i18n/locales/en-assets";
import type { LocationDevice } from "@contracts/locations/assets";
import { useInfiniteQuery } from "@tanstack/react-query";
import { ChevronRightIcon, MonitorSmartphoneIcon } from "lucide-react";
import type { RefObject } from "react";
import { Link, useLocation } from "react-router";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { cameraViewPath, isCameraDevice } from "@/features/devices/camera/queries";
import { connectedLabel, deviceLook } from "@/features/devices/device-status";
import { typeLabel } from "@/features/devices/logic/format";
import { useCurrentSpace } from "@/features/session/current-space";
import { useT } from "@/lib/i18n";
import { useLoadMoreOnScroll } from "@/lib/ui/use-scroll-end";
import { cn } from "@/lib/ui/utils";
import { locationDevicePath } from "../paths";
import { locationQueries } from "../queries";

const ROWS = ["a", "b", "c", "d", "e"];

/** The devices tab: the location's devices, the next page loading near the end of the scroll. */
export function LocationDevices({ uuid, scrollRef }: { uuid: string; scrollRef: RefObject<HTMLElement | null> }) {
  const t = useT();
  const { space } = useCurrentSpace();
  const here = useLocation();
  const list = useInfiniteQuery(locationQueries.devices(space.space_uuid, uuid));
  const devices = list.data?.pages.flatMap((page) => page.devices) ?? [];
  useLoadMoreOnScroll(scrollRef, list, devices.length);

  if (list.isPending) return <DeviceSkeletons />;
  if (list.isError) return <p className="text-sm text-destructive">{list.error.message}</p>;
  if (devices.length === 0)
    return (
      <EmptyState
        icon={MonitorSmartphoneIcon}
        title={t("location.devices.empty.title")}
        description={t("location.devices.empty.text")}
      />
    );
  return (
    <div className="flex flex-col gap-2">
      <p className="text-xs text-muted-foreground">
        {t("location.devices.count", { count: list.data.pages[0]?.objects_count ?? 0 })}
      </p>
      <ul className="flex flex-col divide-y rounded-lg border bg-card">
        {devices.map((device) => (
          <li key={device.uuid}>
            <DeviceRow device={device} from={here.pathname} />
          </li>
        ))}
      </ul>
      {list.isFetchingNextPage && <DeviceSkeletons />}
    </div>
  );
}

function DeviceRow({ device, from }: { device: LocationDevice; from: string }) {
  const t = useT();
  const look = deviceLook(device);
  return (
    <Link
      // devices.md §2: a camera opens camera info (device_type camera), other devices their view.
      to={
        isCameraDevice(device)
          ? cameraViewPath(device.space_uuid, device.uuid, "locations")
          : locationDevicePath(device.space_uuid, device.uuid)
      }
      state={{ from }}
      data-preload
      className="flex items-center gap-3 px-4 py-2.5 outline-none hover:bg-accent/50 focus-visible:bg-accent"
    >
      <span
        aria-hidden="true"
        className={cn(
          "size-2.5 shrink-0 rounded-full",
          look === "online"
            ? "bg-status-online"
            : look === "offline"
              ? "bg-status-offline"
              : "border border-dashed border-muted-foreground",
        )}
      />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate text-sm font-medium">{device.name}</span>
        <span className="truncate text-xs text-muted-foreground">
          {[typeLabel(device.device_type_name), device.device_category_name].filter(Boolean).join(" · ")}
        </span>
      </span>
      {/* Online/offline only once installed: the badge says Not connected, Archived … otherwise. */}
      <span className="w-16 text-xs text-muted-foreground">
        {look === "online" ? t("location.device.online") : look === "offline" ? t("location.device.offline") : null}
      </span>
      {device.tags.slice(0, 3).map((tag) => (
        <Badge key={tag.uuid} variant="secondary" className="hidden md:inline-flex">
          {tag.name}
        </Badge>
      ))}
      <Badge variant="outline">{t(connectedLabel[device.connected_status])}</Badge>
      <ChevronRightIcon className="size-4 text-muted-foreground" aria-hidden="true" />
    </Link>
  );
}

function DeviceSkeletons() {
  return (
    <div className="flex flex-col gap-2">
      {ROWS.map((key) => (
        <Skeleton key={key} className="h-14 w-full" />
      ))}
    </div>
  );
}
