import { describe, expect, it } from "vitest";
import { fieldChanges, shown } from "./diff";

describe("fieldChanges", () => {
  it("lists each field of before and after once, with absent sides undefined", () => {
    expect(fieldChanges({ name: "A", tags: [1] }, { name: "B", city: "Split" })).toEqual([
      { field: "name", before: "A", after: "B" },
      { field: "tags", before: [1], after: undefined },
      { field: "city", before: undefined, after: "Split" },
    ]);
  });
  it("shows a non-object side as one value row, and nothing when both are empty", () => {
    expect(fieldChanges(null, ["a"])).toEqual([{ field: "value", before: undefined, after: ["a"] }]);
    expect(fieldChanges(null, null)).toEqual([]);
    expect(shown(undefined)).toBe("—");
    expect(shown({ a: 1 })).toBe('{"a":1}');
  });
});
