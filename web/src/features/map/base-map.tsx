import "@/lib/i18n/locales/en-assets";
import "maplibre-gl/dist/maplibre-gl.css";
import "./map.css";
import * as maplibregl from "maplibre-gl";
// The worker as a same-origin file: the CSP allows 'self' workers, and bundlers cannot see
// the URL MapLibre computes for it by itself.
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import { type ReactNode, type Ref, useEffect, useMemo, useRef, useState } from "react";
import MapGL, { type MapLayerMouseEvent, type MapProps, type MapRef } from "react-map-gl/maplibre";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/ui/utils";
import { CityLabels } from "./city-labels";
import { basemapKind, mapConfig } from "./map-config";
import { basemapStyle } from "./map-style";
import { loadOfflineBasemap, type OfflineBasemap } from "./offline-basemap";
import { useMapTheme } from "./use-map-theme";

export type BaseMapProps = {
  initialViewState: MapProps["initialViewState"];
  mapRef?: Ref<MapRef>;
  /** false: a picture of the map (no pan, zoom or keyboard); markers still get pointer events. */
  interactive?: boolean;
  onClick?: (event: MapLayerMouseEvent) => void;
  /** The map exists (its style may still be loading): a ref's methods work from here on. */
  onLoad?: () => void;
  onResize?: () => void;
  /** A move began; `byUser` when a person dragged, scrolled or pressed a key (not a fitBounds). */
  onMoveStart?: (byUser: boolean) => void;
  cursor?: string;
  className?: string;
  children?: ReactNode;
};

/** Country data is good to about 1:50m: closer than this it only gets blurrier. */
const OFFLINE_MAX_ZOOM = 12;

/** The offline basemap's GeoJSON, loaded when this map needs it (null until then). */
function useOfflineBasemap(needed: boolean): { data: OfflineBasemap | null; failed: boolean } {
  const [state, setState] = useState<{ data: OfflineBasemap | null; failed: boolean }>({ data: null, failed: false });
  useEffect(() => {
    if (!needed) return;
    let active = true;
    loadOfflineBasemap().then(
      (data) => active && setState({ data, failed: false }),
      () => active && setState({ data: null, failed: true }),
    );
    return () => {
      active = false;
    };
  }, [needed]);
  return state;
}

/**
 * MapLibre with the console's basemap: a configured style or raster tiles, else the bundled
 * offline one (countries, borders, coastlines) in the light or dark palette. Fills its parent.
 * Without WebGL it says so instead of throwing.
 */
export function BaseMap({
  initialViewState,
  mapRef,
  interactive = true,
  onClick,
  onLoad,
  onResize,
  onMoveStart,
  cursor,
  className,
  children,
}: BaseMapProps) {
  const t = useT();
  const boxRef = useRef<HTMLDivElement>(null);
  const theme = useMapTheme(boxRef);
  const kind = basemapKind(mapConfig);
  const offline = useOfflineBasemap(kind === "offline");
  const [broken, setBroken] = useState(false);
  // One object per theme and data: a new object makes MapLibre diff the whole style again.
  const mapStyle = useMemo(() => basemapStyle(kind, theme, mapConfig, offline.data), [kind, theme, offline.data]);

  return (
    <div ref={boxRef} className={cn("outpost-map relative size-full", className)} data-basemap={kind}>
      {broken ? (
        <p className="flex size-full items-center justify-center bg-muted p-4 text-center text-sm text-muted-foreground">
          {t("map.unavailable")}
        </p>
      ) : (
        <MapGL
          ref={mapRef}
          mapLib={maplibregl}
          workerUrl={workerUrl}
          workerCount={1}
          initialViewState={initialViewState}
          mapStyle={mapStyle}
          maxZoom={kind === "offline" ? OFFLINE_MAX_ZOOM : 19}
          interactive={interactive}
          dragRotate={false}
          pitchWithRotate={false}
          touchPitch={false}
          attributionControl={{ compact: true }}
          cursor={cursor}
          onClick={onClick}
          onLoad={onLoad}
          onResize={onResize}
          onMoveStart={(event) => onMoveStart?.(Boolean(event.originalEvent))}
          // Only a failure to create the map (no WebGL) comes without a target; a tile that
          // did not load is MapLibre's to retry.
          onError={(event) => {
            if (!event.target) setBroken(true);
          }}
          style={{ width: "100%", height: "100%" }}
        >
          {kind === "offline" && offline.data && <CityLabels />}
          {children}
        </MapGL>
      )}
      {offline.failed && (
        <p className="pointer-events-none absolute bottom-1 left-1 rounded bg-card/90 px-1.5 text-[10px] text-muted-foreground">
          {t("map.basemapFailed")}
        </p>
      )}
    </div>
  );
}
