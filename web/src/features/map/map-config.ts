/**
 * Build-time map settings (VITE_*). Nothing configured is the normal case on a fresh machine:
 * the map then draws the bundled offline basemap and place search says it is not configured.
 */
export type MapConfig = {
  styleUrl: string;
  styleUrlDark: string;
  tileUrl: string;
  attribution: string;
  geocodeUrl: string;
};

export const mapConfig: MapConfig = {
  styleUrl: import.meta.env.VITE_MAP_STYLE_URL?.trim() ?? "",
  styleUrlDark: import.meta.env.VITE_MAP_STYLE_URL_DARK?.trim() ?? "",
  tileUrl: import.meta.env.VITE_MAP_TILE_URL?.trim() ?? "",
  attribution: import.meta.env.VITE_MAP_ATTRIBUTION?.trim() ?? "",
  geocodeUrl: import.meta.env.VITE_GEOCODE_URL?.trim() ?? "",
};

/** What the map draws: a configured style, configured raster tiles, or the offline basemap. */
export type BasemapKind = "style" | "tiles" | "offline";

export function basemapKind(config: Pick<MapConfig, "styleUrl" | "tileUrl">): BasemapKind {
  if (config.styleUrl) return "style";
  return config.tileUrl ? "tiles" : "offline";
}
