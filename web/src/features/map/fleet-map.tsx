import "@/lib/i18n/locales/en-assets";
import { type PointerEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { type MapRef, Marker, Popup } from "react-map-gl/maplibre";
import { onlineStatusColor, onlineStatusLabel, StatusDot } from "@/features/locations/online-status";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/ui/utils";
import { BaseMap } from "./base-map";
import {
  boundsKey,
  type FleetMapLocation,
  fleetBounds,
  type LocatedLocation,
  locatedLocations,
  markerDiameter,
} from "./fleet-layout";

export type { FleetMapLocation } from "./fleet-layout";

export type FleetMapProps = {
  locations: FleetMapLocation[];
  /** Given (on a desk): clicking a location opens it. Not given (the wall): hover/tap shows its counts only. */
  onOpen?: (uuid: string) => void;
  className?: string;
  /** false: no panning or zooming (a wall screen); hovering and tapping still show counts. Default true. */
  interactive?: boolean;
  /** A wall across a room: each circle labelled with its location's name, a larger legend. */
  wall?: boolean;
};

/**
 * Partially online is striped over its spec colour, online is solid: told apart by pattern, not
 * by two close blues alone.
 */
export const PARTIAL_STRIPES = {
  backgroundImage: "repeating-linear-gradient(135deg, transparent 0 0.32em, rgb(0 0 0 / 0.3) 0.32em 0.56em)",
};
const patternOf = (status: FleetMapLocation["status"]) => (status === "partially_online" ? PARTIAL_STRIPES : undefined);

/** console.md §9's default centre, for a fleet with no coordinates yet (MapLibre zoom, 512 px tiles). */
const EMPTY_VIEW = { latitude: 43.3438, longitude: 17.8078, zoom: 5 };
const FIT = { padding: 48, maxZoom: 9, duration: 0 };
/** Sizes in em of the map's font size, so a wall that scales its type with the screen scales the markers too. */
const em = (px: number) => `${px / 16}em`;

/**
 * All located locations on one map, a circle each: coloured by online status (the spec's
 * location colours), sized by device count, the count inside, the name and online counts on
 * hover, focus or tap. The view fits the fleet and refits when its extent changes (or the
 * map is resized) until someone moves the map. Load it lazily:
 * `lazy(() => import("@/features/map/fleet-map"))` — MapLibre never enters the first load.
 */
export default function FleetMap({ locations, onOpen, className, interactive = true, wall = false }: FleetMapProps) {
  const t = useT();
  const mapRef = useRef<MapRef>(null);
  const movedByUser = useRef(false);
  const [active, setActive] = useState<string | null>(null);
  const located = useMemo(() => locatedLocations(locations), [locations]);
  const bounds = fleetBounds(located);
  const key = boundsKey(bounds);
  const [initialViewState] = useState(() => (bounds ? { bounds, fitBoundsOptions: FIT } : EMPTY_VIEW));

  // Refits when the extent (its key) changes, and on load and resize, until someone moved the map.
  const fit = useCallback(() => {
    const box = JSON.parse(key) as ReturnType<typeof fleetBounds>;
    if (box && !movedByUser.current) mapRef.current?.fitBounds(box, FIT);
  }, [key]);
  useEffect(fit, [fit]);

  const shown = located.find((l) => l.uuid === active) ?? null;
  const unlocated = locations.length - located.length;

  return (
    <section
      aria-label={t("fleetMap.label")}
      className={cn("relative h-80 overflow-hidden rounded-lg border bg-muted", className)}
    >
      <BaseMap
        mapRef={mapRef}
        initialViewState={initialViewState}
        interactive={interactive}
        onLoad={fit}
        onResize={fit}
        onMoveStart={(byUser) => {
          if (byUser) movedByUser.current = true;
        }}
        onClick={(event) => {
          const target = event.originalEvent.target;
          if (!(target instanceof Element && target.closest(".maplibregl-marker"))) setActive(null);
        }}
      >
        {located.map((location) => (
          <FleetMarker
            key={location.uuid}
            location={location}
            active={location.uuid === active}
            onActive={setActive}
            onOpen={onOpen}
            labelled={wall}
          />
        ))}
        {shown && <FleetPopup location={shown} />}
      </BaseMap>
      <Legend unlocated={unlocated} large={wall} />
      {located.length === 0 && (
        <p className="pointer-events-none absolute inset-x-0 top-[0.75em] mx-auto w-fit rounded-[0.4em] bg-card/90 px-[0.8em] py-[0.3em] text-[0.8em] text-muted-foreground shadow-sm">
          {t("fleetMap.noLocations")}
        </p>
      )}
    </section>
  );
}

function FleetMarker({
  location,
  active,
  onActive,
  onOpen,
  labelled,
}: {
  location: LocatedLocation;
  active: boolean;
  onActive: (uuid: string | null) => void;
  onOpen?: (uuid: string) => void;
  labelled: boolean;
}) {
  const t = useT();
  const pointer = useRef("mouse");
  const size = markerDiameter(location.devices_total);
  const label = `${location.name}: ${t(onlineStatusLabel[location.status])}, ${t("fleetMap.devices", {
    online: location.devices_online,
    total: location.devices_total,
  })}`;
  return (
    <Marker longitude={location.longitude} latitude={location.latitude} anchor="center">
      <button
        type="button"
        aria-label={label}
        data-status={location.status}
        onPointerDown={(event: PointerEvent) => {
          pointer.current = event.pointerType;
        }}
        onPointerEnter={(event) => event.pointerType === "mouse" && onActive(location.uuid)}
        onPointerLeave={(event) => event.pointerType === "mouse" && onActive(null)}
        onFocus={() => onActive(location.uuid)}
        onBlur={() => onActive(null)}
        onClick={() => {
          // A first tap shows the counts (there is no hover on a touch screen); the next one opens.
          if (pointer.current !== "mouse" && !active) return onActive(location.uuid);
          if (onOpen) onOpen(location.uuid);
          else onActive(active ? null : location.uuid);
        }}
        className={cn(
          "flex items-center justify-center rounded-full font-bold text-white tabular-nums shadow-md ring-2 ring-white/85 outline-none transition-transform focus-visible:ring-4 focus-visible:ring-ring dark:ring-black/50",
          onlineStatusColor[location.status].bg,
          onOpen ? "cursor-pointer" : "cursor-default",
          active && "scale-110",
        )}
        style={{ width: em(size), height: em(size), ...patternOf(location.status) }}
      >
        {size >= 24 && (
          <span style={{ fontSize: em(Math.max(10, Math.round(size * 0.36))) }}>{location.devices_total}</span>
        )}
      </button>
      {labelled && (
        // The name under the circle, with a halo that reads on either basemap.
        <span
          data-testid="fleet-map-label"
          aria-hidden="true"
          className="pointer-events-none absolute top-full left-1/2 mt-[0.2em] max-w-[14em] -translate-x-1/2 truncate text-center text-[1em] leading-tight font-semibold whitespace-nowrap text-foreground [text-shadow:0_0_0.2em_var(--background),0_0_0.2em_var(--background),0_0_0.1em_var(--background)]"
        >
          {location.name}
        </span>
      )}
    </Marker>
  );
}

function FleetPopup({ location }: { location: LocatedLocation }) {
  const t = useT();
  return (
    <Popup
      longitude={location.longitude}
      latitude={location.latitude}
      anchor="bottom"
      offset={markerDiameter(location.devices_total) / 2 + 6}
      closeButton={false}
      closeOnClick={false}
      focusAfterOpen={false}
      maxWidth="18rem"
    >
      <div className="flex flex-col gap-[0.15em] text-[0.875em] leading-snug" role="status">
        <span className="font-medium">{location.name}</span>
        <span className="flex items-center gap-[0.4em] text-[0.86em] text-muted-foreground">
          <StatusDot status={location.status} className="size-[0.6em]" />
          {t(onlineStatusLabel[location.status])} ·{" "}
          {t("fleetMap.devices", { online: location.devices_online, total: location.devices_total })}
        </span>
      </div>
    </Popup>
  );
}

/** The markers' key, drawn as the markers are (colour and pattern); on a wall, readable across the room. */
function Legend({ unlocated, large }: { unlocated: number; large: boolean }) {
  const t = useT();
  return (
    <ul
      data-testid="fleet-map-legend"
      className={cn(
        "pointer-events-none absolute top-[0.5em] left-[0.5em] flex flex-col gap-[0.15em] rounded-[0.4em] bg-card/90 px-[0.6em] py-[0.4em] shadow-sm",
        large ? "text-[1.15em] font-medium" : "text-[0.75em]",
      )}
    >
      {(["online", "partially_online", "offline"] as const).map((status) => (
        <li key={status} className="flex items-center gap-[0.5em]">
          <span
            aria-hidden="true"
            className={cn("inline-block size-[0.9em] shrink-0 rounded-full", onlineStatusColor[status].bg)}
            style={patternOf(status)}
          />
          {t(onlineStatusLabel[status])}
        </li>
      ))}
      {unlocated > 0 && <li className="text-muted-foreground">{t("fleetMap.unlocated", { count: unlocated })}</li>}
    </ul>
  );
}
