import "@/lib/i18n/locales/en-assets";
import "@/lib/i18n/locales/en-devices";
import { describe, expect, it } from "vitest";
import { resolvePlurals } from "./i18n-plural";
import { translate } from "./index";

const devices = "{count, plural, one {# device} other {# devices}}";
const uredaji = "{count, plural, one {# uređaj} few {# uređaja} other {# uređaja}}";
const lokacije = "{count, plural, one {# lokacija} few {# lokacije} other {# lokacija}}";

describe("resolvePlurals", () => {
  it("picks English one/other", () => {
    expect(resolvePlurals("en", devices, { count: 1 })).toBe("1 device");
    expect(resolvePlurals("en", devices, { count: 0 })).toBe("0 devices");
    expect(resolvePlurals("en", devices, { count: 21 })).toBe("21 devices");
  });

  it("picks Croatian one/few/other", () => {
    expect(resolvePlurals("hr", lokacije, { count: 1 })).toBe("1 lokacija");
    expect(resolvePlurals("hr", lokacije, { count: 3 })).toBe("3 lokacije");
    expect(resolvePlurals("hr", lokacije, { count: 5 })).toBe("5 lokacija");
    expect(resolvePlurals("hr", lokacije, { count: 21 })).toBe("21 lokacija");
    expect(resolvePlurals("hr", uredaji, { count: 1 })).toBe("1 uređaj");
    expect(resolvePlurals("hr", uredaji, { count: 24 })).toBe("24 uređaja");
  });

  it("prefers an exact =N form, falls back to other, keeps text around the part", () => {
    const text = "{count, plural, =0 {no devices} one {# device} other {# devices}} · {place}";
    expect(resolvePlurals("en", text, { count: 0, place: "x" })).toBe("no devices · {place}");
    expect(resolvePlurals("hr", devices, { count: 3 })).toBe("3 devices");
  });

  it("leaves the text alone without a number for the part", () => {
    expect(resolvePlurals("en", devices, { count: "7" })).toBe(devices);
    expect(resolvePlurals("en", devices, undefined)).toBe(devices);
  });
});

describe("translate", () => {
  it("says 1 device, not 1 devices", () => {
    expect(translate("en", "devices.count", { count: 1 })).toBe("1 device");
    expect(translate("en", "devices.count", { count: 36 })).toBe("36 devices");
    expect(translate("en", "locations.count", { count: 1 })).toBe("1 location");
    expect(translate("en", "group.devicesAt", { count: 1, place: "Zagreb" })).toBe("1 device · Zagreb");
    expect(translate("en", "devices.streakDays", { days: 1, time: "04:02:21" })).toBe("1 day 04:02:21");
    expect(translate("en", "devices.streakDays", { days: 16, time: "20:02:21" })).toBe("16 days 20:02:21");
  });
});
