import type { ApplicationOption, AvailableApplication } from "@contracts/peripherals/schema";
import { describe, expect, it } from "vitest";
import {
  addableApps,
  defaultConfig,
  newDraftApp,
  optionValue,
  possibilityKey,
  possibilityLabel,
  possibilityValue,
} from "./app-options";

const select: ApplicationOption = {
  type: "select",
  deterministic_id: "units",
  name: "Units",
  possibilities: [
    { name: "Metric", value: "metric" },
    { text: "Imperial", value: { system: "imperial" } },
  ],
};
const options: ApplicationOption[] = [
  { type: "text_input", deterministic_id: "city", name: "City", placeholder_text: "Zagreb" },
  { type: "toggle", deterministic_id: "clock", name: "Clock" },
  { type: "radio", deterministic_id: "size", name: "Size", default_value: 2, possibilities: [{ name: "S", value: 2 }] },
  select,
];
const weather: AvailableApplication = {
  uuid: "w",
  name: "Weather",
  template: { header: "Weather", description: "", configurable_options: options },
};

describe("application template options (devices.md §3 Application)", () => {
  it("labels name/value and text/value possibilities", () => {
    expect(select.possibilities?.map(possibilityLabel)).toEqual(["Metric", "Imperial"]);
  });

  it("chooses possibilities by index, matching object values too", () => {
    expect(possibilityKey(select, { system: "imperial" })).toBe("1");
    expect(possibilityKey(select, "metric")).toBe("0");
    expect(possibilityKey(select, "other")).toBe("");
    expect(possibilityValue(select, "1")).toEqual({ system: "imperial" });
  });

  it("starts a new application with the defaults keyed by deterministic_id", () => {
    expect(defaultConfig(weather.template)).toEqual({ city: "", clock: false, size: 2 });
    expect(defaultConfig(null)).toEqual({});
    expect(newDraftApp(weather)).toEqual({ uuid: "w", name: "Weather", config: { city: "", clock: false, size: 2 } });
  });

  it("shows the chosen value, else the default", () => {
    expect(optionValue(select, { units: "metric" })).toBe("metric");
    expect(optionValue(options[1] as ApplicationOption, {})).toBe(false);
  });

  it("does not offer an application already on the display", () => {
    const clock: AvailableApplication = { uuid: "c", name: "Clock", template: null };
    expect(addableApps([weather, clock], [newDraftApp(weather)])).toEqual([clock]);
  });
});
