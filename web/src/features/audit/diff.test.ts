import { describe, expect, it } from "vitest";
import { fieldChanges, shown } from "./diff";

describe("fieldChanges", () => {
  it("lists the fields the after changed; unchanged and before-only fields are left out", () => {
    expect(fieldChanges({ name: "A", tags: [1], city: "Split" }, { name: "B", city: "Split", zip: "21000" })).toEqual([
      { field: "name", before: "A", after: "B" },
      { field: "zip", before: undefined, after: "21000" },
    ]);
  });
  it("lists a creation's after and a deletion's before", () => {
    expect(fieldChanges(null, { name: "N" })).toEqual([{ field: "name", before: undefined, after: "N" }]);
    expect(fieldChanges({ name: "O" }, null)).toEqual([{ field: "name", before: "O", after: undefined }]);
  });
  it("shows a non-object side as one value row, and nothing when both are empty", () => {
    expect(fieldChanges(null, ["a"])).toEqual([{ field: "value", before: undefined, after: ["a"] }]);
    expect(fieldChanges(null, null)).toEqual([]);
    expect(shown(undefined)).toBe("—");
    expect(shown({ a: 1 })).toBe('{"a":1}');
  });
});
