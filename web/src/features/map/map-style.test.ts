import type { LayerSpecification } from "maplibre-gl";
import { describe, expect, it } from "vitest";
import { basemapKind } from "./map-config";
import { BASEMAP_PALETTE, basemapStyle, expandTileTemplate, offlineStyle, rasterStyle } from "./map-style";
import type { OfflineBasemap } from "./offline-basemap";

const data: OfflineBasemap = {
  land: { type: "MultiPolygon", coordinates: [] },
  borders: { type: "MultiLineString", coordinates: [] },
  coast: { type: "MultiLineString", coordinates: [] },
};
const config = { styleUrl: "", styleUrlDark: "", tileUrl: "", attribution: "" };
const layerIds = (layers: LayerSpecification[]) => layers.map((l) => l.id);

describe("basemapKind", () => {
  it("prefers a style, then raster tiles, else the offline basemap", () => {
    expect(basemapKind({ styleUrl: "https://s.example/style.json", tileUrl: "https://t/{z}/{x}/{y}.png" })).toBe(
      "style",
    );
    expect(basemapKind({ styleUrl: "", tileUrl: "https://t/{z}/{x}/{y}.png" })).toBe("tiles");
    expect(basemapKind({ styleUrl: "", tileUrl: "" })).toBe("offline");
  });
});

describe("offlineStyle", () => {
  it("is only the sea until the data has loaded", () => {
    const style = offlineStyle("light", null);
    expect(layerIds(style.layers)).toEqual(["sea"]);
    expect(style.sources).toEqual({});
  });

  it("draws land, borders and coastlines over the sea, credited to Natural Earth", () => {
    const style = offlineStyle("light", data);
    expect(layerIds(style.layers)).toEqual(["sea", "land", "borders", "coast"]);
    expect(style.sources.land).toMatchObject({ type: "geojson", data: data.land, attribution: "Natural Earth" });
  });

  it("uses the dark palette in the dark theme", () => {
    const [sea, land] = offlineStyle("dark", data).layers;
    expect(sea).toMatchObject({ paint: { "background-color": BASEMAP_PALETTE.dark.sea } });
    expect(land).toMatchObject({ paint: { "fill-color": BASEMAP_PALETTE.dark.land } });
    expect(BASEMAP_PALETTE.dark.sea).not.toBe(BASEMAP_PALETTE.light.sea);
  });
});

describe("configured basemaps", () => {
  it("expands {s} into a/b/c tile URLs", () => {
    expect(expandTileTemplate("https://{s}.tile.example/{z}/{x}/{y}.png")).toEqual([
      "https://a.tile.example/{z}/{x}/{y}.png",
      "https://b.tile.example/{z}/{x}/{y}.png",
      "https://c.tile.example/{z}/{x}/{y}.png",
    ]);
    expect(expandTileTemplate("https://tile.example/{z}/{x}/{y}.png")).toEqual([
      "https://tile.example/{z}/{x}/{y}.png",
    ]);
  });

  it("uses raster tiles of 256 px with the attribution, dimmed in the dark", () => {
    const light = rasterStyle("light", "https://tile.example/{z}/{x}/{y}.png", "© OSM");
    expect(light.sources.tiles).toMatchObject({ type: "raster", tileSize: 256, attribution: "© OSM" });
    expect(light.layers[1]).toMatchObject({ paint: {} });
    expect(rasterStyle("dark", "https://tile.example/{z}/{x}/{y}.png", "").layers[1]).toMatchObject({
      paint: { "raster-brightness-max": 0.75 },
    });
  });

  it("hands a style URL to MapLibre as it is, the dark one in the dark theme when there is one", () => {
    const styled = { ...config, styleUrl: "https://s.example/light.json" };
    expect(basemapStyle("style", "dark", styled, null)).toBe("https://s.example/light.json");
    expect(basemapStyle("style", "dark", { ...styled, styleUrlDark: "https://s.example/dark.json" }, null)).toBe(
      "https://s.example/dark.json",
    );
    expect(basemapStyle("offline", "light", config, data)).toEqual(offlineStyle("light", data));
  });
});
