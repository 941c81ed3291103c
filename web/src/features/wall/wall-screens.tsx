import "@/lib/i18n/locales/en-wall";
import type { WallDisplay } from "@contracts/display-health/schema";
import { useCaptureImage } from "@/features/display-health/capture-image";
import { HEALTH_TONE, stateKey } from "@/features/display-health/health-tone";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/ui/utils";
import { useClock } from "./use-clock";
import { offlineFor } from "./wall-model";
import { Calm, Panel } from "./wall-parts";

const EDGE = { warning: "border-l-warning", critical: "border-l-destructive" } as const;

/** One screen in trouble: its last capture, its device and location, its state and for how long. */
function ScreenTile({ tile, now, updatedAt }: { tile: WallDisplay; now: number; updatedAt: number }) {
  const t = useT();
  // The same address names the newest capture: read again with each summary.
  const { href, failed } = useCaptureImage(tile.capture_url, updatedAt);
  const duration = offlineFor(tile.since, now);
  return (
    <li
      data-testid="wall-screen"
      data-state={tile.state}
      data-device={tile.device_uuid}
      className={cn(
        "flex min-w-0 flex-col overflow-hidden rounded-[0.5em] border border-l-[0.3em] bg-card",
        EDGE[tile.severity],
      )}
    >
      <div className="relative aspect-video w-full bg-muted">
        {href ? (
          <img
            src={href}
            alt={t("wall.screens.capture", { display: tile.display })}
            className="size-full object-cover"
          />
        ) : (
          <span className="absolute inset-0 flex items-center justify-center text-[0.85em] text-muted-foreground">
            {tile.capture_url === null ? t("wall.screens.hidden") : failed ? t("wall.screens.noCapture") : ""}
          </span>
        )}
      </div>
      <div className="flex min-w-0 flex-col gap-[0.15em] px-[0.6em] py-[0.4em] leading-[1.25]">
        <span className="truncate text-[1.05em] font-medium">{tile.device_name}</span>
        <span className="truncate text-[0.9em] text-muted-foreground">
          {tile.location_name ?? t("wall.screens.noLocation")} · {tile.display}
        </span>
        <span className="flex min-w-0 items-center gap-[0.5em]">
          <span
            className={cn(
              "shrink-0 rounded-full border px-[0.5em] text-[0.85em] font-medium",
              HEALTH_TONE[tile.severity],
            )}
          >
            {t(stateKey(tile.state))}
          </span>
          {duration && (
            <span className="truncate text-[0.85em] text-muted-foreground tabular-nums">
              {t("wall.screens.for", { duration })}
            </span>
          )}
        </span>
      </div>
    </li>
  );
}

/** The wall's screens in trouble (display health), the oldest problem first. */
export function ScreensView({ displays, updatedAt }: { displays: WallDisplay[]; updatedAt: number }) {
  const t = useT();
  const now = useClock();
  return (
    <Panel title={t("wall.screens.title")} aside={displays.length} className="h-full" testId="wall-screens">
      <div className="absolute inset-0 overflow-hidden p-[0.6em]">
        {displays.length === 0 ? (
          <Calm>{t("wall.screens.empty")}</Calm>
        ) : (
          <ul className="grid grid-cols-[repeat(auto-fill,minmax(min(16em,100%),1fr))] content-start gap-[0.6em]">
            {displays.map((tile) => (
              <ScreenTile key={`${tile.device_uuid}/${tile.display}`} tile={tile} now={now} updatedAt={updatedAt} />
            ))}
          </ul>
        )}
      </div>
    </Panel>
  );
}
