import { describe, expect, it } from "vitest";
import { previousPagesIn } from "./paging";

describe("previousPagesIn", () => {
  const keep = previousPagesIn("space-a");
  const pages = { pages: [{ devices: ["d1"] }] };

  it("keeps the previous filter's pages of the same space while the new ones load", () => {
    expect(keep(pages, { queryKey: ["space", "space-a", "devices", "list", { search: "old" }] })).toBe(pages);
  });

  it("never shows another space's pages", () => {
    expect(keep(pages, { queryKey: ["space", "space-b", "devices", "list", {}] })).toBeUndefined();
  });

  it("has nothing to keep on a first load", () => {
    expect(keep(undefined, undefined)).toBeUndefined();
  });
});
