import "@/lib/i18n/locales/en-devices";
import type { Device } from "@contracts/devices/schema";
import { MapPinIcon } from "lucide-react";
import { Link, useLocation } from "react-router";
import { DeviceHealthBadge } from "@/components/health";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { typeLabel } from "@/features/devices/logic/format";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/ui/utils";
import { listedDevicePath } from "../camera/queries";
import { DeviceStatusBadge, DeviceStatusIcon, deviceClassLabel, deviceLook } from "../device-status";
import { OfflineInHoursMarker } from "../offline-in-hours-marker";
import { DeviceStreak } from "./device-streak";

/** Fixed height: the grid is virtualized by rows of cards. */
export const DEVICE_CARD_HEIGHT = 176;
/** On phones the name may take two lines (shown whole, not cut). */
export const PHONE_DEVICE_CARD_HEIGHT = 196;

const accent = {
  online: "border-l-status-online",
  offline: "border-l-status-offline",
} as const;

/** A device in the grid view; the whole card opens the device flyout. */
export function DeviceCard({ device, height = DEVICE_CARD_HEIGHT }: { device: Device; height?: number }) {
  const t = useT();
  const look = deviceLook(device);
  // Closing the flyout comes back to this list as it was (its filters are in the URL).
  const here = useLocation();
  const facts = [
    typeLabel(device.device_type_name),
    device.device_class ? t(deviceClassLabel[device.device_class]) : null,
  ]
    .filter(Boolean)
    .join(" · ");
  return (
    <Link
      to={listedDevicePath(device)}
      state={{ from: here.pathname + here.search }}
      data-look={look}
      // The flyout's code loads when the pointer or the focus reaches the card (app-router.tsx).
      data-preload
      style={{ height }}
      className={cn(
        "flex flex-col gap-2.5 rounded-lg border border-l-4 bg-card p-4 shadow-xs transition-colors outline-none hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring",
        look === "online" || look === "offline" ? accent[look] : "border-l-border",
        look === "archived" && "opacity-75",
      )}
    >
      <div className="flex items-start gap-3">
        <DeviceStatusIcon look={look} />
        <div className="min-w-0 flex-1">
          <h3 className="text-[15px] leading-tight font-semibold break-words max-md:line-clamp-2 md:truncate">
            {device.name}
          </h3>
          <p className="mt-1 truncate text-xs text-muted-foreground">{facts}</p>
        </div>
        <DeviceStatusBadge look={look} />
      </div>
      <div className="flex min-w-0 items-center gap-1.5 text-[13px] text-muted-foreground">
        <MapPinIcon className="size-3.5 shrink-0" aria-hidden="true" />
        <span className="truncate">{device.location_name ?? t("devices.noLocation")}</span>
        {/* Right under the Offline badge: the location's hours say it should be online now. */}
        <OfflineInHoursMarker device={device} className="ml-auto" />
      </div>
      <div className="flex h-5 gap-1 overflow-hidden">
        {device.tags.slice(0, 3).map((tag) => (
          <Badge key={tag.uuid} variant="secondary" className="max-w-28 truncate">
            {tag.name}
          </Badge>
        ))}
        {device.tags.length > 3 && <Badge variant="outline">+{device.tags.length - 3}</Badge>}
      </div>
      <div className="mt-auto flex items-center justify-between gap-2 border-t pt-2">
        <DeviceStreak device={device} className="truncate" />
        <DeviceHealthBadge device={device} />
      </div>
    </Link>
  );
}

export function DeviceCardSkeleton({ height = DEVICE_CARD_HEIGHT }: { height?: number }) {
  return (
    <div style={{ height }} className="flex flex-col gap-3 rounded-lg border border-l-4 bg-card p-4">
      <div className="flex gap-3">
        <Skeleton className="size-9 rounded-lg" />
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-3 w-24" />
        </div>
      </div>
      <Skeleton className="h-3 w-40" />
      <Skeleton className="h-4 w-24" />
      <Skeleton className="mt-auto h-3 w-32" />
    </div>
  );
}
