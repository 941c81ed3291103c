import "@/lib/i18n/locales/en-wall";
import type {
  LocationAvailability,
  WallCriticalDevice,
  WallGroup,
  WallLocation,
  WallSummary,
} from "@contracts/wall/schema";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { onlineStatusColor, onlineStatusLabel, StatusDot } from "@/features/locations/online-status";
import { MapBoundary } from "@/features/map/map-boundary";
import { headingLabel } from "@/features/monitor/performance-filters";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/ui/utils";
import { useFit } from "./use-fit";
import { boardOrder, formatShare, groupLocations, offlineInWorkingHours, worstAvailability } from "./wall-model";
import { OfflineDevicesPanel } from "./wall-offline";
import { Calm, Panel, shareTone } from "./wall-parts";

/** MapLibre stays out of every first load: the map arrives in its own chunk. */
const FleetMap = lazy(() => import("@/features/map/fleet-map"));

/**
 * False until the frame after the first one has been painted: the map (MapLibre, its worker and the
 * basemap, ≈ 0.5 MB) is asked for only then, so on a slow network the totals and the status board
 * are on the screen first instead of sharing the line with it.
 */
function usePainted() {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

/** Each location's availability in the last 24 h and 7 d (worst first). */
export type Availability = { day: LocationAvailability[]; week: LocationAvailability[] };

const ROW_EM = 2.35;
/** A two-line row (name, then what is wrong) and its spacing. */
const TWO_LINE_EM = 3.05;

/** "+N more" under a list cut to what fits. */
function More({ count }: { count: number }) {
  const t = useT();
  if (count <= 0) return null;
  return <p className="px-[0.9em] pb-[0.4em] text-[0.95em] text-muted-foreground">{t("wall.more", { count })}</p>;
}

/** One location as a board row: status colour, name, online count, offline count when any. */
function LocationRow({ location }: { location: WallLocation }) {
  const t = useT();
  return (
    <li
      data-testid="wall-location"
      data-uuid={location.uuid}
      data-status={location.status}
      className={cn(
        "flex h-[2.1em] items-center gap-[0.6em] border-l-[0.3em] pr-[0.9em] pl-[0.6em] text-[1.1em]",
        onlineStatusColor[location.status].border,
        location.status === "partially_online" && "border-dashed",
      )}
      title={t(onlineStatusLabel[location.status])}
    >
      <span className="min-w-0 flex-1 truncate font-medium">{location.name}</span>
      {location.devices_offline > 0 && location.expected_online === false && (
        <span className="shrink-0 text-[0.8em] text-muted-foreground">{t("wall.locations.closed")}</span>
      )}
      <span
        className={cn(
          "shrink-0 tabular-nums",
          location.devices_offline > 0 && location.expected_online !== false
            ? "text-destructive"
            : "text-muted-foreground",
        )}
      >
        {location.devices_total
          ? t("wall.locations.devices", { online: location.devices_online, total: location.devices_total })
          : t("wall.locations.noDevices")}
      </span>
    </li>
  );
}

/** The status board: every location, problems first, as many rows as fit. */
function LocationBoard({ locations }: { locations: WallLocation[] }) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const { rows } = useFit(box, { rowEm: ROW_EM, gapEm: 0.15 });
  const ordered = boardOrder(locations);
  const shown = ordered.length > rows ? ordered.slice(0, Math.max(0, rows - 1)) : ordered;
  const offline = locations.filter((l) => l.status !== "online" && l.devices_total > 0).length;
  return (
    <Panel
      title={t("wall.locations.title")}
      aside={t("wall.locations.attention", { count: offline, total: locations.length })}
      testId="wall-board"
    >
      <div ref={box} className="absolute inset-0 overflow-hidden py-[0.4em]">
        {ordered.length === 0 ? (
          <Calm>{t("wall.locations.empty")}</Calm>
        ) : (
          <>
            <ul className="flex flex-col gap-[0.15em]">
              {shown.map((location) => (
                <LocationRow key={location.uuid} location={location} />
              ))}
            </ul>
            <More count={ordered.length - shown.length} />
          </>
        )}
      </div>
    </Panel>
  );
}

/** Totals + map: the fleet map beside the status board. */
export function OverviewView({ summary }: { summary: WallSummary }) {
  const t = useT();
  const painted = usePainted();
  const fallback = (text: string) => (
    <div className="flex h-full items-center justify-center rounded-[0.6em] border bg-muted text-[1.1em] text-muted-foreground">
      {text}
    </div>
  );
  return (
    <div className="grid h-full min-h-0 grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)] gap-[0.8em]">
      <div className="min-h-0" data-testid="wall-map">
        <MapBoundary fallback={fallback(t("wall.map.failed"))}>
          <Suspense fallback={fallback(t("wall.map.loading"))}>
            {painted ? (
              <FleetMap locations={summary.locations} interactive={false} wall className="h-full text-[0.9em]" />
            ) : (
              fallback(t("wall.map.loading"))
            )}
          </Suspense>
        </MapBoundary>
      </div>
      <LocationBoard locations={summary.locations} />
    </div>
  );
}

/** Locations with offline devices during their working hours, worst first. */
function OfflineInHours({ locations }: { locations: WallLocation[] }) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const { rows } = useFit(box, { rowEm: TWO_LINE_EM, gapEm: 0.2 });
  const list = offlineInWorkingHours(locations);
  const shown = list.length > rows ? list.slice(0, Math.max(0, rows - 1)) : list;
  return (
    <Panel title={t("wall.offlineInHours.title")} aside={list.length} testId="wall-offline-in-hours">
      <div ref={box} className="absolute inset-0 overflow-hidden py-[0.4em]">
        {list.length === 0 ? (
          <Calm>{t("wall.offlineInHours.empty")}</Calm>
        ) : (
          <ul className="flex flex-col gap-[0.2em]">
            {shown.map((location) => (
              <li
                key={location.uuid}
                data-testid="wall-offline-location"
                data-status={location.status}
                className={cn(
                  "flex h-[2.95em] flex-col justify-center border-l-[0.3em] px-[0.7em] leading-[1.3]",
                  onlineStatusColor[location.status].border,
                )}
              >
                <span className="truncate text-[1.1em] font-medium">{location.name}</span>
                <span className="flex items-center gap-[0.5em] text-[0.95em] text-destructive tabular-nums">
                  {t("wall.offlineInHours.count", { offline: location.devices_offline, total: location.devices_total })}
                  <span className="h-[0.35em] flex-1 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                    <span
                      className="block h-full rounded-full bg-destructive/80"
                      style={{ width: `${(100 * location.devices_offline) / Math.max(1, location.devices_total)}%` }}
                    />
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
        <More count={list.length - shown.length} />
      </div>
    </Panel>
  );
}

/** What is critical on a device: its headings and peripheral types, by their labels. */
function criticalText(device: WallCriticalDevice, t: ReturnType<typeof useT>) {
  return [...device.headings, ...device.peripherals]
    .map((key) => (key in headingLabel ? t(headingLabel[key as keyof typeof headingLabel]) : key))
    .join(", ");
}

function CriticalDevices({ devices, total }: { devices: WallCriticalDevice[]; total: number }) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const { rows } = useFit(box, { rowEm: TWO_LINE_EM, gapEm: 0.2 });
  const shown = total > rows ? devices.slice(0, Math.max(0, rows - 1)) : devices;
  return (
    <Panel title={t("wall.critical.title")} aside={total} testId="wall-critical">
      <div ref={box} className="absolute inset-0 overflow-hidden py-[0.4em]">
        {devices.length === 0 ? (
          <Calm>{t("wall.critical.empty")}</Calm>
        ) : (
          <ul className="flex flex-col gap-[0.2em]">
            {shown.map((device) => (
              <li
                key={device.uuid}
                data-testid="wall-critical-device"
                className="flex h-[2.95em] flex-col justify-center border-l-[0.3em] border-l-destructive px-[0.7em] leading-[1.3]"
              >
                <span className="flex items-center gap-[0.5em]">
                  <span className="min-w-0 flex-1 truncate text-[1.1em] font-medium">{device.name}</span>
                  {!device.online && (
                    <span className="shrink-0 rounded-full bg-muted px-[0.5em] text-[0.85em] text-muted-foreground">
                      {t("wall.critical.offline")}
                    </span>
                  )}
                </span>
                <span className="truncate text-[0.95em] text-muted-foreground">
                  {device.location_name ?? t("wall.critical.noLocation")}
                  {criticalText(device, t) && <span className="text-destructive"> · {criticalText(device, t)}</span>}
                </span>
              </li>
            ))}
          </ul>
        )}
        <More count={total - shown.length} />
      </div>
    </Panel>
  );
}

/** The worst ten locations by availability over their working hours, 24 h and 7 d. */
export function AvailabilityPanel({ availability }: { availability: Availability | undefined }) {
  const t = useT();
  const worst = availability ? worstAvailability(availability.day, availability.week) : [];
  return (
    <Panel
      title={t("wall.availability.title")}
      aside={t("wall.availability.worst", { count: 10 })}
      testId="wall-availability"
    >
      <div className="absolute inset-0 flex flex-col overflow-hidden py-[0.4em]">
        {availability && worst.length === 0 ? (
          <Calm>{t("wall.availability.empty")}</Calm>
        ) : (
          <table className="w-full table-fixed text-[1.05em]">
            <thead className="text-[0.85em] text-muted-foreground">
              <tr>
                <th className="px-[0.8em] text-left font-normal" />
                <th className="w-[5.2em] text-right font-normal">{t("wall.availability.day")}</th>
                <th className="w-[5.6em] pr-[0.8em] text-right font-normal">{t("wall.availability.week")}</th>
              </tr>
            </thead>
            <tbody>
              {worst.map((row) => (
                <tr key={row.uuid} data-testid="wall-availability-row" className="h-[2.05em]">
                  <td className="truncate px-[0.8em]">{row.name}</td>
                  <td className={cn("text-right font-semibold tabular-nums", shareTone(row.day))}>
                    {formatShare(row.day)}
                  </td>
                  <td className={cn("pr-[0.8em] text-right tabular-nums", shareTone(row.week))}>
                    {formatShare(row.week)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <p className="mt-auto px-[0.8em] pt-[0.4em] text-[0.85em] text-muted-foreground">
          {t("wall.availability.note")}
        </p>
      </div>
    </Panel>
  );
}

/** The problem lists side by side, every offline device first (the OFFLINE total, by name). */
export function ProblemsView({
  summary,
  availability,
}: {
  summary: WallSummary;
  availability: Availability | undefined;
}) {
  return (
    <div className="grid h-full min-h-0 grid-cols-4 gap-[0.8em]">
      <OfflineDevicesPanel devices={summary.offline_devices} total={summary.totals.offline} />
      <OfflineInHours locations={summary.locations} />
      <CriticalDevices devices={summary.critical_devices} total={summary.totals.critical} />
      <AvailabilityPanel availability={availability} />
    </div>
  );
}

const TILE_EM = 5.4;

/** One location group: its locations as tiles, problems first, with their 24 h availability. */
export function GroupView({
  summary,
  group,
  availability,
}: {
  summary: WallSummary;
  group: WallGroup;
  availability: Availability | undefined;
}) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const { rows, cols } = useFit(box, { rowEm: TILE_EM, gapEm: 0.6, minColEm: 15 });
  const locations = groupLocations(summary, group);
  const capacity = rows * cols;
  const shown = locations.length > capacity ? locations.slice(0, Math.max(0, capacity - 1)) : locations;
  const day = new Map(availability?.day.map((a) => [a.location_uuid, a.availability]) ?? []);
  const offline = locations.filter((l) => l.status !== "online" && l.devices_total > 0).length;
  return (
    <Panel
      title={t("wall.group.title", { name: group.name })}
      aside={t("wall.locations.attention", { count: offline, total: locations.length })}
      testId="wall-group"
      className="h-full"
    >
      <div ref={box} className="absolute inset-[0.7em] overflow-hidden">
        <ul
          className="grid gap-[0.6em]"
          style={{ gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))`, gridAutoRows: `${TILE_EM}em` }}
        >
          {shown.map((location) => (
            <li
              key={location.uuid}
              data-testid="wall-location"
              data-uuid={location.uuid}
              data-status={location.status}
              className={cn(
                "flex min-w-0 flex-col justify-between rounded-[0.5em] border border-l-[0.4em] bg-background/40 px-[0.7em] py-[0.45em]",
                onlineStatusColor[location.status].border,
                // Partially online: a dashed edge (and a half dot), not only a second blue.
                location.status === "partially_online" && "border-dashed",
              )}
            >
              <span className="flex items-center gap-[0.45em]">
                <StatusDot status={location.status} className="size-[0.65em]" />
                {/* The whole name, on two lines if it needs them (a tile never cuts it). */}
                <span
                  data-testid="wall-tile-name"
                  className="min-w-0 flex-1 text-[1.1em] leading-[1.15] font-medium [overflow-wrap:anywhere]"
                >
                  {location.name}
                </span>
              </span>
              <span className="flex items-baseline justify-between gap-[0.5em] text-[0.95em] tabular-nums">
                <span className={location.devices_offline > 0 ? "text-destructive" : "text-muted-foreground"}>
                  {location.devices_total
                    ? t("wall.locations.devices", { online: location.devices_online, total: location.devices_total })
                    : t("wall.locations.noDevices")}
                </span>
                <span className={cn("font-medium", shareTone(day.get(location.uuid) ?? null))}>
                  {formatShare(day.get(location.uuid) ?? null)}
                </span>
              </span>
            </li>
          ))}
          {locations.length > shown.length && (
            <li className="flex items-center justify-center text-[1.1em] text-muted-foreground">
              {t("wall.more", { count: locations.length - shown.length })}
            </li>
          )}
        </ul>
      </div>
    </Panel>
  );
}
