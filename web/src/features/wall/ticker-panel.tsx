import "@/lib/i18n/locales/en-wall";
import type { WallLocation } from "@contracts/wall/schema";
import { useRef } from "react";
import { headingLabel } from "@/features/monitor/performance-filters";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/ui/utils";
import type { TickerItem, TickerKind } from "./ticker";
import { useFit } from "./use-fit";
import { clockTime } from "./wall-model";
import { Calm, Panel } from "./wall-parts";

const TONE: Record<TickerKind, string> = {
  offline: "bg-destructive",
  online: "bg-success",
  critical_peripheral: "bg-destructive",
  detection: "bg-info",
  gap: "bg-warning",
};

function eventText(item: TickerItem, t: ReturnType<typeof useT>) {
  switch (item.kind) {
    case "offline":
      return t("wall.event.offline");
    case "online":
      return t("wall.event.online");
    case "critical_peripheral":
      return t("wall.event.criticalPeripheral", {
        types: (item.peripherals ?? [])
          .map((type) => (type in headingLabel ? t(headingLabel[type as keyof typeof headingLabel]) : type))
          .join(", "),
      });
    case "detection":
      return item.detected ? t("wall.event.detection", { count: item.detected }) : t("wall.event.noDetection");
    case "gap":
      return t("wall.event.gap", { from: clockTime(item.lostAt ?? item.at), to: clockTime(item.at) });
  }
}

/** The latest events, newest first: as many as fit of the TICKER_MAX kept. */
export function TickerPanel({
  items,
  since,
  locations,
}: {
  items: TickerItem[];
  /** When the wall started listening (shown while nothing happened). */
  since: number;
  locations: ReadonlyMap<string, WallLocation>;
}) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const { rows } = useFit(box, { rowEm: 2.75, gapEm: 0.25 });
  return (
    <Panel title={t("wall.ticker.title")} testId="wall-ticker">
      <div ref={box} className="absolute inset-0 overflow-hidden py-[0.4em]">
        {items.length === 0 ? (
          <Calm>{t("wall.ticker.empty", { time: clockTime(since) })}</Calm>
        ) : (
          <ol className="flex flex-col gap-[0.25em]">
            {items.slice(0, rows).map((item) => {
              const place =
                item.kind === "detection" ? null : item.location_uuid && locations.get(item.location_uuid)?.name;
              return (
                <li
                  key={item.id}
                  data-testid="wall-ticker-item"
                  data-kind={item.kind}
                  className="grid h-[2.5em] grid-cols-[auto_minmax(0,1fr)] items-center gap-x-[0.55em] px-[0.8em]"
                >
                  <span aria-hidden="true" className={cn("row-span-2 size-[0.65em] rounded-full", TONE[item.kind])} />
                  <span className="flex items-baseline gap-[0.5em] text-[0.95em]">
                    <time className="shrink-0 text-muted-foreground tabular-nums">{clockTime(item.at)}</time>
                    <span
                      className={cn(
                        "truncate",
                        item.kind === "offline" || item.kind === "critical_peripheral"
                          ? "text-destructive"
                          : item.kind === "gap"
                            ? "font-medium text-warning"
                            : "",
                      )}
                    >
                      {eventText(item, t)}
                    </span>
                  </span>
                  <span className="truncate text-[1.05em] font-medium">
                    {item.kind === "gap" ? t("wall.event.gapText") : item.name || t("wall.event.unnamed")}
                    {place && <span className="font-normal text-muted-foreground"> · {place}</span>}
                  </span>
                </li>
              );
            })}
          </ol>
        )}
      </div>
    </Panel>
  );
}
