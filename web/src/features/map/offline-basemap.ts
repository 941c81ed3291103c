import type { MultiLineString, MultiPolygon } from "geojson";
import { merge, mesh } from "topojson-client";
import type { GeometryCollection, Polygon, Topology, MultiPolygon as TopoMultiPolygon } from "topojson-specification";
// Natural Earth 1:50m countries (world-atlas), emitted as a hashed static file: no tile server needed.
import countriesUrl from "world-atlas/countries-50m.json?url";

/** The offline basemap's three layers, GeoJSON for MapLibre's sources. */
export type OfflineBasemap = {
  /** All land as one shape (merged, so no seams between neighbouring countries). */
  land: MultiPolygon;
  /** Borders between two countries. */
  borders: MultiLineString;
  /** Coastlines (arcs used by one country only). */
  coast: MultiLineString;
};

export type CountriesTopology = Topology<{ countries: GeometryCollection }>;

/** TopoJSON → the basemap's GeoJSON (topojson-client, as the world-atlas README does). */
export function basemapFromTopology(topology: CountriesTopology): OfflineBasemap {
  const countries = topology.objects.countries;
  const shapes = countries.geometries.filter(
    (g): g is Polygon | TopoMultiPolygon => g.type === "Polygon" || g.type === "MultiPolygon",
  );
  return {
    land: merge(topology, shapes),
    borders: mesh(topology, countries, (a, b) => a !== b),
    coast: mesh(topology, countries, (a, b) => a === b),
  };
}

function isCountriesTopology(value: unknown): value is CountriesTopology {
  const topology = value as Partial<CountriesTopology> | null;
  return topology?.type === "Topology" && Array.isArray(topology.objects?.countries?.geometries);
}

let loading: Promise<OfflineBasemap> | null = null;

/**
 * Fetches the bundled TopoJSON once per page and converts it once: every map (the form, the
 * location view, the wall's fleet map) shares the result. A failure is forgotten so the next
 * map tries again.
 */
export function loadOfflineBasemap(): Promise<OfflineBasemap> {
  loading ??= fetch(countriesUrl)
    .then(async (res) => {
      if (!res.ok) throw new Error(`The offline basemap did not load (${res.status})`);
      const topology: unknown = await res.json();
      if (!isCountriesTopology(topology)) throw new Error("The offline basemap is not a countries topology");
      return basemapFromTopology(topology);
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}
