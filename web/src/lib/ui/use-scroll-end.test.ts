import { describe, expect, it } from "vitest";
import { isNearEnd, nearEndThreshold, SCROLL_END_THRESHOLD_PX } from "./use-scroll-end";

// Three pages of 36 rows at 50 px: 5400 px of content in an 800 px box.
const box = (scrollTop: number) => ({ scrollTop, scrollHeight: 5400, clientHeight: 800 });

describe("near the end of an infinite list", () => {
  it("counts one page of content as near once pages are loaded (no waiting for the last 100 px)", () => {
    expect(nearEndThreshold(box(0), 3)).toBe(1800);
    // 1800 px left below the box: the next page is asked for now, a page ahead of the end.
    expect(isNearEnd(box(2800), nearEndThreshold(box(2800), 3))).toBe(true);
    expect(isNearEnd(box(2799), nearEndThreshold(box(2799), 3))).toBe(false);
  });

  it("keeps the 100 px floor without pages and for short pages", () => {
    expect(nearEndThreshold(box(0))).toBe(SCROLL_END_THRESHOLD_PX);
    expect(nearEndThreshold({ scrollTop: 0, scrollHeight: 150, clientHeight: 100 }, 3)).toBe(SCROLL_END_THRESHOLD_PX);
    expect(isNearEnd(box(4500))).toBe(true);
    expect(isNearEnd(box(4499))).toBe(false);
  });
});
