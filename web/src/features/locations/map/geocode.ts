import { z } from "zod";
import type { LatLng } from "./tile-math";

/** One Nominatim-style result (lat/lon come as strings). */
const Place = z.object({ display_name: z.string(), lat: z.coerce.number(), lon: z.coerce.number() });
export type PlaceResult = LatLng & { name: string };

/** The search URL: a template with {q}, or a base URL that gets ?q=…&format=json&limit=5. */
export function geocodeRequestUrl(base: string, query: string): string {
  const q = encodeURIComponent(query);
  if (base.includes("{q}")) return base.replaceAll("{q}", q);
  return `${base}${base.includes("?") ? "&" : "?"}q=${q}&format=json&limit=5`;
}

/** A place text search against the configured geocoder (called directly, console.md §7.7). */
export async function searchPlaces(base: string, query: string, signal: AbortSignal): Promise<PlaceResult[]> {
  const res = await fetch(geocodeRequestUrl(base, query), { headers: { Accept: "application/json" }, signal });
  if (!res.ok) throw new Error(`Geocoder answered ${res.status}`);
  const places = z.array(Place).parse(await res.json());
  return places.map((p) => ({ name: p.display_name, lat: p.lat, lng: p.lon }));
}
