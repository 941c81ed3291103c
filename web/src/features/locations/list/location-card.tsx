import "@/lib/i18n/locales/en-assets";
import type { Location } from "@contracts/locations/schema";
import { MapPinIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { useT } from "@/lib/i18n";
import { OnlineStatusBadge } from "../online-status";
import { locationViewPath } from "../paths";
import { StatusCardLink, StatusCardSkeleton } from "../status-card";
import { DeviceTotals } from "./device-totals";

export const placeOf = (location: Pick<Location, "city" | "address">) =>
  [location.city, location.address].filter(Boolean).join(", ");

/** A location in the grid view; the whole card opens the location's view. */
export function LocationCard({ location }: { location: Location }) {
  const t = useT();
  const facts = [location.location_type_name, location.country_name].filter(Boolean).join(" · ");
  return (
    <StatusCardLink to={locationViewPath(location.uuid)} status={location.online_status}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="truncate text-[15px] leading-tight font-semibold">{location.name}</h3>
          <p className="mt-1 truncate text-xs text-muted-foreground">{facts || t("locations.noType")}</p>
        </div>
        <OnlineStatusBadge status={location.online_status} />
      </div>
      <p className="flex min-w-0 items-center gap-1.5 text-[13px] text-muted-foreground">
        <MapPinIcon className="size-3.5 shrink-0" aria-hidden="true" />
        <span className="truncate">{placeOf(location) || "—"}</span>
      </p>
      <div className="flex min-h-5 flex-wrap gap-1">
        {location.tags.map((tag) => (
          <Badge key={tag.uuid} variant="secondary">
            {tag.name}
          </Badge>
        ))}
      </div>
      <DeviceTotals location={location} className="mt-auto border-t pt-3" />
    </StatusCardLink>
  );
}

export function LocationCardSkeleton() {
  return (
    <StatusCardSkeleton className="h-[188px]" name="w-40" badge="w-16">
      <Skeleton className="h-3 w-28" />
      <Skeleton className="h-3 w-48" />
      <Skeleton className="mt-auto h-9 w-full" />
    </StatusCardSkeleton>
  );
}
