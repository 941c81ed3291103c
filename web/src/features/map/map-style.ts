import type { StyleSpecification } from "maplibre-gl";
import type { BasemapKind, MapConfig } from "./map-config";
import type { OfflineBasemap } from "./offline-basemap";

export type MapTheme = "light" | "dark";

/**
 * The offline basemap's colours, one set per console theme: a calm sea, land in the card
 * colour, borders and coasts a step darker (light) or lighter (dark) — quiet enough that the
 * status colours of pins and locations stay the loudest thing on the map.
 */
export const BASEMAP_PALETTE: Record<MapTheme, { sea: string; land: string; border: string; coast: string }> = {
  light: { sea: "#d5e3f0", land: "#fbfbfa", border: "#b7bfca", coast: "#8fa3b8" },
  dark: { sea: "#0b1622", land: "#1f252e", border: "#3b4452", coast: "#465a70" },
};

export const NATURAL_EARTH = "Natural Earth";

/** {s} → the usual a/b/c subdomains (MapLibre takes a list of URLs instead of a placeholder). */
export function expandTileTemplate(template: string): string[] {
  if (!template.includes("{s}")) return [template];
  return ["a", "b", "c"].map((s) => template.replaceAll("{s}", s));
}

/** Country fills, borders and coastlines from the bundled data; only the sea until it has loaded. */
export function offlineStyle(theme: MapTheme, data: OfflineBasemap | null): StyleSpecification {
  const colors = BASEMAP_PALETTE[theme];
  const style: StyleSpecification = {
    version: 8,
    sources: {},
    layers: [{ id: "sea", type: "background", paint: { "background-color": colors.sea } }],
  };
  if (!data) return style;
  style.sources = {
    land: { type: "geojson", data: data.land, attribution: NATURAL_EARTH },
    borders: { type: "geojson", data: data.borders },
    coast: { type: "geojson", data: data.coast },
  };
  style.layers.push(
    { id: "land", type: "fill", source: "land", paint: { "fill-color": colors.land, "fill-antialias": false } },
    {
      id: "borders",
      type: "line",
      source: "borders",
      paint: {
        "line-color": colors.border,
        "line-width": ["interpolate", ["linear"], ["zoom"], 1, 0.5, 6, 1.1, 10, 1.6],
        "line-dasharray": [3, 2],
      },
    },
    {
      id: "coast",
      type: "line",
      source: "coast",
      paint: { "line-color": colors.coast, "line-width": ["interpolate", ["linear"], ["zoom"], 1, 0.6, 6, 1, 10, 1.4] },
    },
  );
  return style;
}

/** Configured raster tiles (256 px, like the spec's zoom levels), dimmed in the dark theme. */
export function rasterStyle(theme: MapTheme, template: string, attribution: string): StyleSpecification {
  return {
    version: 8,
    sources: {
      tiles: {
        type: "raster",
        tiles: expandTileTemplate(template),
        tileSize: 256,
        attribution: attribution || undefined,
      },
    },
    layers: [
      { id: "sea", type: "background", paint: { "background-color": BASEMAP_PALETTE[theme].sea } },
      {
        id: "tiles",
        type: "raster",
        source: "tiles",
        paint: theme === "dark" ? { "raster-brightness-max": 0.75, "raster-contrast": 0.25 } : {},
      },
    ],
  };
}

/** The mapStyle prop for the configured basemap in the current theme. */
export function basemapStyle(
  kind: BasemapKind,
  theme: MapTheme,
  config: Pick<MapConfig, "styleUrl" | "styleUrlDark" | "tileUrl" | "attribution">,
  offline: OfflineBasemap | null,
): StyleSpecification | string {
  if (kind === "style") return (theme === "dark" && config.styleUrlDark) || config.styleUrl;
  if (kind === "tiles") return rasterStyle(theme, config.tileUrl, config.attribution);
  return offlineStyle(theme, offline);
}
