import { describe, expect, it } from "vitest";
import { visibleRows } from "./fixed-rows";

const base = { count: 1000, rowHeight: 100, scrollTop: 0, viewportHeight: 450, margin: 0, overscan: 0 };

describe("visibleRows", () => {
  it("shows the rows that intersect the viewport at the top", () => {
    expect(visibleRows(base)).toEqual({ start: 0, end: 5 });
  });

  it("follows the scroll position, with overscan either side", () => {
    expect(visibleRows({ ...base, scrollTop: 1050 })).toEqual({ start: 10, end: 15 });
    expect(visibleRows({ ...base, scrollTop: 1050, overscan: 3 })).toEqual({ start: 7, end: 18 });
  });

  it("counts what is above the rows in the scroller (the margin)", () => {
    // A 300 px header: at scrollTop 300 the first row is at the top.
    expect(visibleRows({ ...base, margin: 300, scrollTop: 300 })).toEqual({ start: 0, end: 5 });
    expect(visibleRows({ ...base, margin: 300, scrollTop: 0 })).toEqual({ start: 0, end: 2 });
  });

  it("never goes past the last row or below zero", () => {
    expect(visibleRows({ ...base, count: 3, overscan: 5 })).toEqual({ start: 0, end: 3 });
    expect(visibleRows({ ...base, count: 20, scrollTop: 5000, overscan: 2 })).toEqual({ start: 17, end: 20 });
    expect(visibleRows({ ...base, count: 0 })).toEqual({ start: 0, end: 0 });
  });

  it("shows at least one row when the viewport has no height yet", () => {
    expect(visibleRows({ ...base, viewportHeight: 0 })).toEqual({ start: 0, end: 1 });
  });
});
