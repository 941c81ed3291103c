import { describe, expect, it } from "vitest";
import { type CityLabel, labelPopulation, pickLabels } from "./city-labels";

const CITIES: CityLabel[] = [
  ["Big", 0, 0, 9_000_000],
  ["Near Big", 0, 0.1, 2_000_000],
  ["Far", 0, 5, 800_000],
  ["Outside", 50, 50, 700_000],
  ["Town", 0, 10, 150_000],
];
// 100 px per degree of longitude, everything at latitude 0 in view except "Outside".
const project = (lat: number, lng: number) => ({ x: lng * 100, y: lat * 100 });
const inView = (lat: number) => lat < 10;

describe("city labels on the offline basemap", () => {
  it("label more, smaller cities as the map zooms in", () => {
    expect(labelPopulation(2)).toBeGreaterThan(labelPopulation(5));
    expect(labelPopulation(5)).toBeGreaterThan(labelPopulation(8));
  });
  it("keep the largest cities in view, none crowding a larger one", () => {
    expect(pickLabels(CITIES, 5, inView, project).map((c) => c[0])).toEqual(["Big", "Far"]);
    expect(pickLabels(CITIES, 8, inView, project).map((c) => c[0])).toEqual(["Big", "Far", "Town"]);
    expect(pickLabels(CITIES, 2, inView, project).map((c) => c[0])).toEqual(["Big"]);
  });
});
