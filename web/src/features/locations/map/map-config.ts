import type { LatLng } from "./coordinates";

/** console.md §9: default centre 43.3438, 17.8078, zoom 7, map height 278 px. */
export const DEFAULT_CENTER: LatLng = { lat: 43.3438, lng: 17.8078 };
export const DEFAULT_ZOOM = 7;
/** A location that has a pin opens closer in, on map tiles (street level is not needed, the town is). */
export const PIN_ZOOM = 11;
/** …but not on the offline basemap: it has coastlines and borders only, and closer in it is a blank. */
export const OFFLINE_PIN_ZOOM = 7;
export const MAP_HEIGHT = 278;
