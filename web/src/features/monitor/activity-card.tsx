import "@/lib/i18n/locales/en-devices";
import "@/lib/i18n/locales/en-monitor-pages";
import type { Device } from "@contracts/devices/schema";
import { useQuery } from "@tanstack/react-query";
import { ArrowRightIcon, InboxIcon } from "lucide-react";
import { Link } from "react-router";
import { DeviceHealthBadge } from "@/components/health";
import { RetryButton, SKELETONS } from "@/components/list-states";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { listedDevicePath } from "@/features/devices/camera/queries";
import { connectedLabel, type DeviceLook, deviceLook } from "@/features/devices/device-status";
import { typeLabel } from "@/features/devices/logic/format";
import { OfflineInHoursMarker } from "@/features/devices/offline-in-hours-marker";
import { useCurrentSpace } from "@/features/session/current-space";
import { type TFunction, useT } from "@/lib/i18n";
import { cn } from "@/lib/ui/utils";
import { type ActivityListDef, activityRows, viewAllPath } from "./activity-lists";
import { ACTIVITY_ROWS, monitorQueries } from "./queries";
import { RelativeTimeText } from "./relative-time-text";

/** Rows keep one height so skeletons, rows and the empty state take the same room. */
const ROW_HEIGHT = 44;

const dotTone: Partial<Record<DeviceLook, string>> = { online: "bg-status-online", offline: "bg-status-offline" };

/** A status dot in the spec's colours (online #2B85D8, offline #7A7A7A); a hollow ring otherwise. */
export function StatusDot({ look }: { look: DeviceLook }) {
  const t = useT();
  return (
    <span
      role="img"
      aria-label={t(
        look === "online"
          ? "device.status.online"
          : look === "offline"
            ? "device.status.offline"
            : connectedLabel[look],
      )}
      data-look={look}
      className={cn("size-2 shrink-0 rounded-full", dotTone[look] ?? "border border-muted-foreground/60")}
    />
  );
}

/** "Location · type" under a device's name in Monitor's rows and cards. */
export const deviceWhere = (device: Pick<Device, "location_name" | "device_type_name">, t: TFunction) =>
  [device.location_name ?? t("devices.noLocation"), typeLabel(device.device_type_name)].filter(Boolean).join(" · ");

function ActivityRow({ device, time }: { device: Device; time: string }) {
  const t = useT();
  const look = deviceLook(device);
  const where = deviceWhere(device, t);
  return (
    <li style={{ height: ROW_HEIGHT }}>
      <Link
        to={listedDevicePath(device)}
        // Closing the flyout comes back here, not to the device list (app/flyout.tsx flyoutBackTarget).
        state={{ from: "/activity" }}
        data-testid="activity-row"
        data-uuid={device.uuid}
        className="flex h-full items-center gap-3 rounded-md px-2 outline-none hover:bg-accent/50 focus-visible:ring-2 focus-visible:ring-ring"
      >
        <StatusDot look={look} />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-[13px] leading-tight font-medium">{device.name}</span>
          <span className="block truncate text-xs text-muted-foreground">{where}</span>
        </span>
        <OfflineInHoursMarker device={device} labelClassName="sr-only @md:not-sr-only" />
        {(device.combined_status ?? 0) >= 2 && (
          <DeviceHealthBadge device={device} labelClassName="sr-only @sm:not-sr-only" />
        )}
        <RelativeTimeText iso={time} />
      </Link>
    </li>
  );
}

function RowsSkeleton() {
  const t = useT();
  return (
    <ul role="status" aria-label={t("common.loading")}>
      {SKELETONS.slice(0, ACTIVITY_ROWS).map((key) => (
        <li key={key} style={{ height: ROW_HEIGHT }} className="flex items-center gap-3 px-2">
          <Skeleton className="size-2 rounded-full" />
          <span className="flex flex-1 flex-col gap-1.5">
            <Skeleton className="h-3 w-2/5" />
            <Skeleton className="h-2.5 w-3/5" />
          </span>
          <Skeleton className="h-3 w-14" />
        </li>
      ))}
    </ul>
  );
}

/** One Activity list: its first devices, live through the device queries, with "View all". */
export function ActivityCard({ list }: { list: ActivityListDef }) {
  const t = useT();
  const { space } = useCurrentSpace();
  const query = useQuery(monitorQueries.activity(space.space_uuid, list));
  const rows = query.data ? activityRows(list, query.data.devices) : [];
  const titleId = `activity-${list.id}`;
  return (
    <Card
      role="region"
      aria-labelledby={titleId}
      data-testid={`activity-${list.id}`}
      className="@container min-w-0 gap-1 p-3"
    >
      <header className="flex items-center gap-2 px-2 pb-1">
        <h2 id={titleId} className="truncate text-sm font-semibold">
          {t(list.title)}
        </h2>
        {/* The total, only while it counts the same devices as the rows (never-seen ones are left out). */}
        {query.data && rows.length === query.data.devices.length && (
          <span className="text-xs text-muted-foreground tabular-nums" data-testid="activity-total">
            {query.data.objects_count}
          </span>
        )}
        <Button asChild variant="ghost" size="sm" className="ml-auto h-7 shrink-0 px-2 text-xs">
          <Link to={viewAllPath(list)} aria-label={t("monitor.activity.viewAllOf", { list: t(list.title) })}>
            {t("monitor.activity.viewAll")}
            <ArrowRightIcon aria-hidden="true" />
          </Link>
        </Button>
      </header>
      <div style={{ minHeight: ROW_HEIGHT * ACTIVITY_ROWS }}>
        {query.isPending ? (
          <RowsSkeleton />
        ) : query.isError ? (
          <div className="flex flex-col items-center justify-center gap-2 py-12 text-center text-sm text-muted-foreground">
            <p>{t("monitor.activity.failed")}</p>
            <RetryButton size="sm" onRetry={() => void query.refetch()} />
          </div>
        ) : rows.length === 0 ? (
          <div className="flex flex-col items-center justify-center gap-2 py-16 text-center text-sm text-muted-foreground">
            <InboxIcon className="size-5" aria-hidden="true" />
            <p className="max-w-64">{t(list.empty)}</p>
          </div>
        ) : (
          <ul>
            {rows.slice(0, ACTIVITY_ROWS).map((device) => (
              <ActivityRow key={device.uuid} device={device} time={list.time(device) ?? device.updated_at} />
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
