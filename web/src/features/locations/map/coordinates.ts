/**
 * Coordinate rules of the location pin, kept apart from the map library so they are testable:
 * parsing the form's text fields, normalising what the map hands back, rounding for the inputs.
 */
export type LatLng = { lat: number; lng: number };

/** The pin of the form's latitude/longitude fields, or null while either is empty or invalid. */
export function parsePin(lat: string, lng: string): LatLng | null {
  if (lat.trim() === "" || lng.trim() === "") return null;
  const pin = { lat: Number(lat), lng: Number(lng) };
  if (!Number.isFinite(pin.lat) || !Number.isFinite(pin.lng)) return null;
  return Math.abs(pin.lat) <= 90 && Math.abs(pin.lng) <= 180 ? pin : null;
}

/** Longitude into -180…180 (a map scrolled past the date line hands back e.g. 197.2). */
export function wrapLongitude(lng: number): number {
  if (lng >= -180 && lng <= 180) return lng;
  return ((((lng + 180) % 360) + 360) % 360) - 180;
}

/** Coordinates rounded for the form's number inputs (6 decimals ≈ 0.1 m). */
export const roundCoordinate = (value: number) => Math.round(value * 1e6) / 1e6;

/** Where a dragged or clicked pin lands: longitude wrapped, latitude clamped, both rounded. */
export function pinFromMap({ lat, lng }: LatLng): LatLng {
  return { lat: roundCoordinate(Math.max(-90, Math.min(90, lat))), lng: roundCoordinate(wrapLongitude(lng)) };
}

/**
 * console.md's zoom levels are those of 256 px tile maps (zoom 7: about 1.2 km per pixel at the
 * equator); MapLibre's count 512 px tiles, so the same scale is one level lower.
 */
export const toMapLibreZoom = (specZoom: number) => specZoom - 1;

/** Arrow-key steps of the focused pin, in screen pixels (Shift: a bigger step). */
export function keyStep(key: string, shift: boolean): { x: number; y: number } | null {
  const size = shift ? 40 : 8;
  switch (key) {
    case "ArrowLeft":
      return { x: -size, y: 0 };
    case "ArrowRight":
      return { x: size, y: 0 };
    case "ArrowUp":
      return { x: 0, y: -size };
    case "ArrowDown":
      return { x: 0, y: size };
    default:
      return null;
  }
}
