import "@/lib/i18n/locales/en-wall";
import type { WallOfflineDevice } from "@contracts/wall/schema";
import { useRef } from "react";
import { useT } from "@/lib/i18n";
import { useClock } from "./use-clock";
import { useFit } from "./use-fit";
import { offlineFor } from "./wall-model";
import { Calm, Panel } from "./wall-parts";

/** A two-line row (name, then where and for how long) and its spacing. */
const ROW_EM = 3.05;

/**
 * Every installed device that is offline, in or out of its location's working hours, the longest
 * offline first: what the OFFLINE total counts, by name, with where it is and for how long.
 */
export function OfflineDevicesPanel({ devices, total }: { devices: WallOfflineDevice[]; total: number }) {
  const t = useT();
  const now = useClock();
  const box = useRef<HTMLDivElement>(null);
  const { rows } = useFit(box, { rowEm: ROW_EM, gapEm: 0.2 });
  const shown = total > rows ? devices.slice(0, Math.max(0, rows - 1)) : devices;
  return (
    <Panel title={t("wall.offline.title")} aside={total} testId="wall-offline-devices">
      <div ref={box} className="absolute inset-0 overflow-hidden py-[0.4em]">
        {devices.length === 0 ? (
          <Calm>{t("wall.offline.empty")}</Calm>
        ) : (
          <ul className="flex flex-col gap-[0.2em]">
            {shown.map((device) => {
              const since = offlineFor(device.last_seen, now);
              return (
                <li
                  key={device.uuid}
                  data-testid="wall-offline-device"
                  data-uuid={device.uuid}
                  className="flex h-[2.95em] flex-col justify-center border-l-[0.3em] border-l-status-offline px-[0.7em] leading-[1.3]"
                >
                  <span className="flex items-baseline gap-[0.5em]">
                    <span className="min-w-0 flex-1 truncate text-[1.1em] font-medium">{device.name}</span>
                    <span data-testid="wall-offline-for" className="shrink-0 text-[1em] text-destructive tabular-nums">
                      {since ?? t("wall.offline.never")}
                    </span>
                  </span>
                  <span className="truncate text-[0.95em] text-muted-foreground">
                    {device.location_name ?? t("wall.critical.noLocation")}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
        {total > shown.length && (
          <p className="px-[0.9em] pb-[0.4em] text-[0.95em] text-muted-foreground">
            {t("wall.more", { count: total - shown.length })}
          </p>
        )}
      </div>
    </Panel>
  );
}
