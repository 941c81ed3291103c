import "@/lib/i18n/locales/en-assets";
import type { LocationGroup } from "@contracts/location-groups/schema";
import { MapPinIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { OnlineStatusBadge } from "@/features/locations/online-status";
import { StatusCardLink, StatusCardSkeleton } from "@/features/locations/status-card";
import { useT } from "@/lib/i18n";
import { groupViewPath } from "./paths";

/** A group in the list: name, active badge, online state, number of locations; opens the group info. */
export function GroupCard({ group, space }: { group: LocationGroup; space: string }) {
  const t = useT();
  return (
    <StatusCardLink to={groupViewPath(space, group.uuid)} status={group.online_status}>
      <div className="flex items-start justify-between gap-2">
        <h3 className="min-w-0 truncate text-[15px] leading-tight font-semibold">{group.name}</h3>
        <Badge variant={group.active ? "default" : "secondary"}>
          {group.active ? t("groups.active") : t("groups.inactive")}
        </Badge>
      </div>
      <p className="line-clamp-2 min-h-10 text-[13px] text-muted-foreground">
        {group.locations.map((location) => location.name).join(", ") || "—"}
      </p>
      <div className="mt-auto flex items-center justify-between gap-2 border-t pt-3">
        <span className="flex items-center gap-1.5 text-sm font-medium tabular-nums">
          <MapPinIcon className="size-4 text-muted-foreground" aria-hidden="true" />
          {t("groups.locationsNumber", { count: group.locations_number })}
        </span>
        <OnlineStatusBadge status={group.online_status} />
      </div>
    </StatusCardLink>
  );
}

export function GroupCardSkeleton() {
  return (
    <StatusCardSkeleton className="h-[150px]" name="w-36" badge="w-14">
      <Skeleton className="h-3 w-full" />
      <Skeleton className="mt-auto h-6 w-full" />
    </StatusCardSkeleton>
  );
}
