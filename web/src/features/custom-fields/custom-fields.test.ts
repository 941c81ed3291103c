import type { Space } from "@contracts/spaces/schema";
import { describe, expect, it } from "vitest";
import { customFieldErrorLines, rowsOf, ruleOf, toSpacePatch } from "./custom-fields";

const settings = Object.fromEntries(
  [1, 2, 3, 4, 5, 6, 7, 8].flatMap((n) => [
    [`location_custom_${n}_alias`, n === 2 ? "Cost centre" : ""],
    [`location_custom_${n}_enabled`, n === 2],
    [`location_custom_${n}_required`, n === 2],
    [`location_custom_${n}_unique`, n === 2],
  ]),
) as Pick<Space, Extract<keyof Space, `location_custom_${string}`>>;

describe("custom field rows", () => {
  it("maps required/unique to the three choices", () => {
    expect(ruleOf(false, false)).toBe("none");
    expect(ruleOf(true, false)).toBe("required");
    expect(ruleOf(true, true)).toBe("unique");
  });

  it("reads eight rows and writes them back unchanged", () => {
    const rows = rowsOf(settings);
    expect(rows).toHaveLength(8);
    expect(rows[1]).toEqual({ n: 2, enabled: true, alias: "Cost centre", rule: "unique" });
    expect(toSpacePatch(rows)).toEqual(settings);
  });

  it("trims aliases and turns Required into required without unique", () => {
    const patch = toSpacePatch([{ n: 3, enabled: true, alias: "  Manager ", rule: "required" }]);
    expect(patch).toEqual({
      location_custom_3_alias: "Manager",
      location_custom_3_enabled: true,
      location_custom_3_required: true,
      location_custom_3_unique: false,
    });
  });
});

describe("customFieldErrorLines", () => {
  it("writes 'field: error' lines and keeps non-field errors as they are", () => {
    const lines = customFieldErrorLines(
      { location_custom_3_alias: ["Too long.", "Bad."], non_field_errors: ["Nope."] },
      "There are validation errors.",
    );
    expect(lines).toEqual(["location_custom_3_alias: Too long.", "location_custom_3_alias: Bad.", "Nope."]);
  });

  it("falls back to the message, then to Unknown server error (console.md §5)", () => {
    expect(customFieldErrorLines({}, "Forbidden.")).toEqual(["Forbidden."]);
    expect(customFieldErrorLines({}, null)).toEqual(["Unknown server error"]);
    expect(customFieldErrorLines({}, "")).toEqual(["Unknown server error"]);
  });
});
