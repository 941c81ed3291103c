import { LocateFixedIcon, MapPinIcon, MinusIcon, PlusIcon } from "lucide-react";
import { type KeyboardEvent, type PointerEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import { MapBackground } from "./map-background";
import { DEFAULT_CENTER, DEFAULT_ZOOM, MAP_HEIGHT, mapConfig } from "./map-config";
import { fromScreen, type LatLng, MAX_ZOOM, MIN_ZOOM, toScreen, type Viewport } from "./tile-math";
import { useElementWidth } from "./use-element-width";

type MapPanelProps = {
  pin: LatLng | null;
  /** Given: the pin can be dragged, moved with the arrow keys, or placed by a click. */
  onPinChange?: (pin: LatLng) => void;
  className?: string;
};

type Drag = { kind: "pan" | "pin"; startX: number; startY: number; center: LatLng; moved: boolean };
const KEY_STEPS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** A 278 px map: tiles (or a grid) in Web Mercator, pan by dragging, zoom buttons, a draggable pin. */
export function MapPanel({ pin, onPinChange, className }: MapPanelProps) {
  const t = useT();
  const boxRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(boxRef);
  const [center, setCenter] = useState<LatLng>(pin ?? DEFAULT_CENTER);
  const [zoom, setZoom] = useState(pin ? 11 : DEFAULT_ZOOM);
  const drag = useRef<Drag | null>(null);
  const viewport: Viewport = { center, zoom, width, height: MAP_HEIGHT };
  const pinAt = pin && width ? toScreen(pin, viewport) : null;

  // A pin set elsewhere (typed, searched, geolocated) that is off-screen brings the map along.
  const outside = pinAt !== null && (pinAt.x < 16 || pinAt.x > width - 16 || pinAt.y < 32 || pinAt.y > MAP_HEIGHT - 8);
  useEffect(() => {
    if (outside && pin) setCenter(pin);
  }, [outside, pin]);

  const local = (event: PointerEvent) => {
    const box = boxRef.current?.getBoundingClientRect();
    return { x: event.clientX - (box?.left ?? 0), y: event.clientY - (box?.top ?? 0) };
  };
  const onPointerDown = (kind: Drag["kind"]) => (event: PointerEvent<HTMLElement>) => {
    if (event.button !== 0 || (kind === "pin" && !onPinChange)) return;
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { kind, startX: event.clientX, startY: event.clientY, center, moved: false };
  };
  const onPointerMove = (event: PointerEvent) => {
    const d = drag.current;
    if (!d) return;
    const dx = event.clientX - d.startX;
    const dy = event.clientY - d.startY;
    if (Math.abs(dx) + Math.abs(dy) > 3) d.moved = true;
    if (d.kind === "pin") onPinChange?.(fromScreen(local(event), viewport));
    else if (d.moved)
      setCenter(fromScreen({ x: width / 2 - dx, y: MAP_HEIGHT / 2 - dy }, { ...viewport, center: d.center }));
  };
  const onPointerUp = (event: PointerEvent) => {
    const d = drag.current;
    drag.current = null;
    if (d?.kind === "pan" && !d.moved && onPinChange) onPinChange(fromScreen(local(event), viewport));
  };
  const onPinKey = (event: KeyboardEvent) => {
    const step = KEY_STEPS[event.key];
    if (!step || !pinAt || !onPinChange) return;
    event.preventDefault();
    const size = event.shiftKey ? 40 : 8;
    onPinChange(fromScreen({ x: pinAt.x + step[0] * size, y: pinAt.y + step[1] * size }, viewport));
  };

  return (
    <div
      ref={boxRef}
      role="application"
      aria-label={t("map.label")}
      className={cn(
        "relative touch-none overflow-hidden rounded-lg border bg-muted select-none",
        onPinChange ? "cursor-crosshair" : "cursor-grab",
        className,
      )}
      style={{ height: MAP_HEIGHT }}
      onPointerDown={onPointerDown("pan")}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
    >
      {width > 0 && (
        <MapBackground viewport={viewport} template={mapConfig.tileUrl} attribution={mapConfig.attribution} />
      )}
      {pinAt && (
        <button
          type="button"
          aria-label={t("map.pin")}
          disabled={!onPinChange}
          onPointerDown={onPointerDown("pin")}
          onKeyDown={onPinKey}
          className="absolute flex size-8 -translate-x-1/2 -translate-y-full items-end justify-center rounded-full text-primary outline-none focus-visible:ring-2 focus-visible:ring-ring enabled:cursor-grab disabled:opacity-100"
          style={{ left: pinAt.x, top: pinAt.y }}
        >
          <MapPinIcon className="size-8 fill-primary/25 drop-shadow" strokeWidth={2.25} aria-hidden="true" />
        </button>
      )}
      {!pin && (
        <p className="pointer-events-none absolute inset-x-0 top-3 mx-auto w-fit rounded-md bg-card/90 px-2.5 py-1 text-xs text-muted-foreground shadow-sm">
          {onPinChange ? t("map.placePin") : t("location.noCoordinates")}
        </p>
      )}
      <div className="absolute top-2 right-2 flex flex-col gap-1" onPointerDown={(event) => event.stopPropagation()}>
        <MapButton
          label={t("map.zoomIn")}
          onClick={() => setZoom((z) => Math.min(MAX_ZOOM, z + 1))}
          disabled={zoom >= MAX_ZOOM}
        >
          <PlusIcon aria-hidden="true" />
        </MapButton>
        <MapButton
          label={t("map.zoomOut")}
          onClick={() => setZoom((z) => Math.max(MIN_ZOOM, z - 1))}
          disabled={zoom <= MIN_ZOOM}
        >
          <MinusIcon aria-hidden="true" />
        </MapButton>
        {pin && (
          <MapButton label={t("map.centerPin")} onClick={() => setCenter(pin)}>
            <LocateFixedIcon aria-hidden="true" />
          </MapButton>
        )}
      </div>
    </div>
  );
}

function MapButton({
  label,
  ...props
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      type="button"
      variant="outline"
      size="icon-sm"
      aria-label={label}
      title={label}
      className="size-7 bg-card shadow-sm"
      {...props}
    />
  );
}
