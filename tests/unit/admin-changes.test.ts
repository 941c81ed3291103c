import { describe, expect, it } from "vitest";
import { documentChanges } from "../../worker/services/admin/changes.ts";

describe("documentChanges", () => {
  it("lists changed, added and removed values by JSON path", () => {
    const before = { name: "A", template: { options: [{ id: "x", name: "X" }] }, gone: 1 };
    const after = { name: "A", template: { options: [{ id: "x", name: "Y" }, { id: "z" }] }, added: [1] };
    expect(documentChanges(before, after)).toEqual({
      changes: [
        { path: "template.options.0.name", before: "X", after: "Y" },
        { path: "template.options.1", before: undefined, after: { id: "z" } },
        { path: "gone", before: 1, after: undefined },
        { path: "added", before: undefined, after: [1] },
      ],
      truncated: false,
    });
  });

  it("treats a change of kind as one change and equal documents as none", () => {
    expect(documentChanges({ a: { b: 1 } }, { a: "text" }).changes).toEqual([
      { path: "a", before: { b: 1 }, after: "text" },
    ]);
    expect(documentChanges({ a: [1, { b: null }] }, { a: [1, { b: null }] }).changes).toEqual([]);
  });

  it("stops at the limit and says so", () => {
    const before = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`k${i}`, i]));
    const after = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`k${i}`, i + 1]));
    const { changes, truncated } = documentChanges(before, after, 3);
    expect(changes.map((c) => c.path)).toEqual(["k0", "k1", "k2"]);
    expect(truncated).toBe(true);
  });
});
