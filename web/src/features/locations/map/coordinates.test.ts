import { describe, expect, it } from "vitest";
import { keyStep, parsePin, pinFromMap, roundCoordinate, toMapLibreZoom, wrapLongitude } from "./coordinates";

describe("parsePin", () => {
  it("reads the form's two text fields", () => {
    expect(parsePin("43.3438", "17.8078")).toEqual({ lat: 43.3438, lng: 17.8078 });
    expect(parsePin(" -33.9 ", "151.2")).toEqual({ lat: -33.9, lng: 151.2 });
  });

  it("has no pin while a field is empty, not a number, or out of range", () => {
    expect(parsePin("", "17.8")).toBeNull();
    expect(parsePin("43.3", "  ")).toBeNull();
    expect(parsePin("north", "17.8")).toBeNull();
    expect(parsePin("90.5", "17.8")).toBeNull();
    expect(parsePin("43.3", "180.01")).toBeNull();
    expect(parsePin("-90", "-180")).toEqual({ lat: -90, lng: -180 });
  });
});

describe("wrapLongitude", () => {
  it("brings a longitude from a scrolled world copy back into -180…180", () => {
    expect(wrapLongitude(17.8)).toBe(17.8);
    expect(wrapLongitude(377.8)).toBeCloseTo(17.8, 9);
    expect(wrapLongitude(-200)).toBeCloseTo(160, 9);
    expect(wrapLongitude(180)).toBe(180);
    expect(wrapLongitude(-180)).toBe(-180);
  });
});

describe("pinFromMap", () => {
  it("rounds to 6 decimals, wraps longitude and clamps latitude", () => {
    expect(pinFromMap({ lat: 43.34381234567, lng: 377.80781234 })).toEqual({ lat: 43.343812, lng: 17.807812 });
    expect(pinFromMap({ lat: 95, lng: -10 })).toEqual({ lat: 90, lng: -10 });
  });
});

it("rounds coordinates to 6 decimals", () => {
  expect(roundCoordinate(43.34381234567)).toBe(43.343812);
});

it("turns console.md's 256 px zoom levels into MapLibre's 512 px ones", () => {
  expect(toMapLibreZoom(7)).toBe(6);
});

describe("keyStep", () => {
  it("moves the pin 8 px per arrow key, 40 px with Shift, nothing for other keys", () => {
    expect(keyStep("ArrowLeft", false)).toEqual({ x: -8, y: 0 });
    expect(keyStep("ArrowDown", true)).toEqual({ x: 0, y: 40 });
    expect(keyStep("Enter", false)).toBeNull();
  });
});
