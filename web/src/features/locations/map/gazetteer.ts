import { bucketOf, foldText } from "./gazetteer-key";
import type { PlaceResult } from "./geocode";

export { foldText };

/** A gazetteer row: name, ISO country code, latitude, longitude, population (largest first). */
export type GazetteerRow = readonly [name: string, country: string, lat: number, lng: number, population: number];

/**
 * The places whose name starts with the text (or one of whose words does), largest first: a
 * city name typed as far as it is known. "Split, HR" narrows to a country by its code or name.
 */
export function searchGazetteer(
  rows: readonly GazetteerRow[],
  query: string,
  countryName: (code: string) => string,
  limit = 8,
): PlaceResult[] {
  const [rawPlace = "", rawCountry = ""] = query.split(",");
  const place = foldText(rawPlace);
  const country = foldText(rawCountry);
  if (place.length < 2) return [];
  const found: PlaceResult[] = [];
  const later: PlaceResult[] = [];
  for (const [name, code, lat, lng] of rows) {
    const folded = foldText(name);
    const starts = folded.startsWith(place);
    if (!starts && !folded.includes(` ${place}`) && !folded.includes(`-${place}`)) continue;
    const inCountry = !country || code.toLowerCase() === country || foldText(countryName(code)).startsWith(country);
    if (!inCountry) continue;
    const result = { name: `${name}, ${countryName(code)}`, lat, lng };
    // Names that start with the text come before those where a later word does.
    if (starts) found.push(result);
    else later.push(result);
    if (found.length >= limit) break;
  }
  return [...found, ...later].slice(0, limit);
}

const chunks = new Map<string, Promise<readonly GazetteerRow[]>>();

/** One chunk of the bundled gazetteer (web/build/gazetteer.ts), fetched once, on first use; a failure is retried next time. */
export function loadGazetteer(bucket: string): Promise<readonly GazetteerRow[]> {
  let chunk = chunks.get(bucket);
  if (!chunk) {
    chunk = import("virtual:gazetteer")
      .then(async (loaders) => {
        const load = loaders.default[bucket];
        return load ? ((await load()).default as readonly GazetteerRow[]) : [];
      })
      .catch((error: unknown) => {
        chunks.delete(bucket);
        throw error;
      });
    chunks.set(bucket, chunk);
  }
  return chunk;
}

/** A place search over the bundled gazetteer (no geocoder configured). */
export async function searchOffline(query: string, lang: string): Promise<PlaceResult[]> {
  const names = new Intl.DisplayNames([lang, "en"], { type: "region" });
  const place = query.split(",")[0] ?? "";
  return searchGazetteer(await loadGazetteer(bucketOf(place)), query, (code) => names.of(code) ?? code);
}
