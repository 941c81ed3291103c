import type { Position } from "geojson";
import { describe, expect, it } from "vitest";
import countries from "world-atlas/countries-50m.json?raw";
import { basemapFromTopology, type CountriesTopology } from "./offline-basemap";

const topology = JSON.parse(countries) as CountriesTopology;
const basemap = basemapFromTopology(topology);

/** Even-odd ray casting over every ring of the land: is the point on land? */
function onLand([x, y]: [number, number]): boolean {
  let inside = false;
  const rings: Position[][] = basemap.land.coordinates.flat();
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i] as [number, number];
      const [xj, yj] = ring[j] as [number, number];
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

describe("the offline basemap from world-atlas", () => {
  it("has land where the spec's default centre (Mostar) is, and sea in the Adriatic", () => {
    expect(onLand([17.8078, 43.3438])).toBe(true);
    expect(onLand([15.5, 43.0])).toBe(false);
    expect(onLand([-30, 40])).toBe(false); // the Atlantic
  });

  it("splits borders between countries from coastlines", () => {
    expect(basemap.land.type).toBe("MultiPolygon");
    expect(basemap.land.coordinates.length).toBeGreaterThan(500);
    expect(basemap.borders.type).toBe("MultiLineString");
    expect(basemap.borders.coordinates.length).toBeGreaterThan(100);
    expect(basemap.coast.coordinates.length).toBeGreaterThan(500);
    // Every coordinate is longitude/latitude, not quantized integers.
    for (const line of basemap.coast.coordinates.slice(0, 50))
      for (const [lng, lat] of line as [number, number][]) {
        expect(Math.abs(lng)).toBeLessThanOrEqual(180);
        expect(Math.abs(lat)).toBeLessThanOrEqual(90);
      }
  });
});
