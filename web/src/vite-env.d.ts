/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** A MapLibre style JSON URL (vector tiles); wins over VITE_MAP_TILE_URL. Empty: see below. */
  readonly VITE_MAP_STYLE_URL?: string;
  /** The style for the dark theme; empty: VITE_MAP_STYLE_URL in both themes. */
  readonly VITE_MAP_STYLE_URL_DARK?: string;
  /** Raster tile URL template with {z}/{x}/{y} (e.g. an OSM tile server); empty (and no style): the bundled offline basemap. */
  readonly VITE_MAP_TILE_URL?: string;
  /** Attribution shown over the tiles (e.g. "© OpenStreetMap contributors"). */
  readonly VITE_MAP_ATTRIBUTION?: string;
  /** Place search: a Nominatim-style …/search URL, or a template with {q}; empty: the bundled gazetteer of world cities. */
  readonly VITE_GEOCODE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** The offline gazetteer (web/build/gazetteer.ts): a loader per chunk of [name, country, lat, lng, population] rows. */
declare module "virtual:gazetteer" {
  const loaders: Record<string, () => Promise<{ default: [string, string, number, number, number][] }>>;
  export default loaders;
}

/** The offline basemap's city labels (web/build/gazetteer.ts): [name, lat, lng, population], largest first. */
declare module "virtual:gazetteer-labels" {
  const rows: [string, number, number, number][];
  export default rows;
}
