import "@/lib/i18n/locales/en-wall";
import type { Location } from "@contracts/locations/schema";
import { useQuery } from "@tanstack/react-query";
import { Skeleton } from "@/components/ui/skeleton";
import { wallQueries } from "@/features/wall/queries";
import { formatShare } from "@/features/wall/wall-model";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/ui/utils";

/** Red below 90 %, amber below 98 % (as on the wall). */
const tone = (share: number | null) =>
  share === null ? "text-muted-foreground" : share < 0.9 ? "text-destructive" : share < 0.98 ? "text-warning" : "";

/**
 * The location's availability over its working hours: the share of its working time
 * in the last 24 h and 7 days during which all its installed devices were online.
 */
export function LocationAvailabilityFigure({ location }: { location: Location }) {
  const t = useT();
  const scope = { location: location.uuid };
  const day = useQuery(wallQueries.availability(location.space_uuid, "24h", scope));
  const week = useQuery(wallQueries.availability(location.space_uuid, "7d", scope));
  const figures = [
    { key: "day", label: t("location.availability.day"), query: day },
    { key: "week", label: t("location.availability.week"), query: week },
  ];
  return (
    <section className="rounded-lg border bg-card p-4" data-testid="location-availability">
      <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {t("location.availability.title")}
      </h3>
      <dl className="mt-2 grid grid-cols-2 gap-2">
        {figures.map(({ key, label, query }) => {
          const share = query.data?.locations[0]?.availability ?? null;
          return (
            <div key={key} className="min-w-0">
              <dt className="truncate text-[11px] text-muted-foreground">{label}</dt>
              <dd className={cn("text-base leading-tight font-semibold tabular-nums", tone(share))}>
                {query.isPending ? (
                  <Skeleton className="h-5 w-16" />
                ) : query.isError ? (
                  <span className="text-xs font-normal text-destructive">{t("location.availability.failed")}</span>
                ) : share === null ? (
                  <span className="text-sm font-normal text-muted-foreground">{t("location.availability.none")}</span>
                ) : (
                  formatShare(share)
                )}
              </dd>
            </div>
          );
        })}
      </dl>
      <p className="mt-2 text-xs text-muted-foreground">{t("location.availability.hint")}</p>
    </section>
  );
}
