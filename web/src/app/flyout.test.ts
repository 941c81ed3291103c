import { describe, expect, it } from "vitest";
import { flyoutBackTarget } from "./flyout";

describe("flyoutBackTarget (devices.md §2 Flyout)", () => {
  const device = "/locations/device/view/s1/d1/general";
  it("goes back to the earlier page first", () => {
    expect(flyoutBackTarget(device, { from: "/locations/location/view/l1/devices" }, "/x")).toBe(
      "/locations/location/view/l1/devices",
    );
  });
  it("else to the panel's fallback (the device's location list), else the list route", () => {
    expect(flyoutBackTarget(device, null, "/locations/location/view/l1/devices")).toBe(
      "/locations/location/view/l1/devices",
    );
    expect(flyoutBackTarget(device, { from: "https://elsewhere" }, null)).toBe("/locations");
    expect(flyoutBackTarget("/devices/device/view/s1/d1/settings", undefined)).toBe("/devices");
  });
});
