import { describe, expect, it } from "vitest";
import { obviousTimezone } from "../../worker/services/spaces/country-zone.ts";

describe("obviousTimezone", () => {
  it.each([
    ["AT", "Europe/Vienna"],
    ["DE", "Europe/Berlin"],
    ["GB", "Europe/London"],
    ["JP", "Asia/Tokyo"],
    ["IN", "Asia/Kolkata"],
    // Filed under Europe/Belgrade by IANA; the country's own name for it is what operators look for.
    ["HR", "Europe/Zagreb"],
    ["SI", "Europe/Ljubljana"],
    ["BA", "Europe/Sarajevo"],
    ["RS", "Europe/Belgrade"],
  ])("%s has one obvious zone: %s", (code, zone) => {
    expect(obviousTimezone(code)).toBe(zone);
  });

  it.each(["US", "ES", "PT", "AU", "BR", "RU", "CA"])("%s spans several zones: none is suggested", (code) => {
    expect(obviousTimezone(code)).toBeNull();
  });

  it("an unknown code suggests nothing", () => {
    expect(obviousTimezone("XX")).toBeNull();
  });
});
