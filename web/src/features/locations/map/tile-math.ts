/**
 * Web Mercator math for the small map (no map library): world pixel coordinates at a zoom
 * level, the tiles that cover a viewport, and a latitude/longitude grid for tile-less maps.
 */
export const TILE_SIZE = 256;
export const MAX_LATITUDE = 85.05112878;
export const MIN_ZOOM = 1;
export const MAX_ZOOM = 18;

export type LatLng = { lat: number; lng: number };
export type Point = { x: number; y: number };
export type Viewport = { center: LatLng; zoom: number; width: number; height: number };

const worldSize = (zoom: number) => TILE_SIZE * 2 ** zoom;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Longitude and latitude → pixels from the world's top-left corner at `zoom`. */
export function project({ lat, lng }: LatLng, zoom: number): Point {
  const size = worldSize(zoom);
  const sin = Math.sin((clamp(lat, -MAX_LATITUDE, MAX_LATITUDE) * Math.PI) / 180);
  return {
    x: ((lng + 180) / 360) * size,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size,
  };
}

/** The inverse of project. */
export function unproject({ x, y }: Point, zoom: number): LatLng {
  const size = worldSize(zoom);
  const n = Math.PI - (2 * Math.PI * clamp(y, 0, size)) / size;
  return { lat: (180 / Math.PI) * Math.atan(Math.sinh(n)), lng: (x / size) * 360 - 180 };
}

/** Where a coordinate lies in the viewport (pixels from its top-left corner). */
export function toScreen(point: LatLng, { center, zoom, width, height }: Viewport): Point {
  const p = project(point, zoom);
  const c = project(center, zoom);
  return { x: p.x - c.x + width / 2, y: p.y - c.y + height / 2 };
}

/** The coordinate under a viewport pixel (longitude wrapped into -180…180). */
export function fromScreen({ x, y }: Point, { center, zoom, width, height }: Viewport): LatLng {
  const c = project(center, zoom);
  const { lat, lng } = unproject({ x: c.x + x - width / 2, y: c.y + y - height / 2 }, zoom);
  return { lat, lng: ((((lng + 180) % 360) + 360) % 360) - 180 };
}

export type Tile = { key: string; x: number; y: number; z: number; left: number; top: number };

/** The tiles covering the viewport, each with its screen position (x wraps around the world). */
export function visibleTiles({ center, zoom, width, height }: Viewport): Tile[] {
  const z = Math.round(zoom);
  const count = 2 ** z;
  const c = project(center, z);
  const left0 = c.x - width / 2;
  const top0 = c.y - height / 2;
  const tiles: Tile[] = [];
  for (let ty = Math.floor(top0 / TILE_SIZE); ty <= Math.floor((top0 + height) / TILE_SIZE); ty++) {
    if (ty < 0 || ty >= count) continue;
    for (let tx = Math.floor(left0 / TILE_SIZE); tx <= Math.floor((left0 + width) / TILE_SIZE); tx++) {
      const x = ((tx % count) + count) % count;
      tiles.push({ key: `${z}/${tx}/${ty}`, x, y: ty, z, left: tx * TILE_SIZE - left0, top: ty * TILE_SIZE - top0 });
    }
  }
  return tiles;
}

/** A tile URL from a template with {z}, {x}, {y} (and optionally {s} → "a"). */
export function tileUrl(template: string, tile: Pick<Tile, "x" | "y" | "z">): string {
  return template
    .replaceAll("{z}", String(tile.z))
    .replaceAll("{x}", String(tile.x))
    .replaceAll("{y}", String(tile.y))
    .replaceAll("{s}", "a");
}

const STEPS = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 30, 45];

export type GridLine = { axis: "lat" | "lng"; value: number; position: number; label: string };

const formatDegrees = (value: number, step: number, positive: string, negative: string) => {
  const decimals = step >= 1 ? 0 : Math.ceil(-Math.log10(step));
  return `${Math.abs(value).toFixed(decimals)}°${value >= 0 ? positive : negative}`;
};

/** Latitude and longitude lines about every 80 px, at round degree steps, with labels. */
export function graticule(viewport: Viewport): GridLine[] {
  const { width, height } = viewport;
  const degreesPerPixel = 360 / worldSize(viewport.zoom);
  const step = STEPS.find((s) => s / degreesPerPixel >= 80) ?? 45;
  const topLeft = fromScreen({ x: 0, y: 0 }, viewport);
  const bottomRight = fromScreen({ x: width, y: height }, viewport);
  const lines: GridLine[] = [];
  const west = viewport.center.lng - (width / 2) * degreesPerPixel;
  for (let v = Math.ceil(west / step) * step; v <= west + width * degreesPerPixel; v += step) {
    const value = Number(v.toFixed(6));
    const position = toScreen({ lat: viewport.center.lat, lng: value }, viewport).x;
    const wrapped = ((((value + 180) % 360) + 360) % 360) - 180;
    lines.push({ axis: "lng", value: wrapped, position, label: formatDegrees(wrapped, step, "E", "W") });
  }
  for (let v = Math.ceil(bottomRight.lat / step) * step; v <= topLeft.lat; v += step) {
    const value = Number(v.toFixed(6));
    const position = toScreen({ lat: value, lng: viewport.center.lng }, viewport).y;
    lines.push({ axis: "lat", value, position, label: formatDegrees(value, step, "N", "S") });
  }
  return lines;
}

/** Coordinates rounded for the form's number inputs (6 decimals ≈ 0.1 m). */
export const roundCoordinate = (value: number) => Math.round(value * 1e6) / 1e6;
