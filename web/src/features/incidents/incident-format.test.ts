import { describe, expect, it } from "vitest";
import { activeFilterCount, incidentFiltersOf, toIncidentQuery } from "./incident-filters";
import { formatAge, incidentAge } from "./incident-format";

const at = Date.parse("2026-11-29T10:00:00Z");
const ago = (ms: number) => new Date(at - ms).toISOString();

describe("formatAge", () => {
  it("reads seconds, minutes, hours and days", () => {
    expect(formatAge(ago(45_000), at)).toBe("< 1 min");
    expect(formatAge(ago(12 * 60_000 + 5_000), at)).toBe("12 min");
    expect(formatAge(ago(3 * 3600_000 + 5 * 60_000), at)).toBe("3 h 05 min");
    expect(formatAge(ago(2 * 86400_000 + 4 * 3600_000), at)).toBe("2 d 4 h");
  });
  it("never goes negative and ignores a bad date", () => {
    expect(formatAge(ago(-5_000), at)).toBe("< 1 min");
    expect(formatAge("nope", at)).toBe("");
  });
  it("stops at the resolution for a resolved incident", () => {
    expect(incidentAge({ opened_at: ago(3600_000), resolved_at: ago(3000_000) }, at)).toBe("10 min");
    expect(incidentAge({ opened_at: ago(3600_000), resolved_at: null }, at)).toBe("1 h 00 min");
  });
});

describe("incident URL filters", () => {
  it("reads known values and drops unknown ones", () => {
    const filters = incidentFiltersOf(new URLSearchParams("state=open,acknowledged&location=L&period=7d&rule=R"));
    expect(filters).toEqual({ state: "open,acknowledged", location: "L", rule: "R", period: "7d" });
    expect(activeFilterCount(filters)).toBe(4);
    expect(incidentFiltersOf(new URLSearchParams("state=bogus&period=1y"))).toEqual({
      state: "",
      location: "",
      rule: "",
      period: "",
    });
  });
  it("turns the period into `from` at the given moment", () => {
    const query = toIncidentQuery({ state: "resolved", location: "", rule: "", period: "24h" }, at);
    expect(query).toEqual({ state: "resolved", from: "2026-11-28T10:00:00.000Z" });
    expect(toIncidentQuery({ state: "", location: "", rule: "", period: "" }, at)).toEqual({});
  });
});
