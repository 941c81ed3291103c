import { describe, expect, it } from "vitest";
import { type FleetMapLocation, fleetBounds, locatedLocations, markerDiameter } from "./fleet-layout";

const at = (uuid: string, over: Partial<FleetMapLocation> = {}): FleetMapLocation => ({
  uuid,
  name: uuid,
  latitude: 45,
  longitude: 16,
  status: "online",
  devices_total: 2,
  devices_online: 2,
  ...over,
});

describe("locatedLocations", () => {
  it("leaves out locations without valid coordinates", () => {
    const list = [
      at("a"),
      at("b", { latitude: null }),
      at("c", { longitude: null }),
      at("d", { latitude: 91 }),
      at("e", { longitude: Number.NaN }),
    ];
    expect(locatedLocations(list).map((l) => l.uuid)).toEqual(["a"]);
  });

  it("draws problems last (on top), then the bigger ones first", () => {
    const list = [
      at("off", { status: "offline", devices_total: 1 }),
      at("big", { devices_total: 40 }),
      at("part", { status: "partially_online", devices_total: 5 }),
      at("small", { devices_total: 1 }),
    ];
    expect(locatedLocations(list).map((l) => l.uuid)).toEqual(["big", "small", "part", "off"]);
  });
});

describe("markerDiameter", () => {
  it("grows with the square root of the device count, between 20 and 64 px", () => {
    expect(markerDiameter(0)).toBe(20);
    expect(markerDiameter(4)).toBe(34);
    expect(markerDiameter(16)).toBe(48);
    expect(markerDiameter(500)).toBe(64);
    expect(markerDiameter(-3)).toBe(20);
  });
});

describe("fleetBounds", () => {
  it("boxes every located location, or is null without one", () => {
    expect(fleetBounds([])).toBeNull();
    const located = locatedLocations([
      at("zg", { latitude: 45.81, longitude: 15.98 }),
      at("st", { latitude: 43.51, longitude: 16.44 }),
      at("mo", { latitude: 43.34, longitude: 17.81 }),
    ]);
    expect(fleetBounds(located)).toEqual([
      [15.98, 43.34],
      [17.81, 45.81],
    ]);
  });
});
