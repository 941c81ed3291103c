import { describe, expect, it } from "vitest";
import {
  fromScreen,
  graticule,
  project,
  roundCoordinate,
  TILE_SIZE,
  tileUrl,
  toScreen,
  unproject,
  type Viewport,
  visibleTiles,
} from "./tile-math";

const mostar: Viewport = { center: { lat: 43.3438, lng: 17.8078 }, zoom: 7, width: 600, height: 278 };

describe("project / unproject", () => {
  it("puts (0, 0) in the middle of the world and the corners at its edges", () => {
    expect(project({ lat: 0, lng: 0 }, 0)).toEqual({ x: 128, y: 128 });
    expect(project({ lat: 85.05112878, lng: -180 }, 1).x).toBe(0);
    expect(project({ lat: 85.05112878, lng: -180 }, 1).y).toBeCloseTo(0, 3);
  });

  it("matches the standard slippy-map tile of a known place", () => {
    // Zagreb (45.815, 15.982) is tile 8/139/91 by the OSM wiki formula (asinh(tan φ)).
    const p = project({ lat: 45.815, lng: 15.982 }, 8);
    expect([Math.floor(p.x / TILE_SIZE), Math.floor(p.y / TILE_SIZE)]).toEqual([139, 91]);
  });

  it("round-trips a coordinate", () => {
    const back = unproject(project({ lat: 43.3438, lng: 17.8078 }, 7), 7);
    expect(back.lat).toBeCloseTo(43.3438, 9);
    expect(back.lng).toBeCloseTo(17.8078, 9);
  });
});

describe("screen positions", () => {
  it("shows the centre in the middle of the viewport", () => {
    expect(toScreen(mostar.center, mostar)).toEqual({ x: 300, y: 139 });
  });

  it("turns a dragged pin position back into a coordinate", () => {
    const moved = fromScreen({ x: 300 + 256, y: 139 }, mostar);
    expect(moved.lat).toBeCloseTo(43.3438, 6);
    // One tile at zoom 7 is 360 / 128 degrees of longitude.
    expect(moved.lng).toBeCloseTo(17.8078 + 360 / 128, 6);
  });
});

describe("visibleTiles", () => {
  it("covers the viewport with tiles placed around the centre", () => {
    const tiles = visibleTiles(mostar);
    const centre = project(mostar.center, 7);
    expect(tiles.some((t) => t.x === Math.floor(centre.x / 256) && t.y === Math.floor(centre.y / 256))).toBe(true);
    expect(Math.min(...tiles.map((t) => t.left))).toBeLessThanOrEqual(0);
    expect(Math.max(...tiles.map((t) => t.left + 256))).toBeGreaterThanOrEqual(600);
    expect(tiles.every((t) => t.z === 7)).toBe(true);
  });

  it("wraps x around the date line and skips rows outside the world", () => {
    const tiles = visibleTiles({ center: { lat: 80, lng: 179.9 }, zoom: 1, width: 400, height: 400 });
    expect(tiles.every((t) => t.x >= 0 && t.x < 2 && t.y >= 0 && t.y < 2)).toBe(true);
  });
});

describe("tileUrl", () => {
  it("fills the template", () => {
    expect(tileUrl("https://{s}.tile.example/{z}/{x}/{y}.png", { x: 1, y: 2, z: 3 })).toBe(
      "https://a.tile.example/3/1/2.png",
    );
  });
});

describe("graticule", () => {
  it("draws round-degree lines with hemisphere labels at zoom 7", () => {
    const lines = graticule(mostar);
    const lng = lines.filter((l) => l.axis === "lng");
    const lat = lines.filter((l) => l.axis === "lat");
    expect(lng.length).toBeGreaterThan(1);
    expect(lat.length).toBeGreaterThan(0);
    expect(lng.map((l) => l.label)).toContain("18°E");
    expect(lat.map((l) => l.label)).toContain("43°N");
    for (const line of lines) expect(line.position).toBeGreaterThanOrEqual(0);
  });

  it("uses finer steps when zoomed in", () => {
    const lines = graticule({ ...mostar, zoom: 14 });
    expect(lines.some((l) => l.label.includes("."))).toBe(true);
  });
});

it("rounds coordinates to 6 decimals", () => {
  expect(roundCoordinate(43.34381234567)).toBe(43.343812);
});
