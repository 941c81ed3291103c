import "@/lib/i18n/locales/en-assets";
import type { LocationGroup } from "@contracts/location-groups/schema";
import { MapPinOffIcon } from "lucide-react";
import { Link, useLocation } from "react-router";
import { EmptyState } from "@/components/ui/empty-state";
import { onlineStatusColor, StatusDot } from "@/features/locations/online-status";
import { locationViewPath } from "@/features/locations/paths";
import { useI18n } from "@/lib/i18n";
import { formatDateTime } from "@/lib/i18n/datetime";
import { cn } from "@/lib/ui/utils";
import { wordInitials } from "./initials";

/** The group's locations as cards; a card opens the location, and closing it returns here. */
export function GroupLocations({ group }: { group: LocationGroup }) {
  const { t } = useI18n();
  const here = useLocation();
  if (group.locations.length === 0)
    return (
      <EmptyState
        icon={MapPinOffIcon}
        title={t("group.info.empty.title")}
        description={t("group.info.empty.text")}
        className="rounded-lg border border-dashed"
      />
    );
  return (
    <ul className="grid content-start gap-3 sm:grid-cols-2 2xl:grid-cols-3" aria-label={t("group.info.tab")}>
      {group.locations.map((location) => (
        <li key={location.uuid}>
          <Link
            to={locationViewPath(location.uuid)}
            state={{ from: here.pathname }}
            className="flex items-center gap-3 rounded-lg border bg-card p-3 outline-none hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring"
          >
            <span
              aria-hidden="true"
              className={cn(
                "flex size-11 shrink-0 items-center justify-center rounded-md border-l-4 bg-muted text-sm font-semibold tracking-wide",
                onlineStatusColor[location.online_status].border,
              )}
            >
              {wordInitials(location.name)}
            </span>
            <span className="flex min-w-0 flex-col">
              <span className="flex items-center gap-1.5 truncate text-sm font-medium">
                <StatusDot status={location.online_status} />
                {location.name}
              </span>
              <span className="truncate text-xs text-muted-foreground">
                {[location.city, location.address].filter(Boolean).join(", ") || "—"}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Side facts: created date (dd MMM yyyy HH:mm:ss), uuid, number of locations. */
export function GroupFacts({ group }: { group: LocationGroup }) {
  const { t, lang } = useI18n();
  return (
    <dl className="flex h-fit flex-col gap-3 rounded-lg border bg-card p-4 text-sm">
      <div>
        <dt className="text-xs text-muted-foreground">{t("group.info.created")}</dt>
        <dd>{formatDateTime(group.created_at, lang)}</dd>
      </div>
      <div>
        <dt className="text-xs text-muted-foreground">{t("group.info.uuid")}</dt>
        <dd className="font-mono text-xs break-all">{group.uuid}</dd>
      </div>
      <div>
        <dt className="text-xs text-muted-foreground">{t("group.info.locations")}</dt>
        <dd className="text-base font-semibold tabular-nums">{group.locations_number}</dd>
      </div>
    </dl>
  );
}
