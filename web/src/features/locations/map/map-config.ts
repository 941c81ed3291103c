import type { LatLng } from "./tile-math";

/** console.md §9: default centre 43.3438, 17.8078, zoom 7, map height 278 px. */
export const DEFAULT_CENTER: LatLng = { lat: 43.3438, lng: 17.8078 };
export const DEFAULT_ZOOM = 7;
export const MAP_HEIGHT = 278;

/** Build-time settings (VITE_*): without a tile URL the map draws a grid, without a geocoder no search. */
export const mapConfig = {
  tileUrl: import.meta.env.VITE_MAP_TILE_URL?.trim() ?? "",
  attribution: import.meta.env.VITE_MAP_ATTRIBUTION?.trim() ?? "",
  geocodeUrl: import.meta.env.VITE_GEOCODE_URL?.trim() ?? "",
};
