import "@/lib/i18n/locales/en-assets";
import { LocateFixedIcon, MapPinIcon, MinusIcon, PlusIcon } from "lucide-react";
import { type ReactNode, type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { type MapLayerMouseEvent, type MapRef, Marker } from "react-map-gl/maplibre";
import { Button } from "@/components/ui/button";
import { BaseMap } from "@/features/map/base-map";
import { basemapKind, mapConfig } from "@/features/map/map-config";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/ui/utils";
import { keyStep, type LatLng, pinFromMap, toMapLibreZoom } from "./coordinates";
import { DEFAULT_CENTER, DEFAULT_ZOOM, MAP_HEIGHT, OFFLINE_PIN_ZOOM, PIN_ZOOM } from "./map-config";
import type { MapPanelProps } from "./map-panel";

/** How close to an edge (px) a pin set elsewhere may be before the map follows it. */
const EDGE = { side: 16, top: 36, bottom: 8 };
/** How long the map takes to bring an off-screen pin into view (ms). */
const FOLLOW_MS = 300;

/**
 * The location map (MapLibre, loaded on demand by MapPanel): a click places the pin, the pin
 * can be dragged or moved with the arrow keys, and a pin set elsewhere (typed, searched,
 * geolocated) that lies off-screen brings the map along.
 */
export default function PinMap({ pin, onPinChange, className }: MapPanelProps) {
  const t = useT();
  const mapRef = useRef<MapRef>(null);
  const [initialViewState] = useState(() => {
    const at = pin ?? DEFAULT_CENTER;
    const pinZoom = basemapKind(mapConfig) === "offline" ? OFFLINE_PIN_ZOOM : PIN_ZOOM;
    return { latitude: at.lat, longitude: at.lng, zoom: toMapLibreZoom(pin ? pinZoom : DEFAULT_ZOOM) };
  });
  const lat = pin?.lat;
  const lng = pin?.lng;

  // While the pin is dragged the map stays put (following it would pan under the pointer).
  const dragging = useRef(false);
  // Until when the map is still moving to an earlier pin (ms): where the pin sits on screen
  // mid-way says nothing about where it will sit when that move ends.
  const following = useRef(0);
  const follow = useCallback(() => {
    const map = mapRef.current;
    if (!map || dragging.current || lat === undefined || lng === undefined) return;
    const at = map.project([lng, lat]);
    const box = map.getContainer();
    const out =
      at.x < EDGE.side ||
      at.x > box.clientWidth - EDGE.side ||
      at.y < EDGE.top ||
      at.y > box.clientHeight - EDGE.bottom;
    // Typing the latitude and then the longitude moves the pin twice within one move.
    if (!out && performance.now() >= following.current) return;
    map.easeTo({ center: [lng, lat], duration: FOLLOW_MS });
    following.current = performance.now() + FOLLOW_MS;
  }, [lat, lng]);
  useEffect(follow, [follow]);

  const onClick = (event: MapLayerMouseEvent) => {
    // A click on the pin itself is not a new position (its tip is below the cursor).
    const target = event.originalEvent.target;
    if (!onPinChange || (target instanceof Element && target.closest(".maplibregl-marker"))) return;
    onPinChange(pinFromMap(event.lngLat));
  };

  return (
    <div
      role="application"
      aria-label={t("map.label")}
      className={cn("relative overflow-hidden rounded-lg border bg-muted select-none", className)}
      style={{ height: MAP_HEIGHT }}
    >
      <BaseMap
        mapRef={mapRef}
        initialViewState={initialViewState}
        onClick={onClick}
        onLoad={follow}
        cursor={onPinChange ? "crosshair" : undefined}
      >
        {pin && (
          <Marker
            longitude={pin.lng}
            latitude={pin.lat}
            anchor="bottom"
            draggable={Boolean(onPinChange)}
            onDragStart={() => {
              dragging.current = true;
            }}
            onDrag={(event) => onPinChange?.(pinFromMap(event.lngLat))}
            onDragEnd={(event) => {
              dragging.current = false;
              onPinChange?.(pinFromMap(event.lngLat));
            }}
          >
            <PinButton pin={pin} mapRef={mapRef} onPinChange={onPinChange} />
          </Marker>
        )}
      </BaseMap>
      {!pin && (
        <p className="pointer-events-none absolute inset-x-0 top-3 mx-auto w-fit rounded-md bg-card/90 px-2.5 py-1 text-xs text-muted-foreground shadow-sm">
          {onPinChange ? t("map.placePin") : t("location.noCoordinates")}
        </p>
      )}
      <div className="absolute top-2 right-2 flex flex-col gap-1">
        <MapButton label={t("map.zoomIn")} onClick={() => mapRef.current?.zoomIn()}>
          <PlusIcon aria-hidden="true" />
        </MapButton>
        <MapButton label={t("map.zoomOut")} onClick={() => mapRef.current?.zoomOut()}>
          <MinusIcon aria-hidden="true" />
        </MapButton>
        {pin && (
          <MapButton label={t("map.centerPin")} onClick={() => mapRef.current?.easeTo({ center: [pin.lng, pin.lat] })}>
            <LocateFixedIcon aria-hidden="true" />
          </MapButton>
        )}
      </div>
    </div>
  );
}

/** The pin: a button so it can be focused and moved with the arrow keys (Shift: bigger steps). */
function PinButton({
  pin,
  mapRef,
  onPinChange,
}: {
  pin: LatLng;
  mapRef: RefObject<MapRef | null>;
  onPinChange?: (pin: LatLng) => void;
}) {
  const t = useT();
  const ref = useRef<HTMLButtonElement>(null);
  const latest = useRef({ pin, onPinChange });
  useEffect(() => {
    latest.current = { pin, onPinChange };
  });
  // A native listener: MapLibre's own keyboard panning listens further up, before React would.
  useEffect(() => {
    const button = ref.current;
    if (!button) return;
    const onKey = (event: KeyboardEvent) => {
      const step = keyStep(event.key, event.shiftKey);
      const map = mapRef.current;
      const { pin: at, onPinChange: change } = latest.current;
      if (!step || !map || !change) return;
      event.preventDefault();
      event.stopPropagation();
      const point = map.project([at.lng, at.lat]);
      change(pinFromMap(map.unproject([point.x + step.x, point.y + step.y])));
    };
    button.addEventListener("keydown", onKey);
    return () => button.removeEventListener("keydown", onKey);
  }, [mapRef]);
  return (
    <button
      ref={ref}
      type="button"
      aria-label={t("map.pin")}
      disabled={!onPinChange}
      className="flex size-8 items-end justify-center rounded-full text-primary outline-none focus-visible:ring-2 focus-visible:ring-ring enabled:cursor-grab disabled:opacity-100"
    >
      <MapPinIcon className="size-8 fill-primary/25 drop-shadow" strokeWidth={2.25} aria-hidden="true" />
    </button>
  );
}

function MapButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <Button
      type="button"
      variant="outline"
      size="icon-sm"
      aria-label={label}
      title={label}
      className="size-7 bg-card shadow-sm"
      onClick={onClick}
    >
      {children}
    </Button>
  );
}
