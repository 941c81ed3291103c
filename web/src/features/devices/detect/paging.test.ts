import { describe, expect, it } from "vitest";
import { clampPage, pageAfterResize, pageCount, pageRange, pageSizeFor } from "./paging";

describe("page size", () => {
  it("is the chosen size, 7 in the compact view, 10 for an unknown choice", () => {
    expect(pageSizeFor(false, 15)).toBe(15);
    expect(pageSizeFor(true, 15)).toBe(7);
    expect(pageSizeFor(false, 12)).toBe(10);
  });
});

describe("page slicing", () => {
  it("counts pages", () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(15, 7)).toBe(3);
  });

  it("gives the rows of a page", () => {
    expect(pageRange(1, 10, 0)).toEqual({ from: 0, to: 0 });
    expect(pageRange(1, 10, 23)).toEqual({ from: 1, to: 10 });
    expect(pageRange(3, 10, 23)).toEqual({ from: 21, to: 23 });
    expect(pageRange(9, 10, 23)).toEqual({ from: 21, to: 23 });
    expect(pageRange(2, 7, 15)).toEqual({ from: 8, to: 14 });
  });

  it("clamps the page", () => {
    expect(clampPage(0, 3)).toBe(1);
    expect(clampPage(5, 3)).toBe(3);
    expect(clampPage(2, 0)).toBe(1);
  });

  it("keeps the first row seen in view when the size changes", () => {
    expect(pageAfterResize(3, 10, 5)).toBe(5); // row 21
    expect(pageAfterResize(5, 5, 20)).toBe(2); // row 21
    expect(pageAfterResize(1, 10, 7)).toBe(1);
  });
});
