import { useEffect, useState } from "react";
import { Marker, useMap } from "react-map-gl/maplibre";

/** A label row: name, latitude, longitude, population (largest first). */
export type CityLabel = readonly [name: string, lat: number, lng: number, population: number];

/** The smallest city labelled at a zoom: the world shows its megacities, a region its towns. */
export function labelPopulation(zoom: number): number {
  // MapLibre's zoom (512 px tiles): 6 is the location form's regional view (console.md's "zoom 7").
  if (zoom < 2) return 5_000_000;
  if (zoom < 3.5) return 1_500_000;
  if (zoom < 5) return 500_000;
  if (zoom < 5.8) return 200_000;
  return 100_000;
}

const MAX_LABELS = 40;
/** Labels closer than this (px) to a larger city's are left out, so none overlap. */
const SPACING_PX = 90;

/**
 * The labels to draw: cities inside the view, largest first, above the zoom's population, none
 * within SPACING_PX of a larger one. `project` gives a city's place on screen.
 */
export function pickLabels(
  cities: readonly CityLabel[],
  zoom: number,
  inView: (lat: number, lng: number) => boolean,
  project: (lat: number, lng: number) => { x: number; y: number },
): CityLabel[] {
  const min = labelPopulation(zoom);
  const kept: { city: CityLabel; x: number; y: number }[] = [];
  for (const city of cities) {
    const [, lat, lng, population] = city;
    if (population < min) break;
    if (!inView(lat, lng)) continue;
    const { x, y } = project(lat, lng);
    if (kept.some((k) => Math.hypot(k.x - x, k.y - y) < SPACING_PX)) continue;
    kept.push({ city, x, y });
    if (kept.length >= MAX_LABELS) break;
  }
  return kept.map((k) => k.city);
}

let loading: Promise<readonly CityLabel[]> | null = null;
const loadLabels = () => {
  loading ??= import("virtual:gazetteer-labels")
    .then((m) => m.default as readonly CityLabel[])
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
};

/**
 * City names over the offline basemap (it has no tiles and no glyphs, so they are small HTML
 * labels, not map symbols): they follow the view after each move, never take a click.
 */
export function CityLabels() {
  const { current: map } = useMap();
  const [cities, setCities] = useState<readonly CityLabel[] | null>(null);
  const [shown, setShown] = useState<CityLabel[]>([]);
  useEffect(() => {
    let active = true;
    loadLabels().then(
      (rows) => active && setCities(rows),
      () => {},
    );
    return () => {
      active = false;
    };
  }, []);
  useEffect(() => {
    if (!map || !cities) return;
    const update = () => {
      const bounds = map.getBounds();
      setShown(
        pickLabels(
          cities,
          map.getZoom(),
          (lat, lng) => bounds.contains([lng, lat]),
          (lat, lng) => map.project([lng, lat]),
        ),
      );
    };
    update();
    map.on("moveend", update);
    return () => {
      map.off("moveend", update);
    };
  }, [map, cities]);
  return shown.map(([name, lat, lng]) => (
    <Marker key={`${name}${lat}${lng}`} latitude={lat} longitude={lng} anchor="left" style={{ pointerEvents: "none" }}>
      <span
        aria-hidden="true"
        data-city-label={name}
        className="flex items-center gap-1 text-[11px] leading-none font-medium whitespace-nowrap text-muted-foreground [text-shadow:0_0_3px_var(--color-background),0_0_3px_var(--color-background)]"
      >
        <span className="size-1 rounded-full bg-muted-foreground" />
        {name}
      </span>
    </Marker>
  ));
}
