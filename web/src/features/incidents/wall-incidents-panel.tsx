import "@/lib/i18n/locales/en-incidents";
import { useQuery } from "@tanstack/react-query";
import { useRef } from "react";
import { useNow } from "@/features/monitor/use-now";
import { useFit } from "@/features/wall/use-fit";
import { Calm, Panel } from "@/features/wall/wall-parts";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/ui/utils";
import { formatAge } from "./incident-format";
import { incidentQueries } from "./queries";

/** The wall lists at most this many active incidents (it shows as many as fit, then "+N"). */
const WALL_INCIDENTS = 50;
/** A fallback: the wall's room frames refetch it at once (wall-screen.tsx). */
const WALL_REFETCH_MS = 30_000;

/**
 * The wall's open incidents, oldest first, each with its age: rule, location, devices. `inScope`:
 * the locations of a narrowed wall (a group or a location); null for the whole space.
 */
export function WallIncidentsPanel({ space, inScope }: { space: string; inScope: ReadonlySet<string> | null }) {
  const t = useT();
  const now = useNow();
  const box = useRef<HTMLDivElement>(null);
  const { rows } = useFit(box, { rowEm: 2.75, gapEm: 0.25 });
  const reply = useQuery({ ...incidentQueries.active(space, WALL_INCIDENTS), refetchInterval: WALL_REFETCH_MS });
  const incidents = (reply.data?.incidents ?? []).filter((i) => !inScope || inScope.has(i.location.uuid));
  const total = inScope ? incidents.length : (reply.data?.objects_count ?? incidents.length);
  const shown = total > rows ? incidents.slice(0, Math.max(0, rows - 1)) : incidents;
  return (
    <Panel title={t("incidents.wall.title")} aside={reply.data ? total : undefined} testId="wall-incidents">
      <div ref={box} className="absolute inset-0 overflow-hidden py-[0.4em]">
        {reply.data && incidents.length === 0 ? (
          <Calm>{t("incidents.wall.empty")}</Calm>
        ) : (
          <ol className="flex flex-col gap-[0.25em]">
            {shown.map((incident) => (
              <li
                key={incident.uuid}
                data-testid="wall-incident"
                data-state={incident.state}
                className={cn(
                  "grid h-[2.5em] grid-cols-[minmax(0,1fr)_auto] items-center gap-x-[0.6em] border-l-[0.3em] px-[0.7em] leading-[1.2]",
                  incident.state === "open" ? "border-l-destructive" : "border-l-warning",
                )}
              >
                <span className="truncate text-[1.05em] font-medium">{incident.location.name}</span>
                <span
                  className={cn(
                    "text-[1.05em] font-semibold tabular-nums",
                    incident.state === "open" ? "text-destructive" : "text-muted-foreground",
                  )}
                  data-testid="wall-incident-age"
                >
                  {formatAge(incident.opened_at, now)}
                </span>
                <span className="truncate text-[0.9em] text-muted-foreground">
                  {incident.rule.name} · {t("incidents.devices", { count: incident.devices_count })}
                </span>
                <span className="text-[0.85em] text-muted-foreground">
                  {incident.state === "acknowledged" ? t("incidents.state.acknowledged") : ""}
                </span>
              </li>
            ))}
          </ol>
        )}
        {total > shown.length && shown.length > 0 && (
          <p className="px-[0.9em] text-[0.95em] text-muted-foreground">
            {t("incidents.devicesMore", { count: total - shown.length })}
          </p>
        )}
      </div>
    </Panel>
  );
}
