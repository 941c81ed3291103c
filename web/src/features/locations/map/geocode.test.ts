import { describe, expect, it } from "vitest";
import { geocodeRequestUrl, parsePlaces } from "./geocode";

describe("geocodeRequestUrl", () => {
  it("fills a {q} template", () => {
    expect(geocodeRequestUrl("https://geo.example/api?q={q}&lang=hr", "Mostar most")).toBe(
      "https://geo.example/api?q=Mostar%20most&lang=hr",
    );
  });

  it("adds Nominatim's parameters to a base URL", () => {
    expect(geocodeRequestUrl("https://nominatim.example/search", "Split")).toBe(
      "https://nominatim.example/search?q=Split&format=json&limit=5",
    );
    expect(geocodeRequestUrl("https://nominatim.example/search?countrycodes=hr", "Split")).toBe(
      "https://nominatim.example/search?countrycodes=hr&q=Split&format=json&limit=5",
    );
  });
});

describe("parsePlaces", () => {
  it("reads a Nominatim answer (coordinates as strings)", () => {
    expect(parsePlaces([{ display_name: "Mostar, Bosnia and Herzegovina", lat: "43.3438", lon: "17.8078" }])).toEqual([
      { name: "Mostar, Bosnia and Herzegovina", lat: 43.3438, lng: 17.8078 },
    ]);
  });

  it("reads a GeoJSON answer (Photon, Pelias): [lng, lat] points named by label or name, city, country", () => {
    const body = {
      type: "FeatureCollection",
      features: [
        {
          type: "Feature",
          geometry: { type: "Point", coordinates: [16.44, 43.51] },
          properties: { label: "Split, HR" },
        },
        {
          type: "Feature",
          geometry: { type: "Point", coordinates: [15.98, 45.81, 120] },
          properties: { name: "Zagreb", city: "Zagreb", country: "Croatia", osm_id: 1 },
        },
      ],
    };
    expect(parsePlaces(body)).toEqual([
      { name: "Split, HR", lat: 43.51, lng: 16.44 },
      { name: "Zagreb, Croatia", lat: 45.81, lng: 15.98 },
    ]);
  });

  it("refuses an answer of another shape", () => {
    expect(() => parsePlaces({ results: [] })).toThrow();
  });
});
