/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Raster tile URL template with {z}/{x}/{y} (e.g. an OSM tile server); empty: a lat/long grid. */
  readonly VITE_MAP_TILE_URL?: string;
  /** Attribution shown over the tiles (e.g. "© OpenStreetMap contributors"). */
  readonly VITE_MAP_ATTRIBUTION?: string;
  /** Nominatim-style search URL (…/search); empty: no place search. */
  readonly VITE_GEOCODE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
