import { z } from "zod";
import type { LatLng } from "./coordinates";

/** One Nominatim-style result (lat/lon come as strings). */
const NominatimPlace = z.object({ display_name: z.string(), lat: z.coerce.number(), lon: z.coerce.number() });
/** A GeoJSON answer (Photon, Pelias, …): points with a name or label. */
const GeoJsonPlaces = z.object({
  type: z.literal("FeatureCollection"),
  features: z.array(
    z.object({
      geometry: z.object({ type: z.literal("Point"), coordinates: z.tuple([z.number(), z.number()]).rest(z.number()) }),
      properties: z
        .looseObject({
          label: z.string().optional(),
          name: z.string().optional(),
          city: z.string().optional(),
          country: z.string().optional(),
        })
        .nullish(),
    }),
  ),
});
export type PlaceResult = LatLng & { name: string };

/** The search URL: a template with {q}, or a base URL that gets ?q=…&format=json&limit=5. */
export function geocodeRequestUrl(base: string, query: string): string {
  const q = encodeURIComponent(query);
  if (base.includes("{q}")) return base.replaceAll("{q}", q);
  return `${base}${base.includes("?") ? "&" : "?"}q=${q}&format=json&limit=5`;
}

/** A GeoJSON feature's name: its label, else its name with the city and country that differ from it. */
function featureName(props: z.infer<typeof GeoJsonPlaces>["features"][number]["properties"]): string {
  if (props?.label) return props.label;
  const parts = [props?.name, props?.city, props?.country].filter((part): part is string => Boolean(part));
  return [...new Set(parts)].join(", ");
}

/** The places of a geocoder's answer: a Nominatim array or a GeoJSON FeatureCollection. */
export function parsePlaces(body: unknown): PlaceResult[] {
  const geojson = GeoJsonPlaces.safeParse(body);
  if (geojson.success) {
    return geojson.data.features.map((f) => ({
      name: featureName(f.properties),
      lat: f.geometry.coordinates[1],
      lng: f.geometry.coordinates[0],
    }));
  }
  return z
    .array(NominatimPlace)
    .parse(body)
    .map((p) => ({ name: p.display_name, lat: p.lat, lng: p.lon }));
}

/** A place text search against the configured geocoder (called directly, console.md §7.7). */
export async function searchPlaces(base: string, query: string, signal: AbortSignal): Promise<PlaceResult[]> {
  const res = await fetch(geocodeRequestUrl(base, query), { headers: { Accept: "application/json" }, signal });
  if (!res.ok) throw new Error(`Geocoder answered ${res.status}`);
  return parsePlaces(await res.json());
}
