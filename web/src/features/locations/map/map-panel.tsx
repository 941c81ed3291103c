import "@/lib/i18n/locales/en-assets";
import { lazy, Suspense } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { MapBoundary } from "@/features/map/map-boundary";
import { useT } from "@/lib/i18n";
import { cn } from "@/lib/ui/utils";
import type { LatLng } from "./coordinates";
import { MAP_HEIGHT } from "./map-config";

export type MapPanelProps = {
  pin: LatLng | null;
  /** Given: a click places the pin, and the pin can be dragged or moved with the arrow keys. */
  onPinChange?: (pin: LatLng) => void;
  className?: string;
};

// MapLibre is large: it loads with the first map shown, never with the page (not in /devices' first load).
const PinMap = lazy(() => import("./pin-map"));

/** The location's 278 px map with its pin (console.md §9): the form's, editable, and the view's. */
export function MapPanel(props: MapPanelProps) {
  return (
    <MapBoundary fallback={<MapLoadFailed className={props.className} />}>
      <Suspense fallback={<Skeleton className={cn("rounded-lg", props.className)} style={{ height: MAP_HEIGHT }} />}>
        <PinMap {...props} />
      </Suspense>
    </MapBoundary>
  );
}

/** The map's code did not load (offline after an update, say): a note in its place, not a blank form. */
function MapLoadFailed({ className }: { className?: string }) {
  const t = useT();
  return (
    <p
      className={cn(
        "flex items-center justify-center rounded-lg border bg-muted p-4 text-center text-sm text-muted-foreground",
        className,
      )}
      style={{ height: MAP_HEIGHT }}
    >
      {t("map.loadFailed")}
    </p>
  );
}
