import { type RefObject, useLayoutEffect, useState } from "react";

/**
 * Windowing for rows of one fixed height (the device grid's card rows): which rows a scroller shows,
 * plus `overscan` rows either side. With fixed heights this is arithmetic, so the list that opens first
 * does without TanStack Virtual (10 KB gzip, loaded lazily by the table view, whose rows it measures).
 */
export type RowWindow = { start: number; end: number };

export function visibleRows(opts: {
  count: number;
  rowHeight: number;
  /** The scroller's scrollTop, and its visible height. */
  scrollTop: number;
  viewportHeight: number;
  /** Where the rows start inside the scroller's content (what is above them). */
  margin: number;
  overscan: number;
}): RowWindow {
  const { count, rowHeight, scrollTop, viewportHeight, margin, overscan } = opts;
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const top = scrollTop - margin;
  // Clamped to the last row: the list can shrink (a filter) under a scroller still far down.
  const first = Math.min(count - 1, Math.floor(Math.max(0, top) / rowHeight));
  const last = Math.ceil(Math.max(0, top + viewportHeight) / rowHeight);
  return { start: Math.max(0, first - overscan), end: Math.min(count, Math.max(last, first + 1) + overscan) };
}

/** The rows of `count` in view of `scrollRef`, kept current on scroll and resize; re-renders only when the window moves. */
export function useFixedRows(opts: {
  count: number;
  rowHeight: number;
  margin: number;
  overscan: number;
  scrollRef: RefObject<HTMLElement | null>;
}): RowWindow {
  const { count, rowHeight, margin, overscan, scrollRef } = opts;
  const [win, setWin] = useState<RowWindow>(() =>
    // Before the first layout: the rows the window's height shows, so the first render draws no more
    // cards than the layout effect keeps.
    visibleRows({ count, rowHeight, scrollTop: 0, viewportHeight: window.innerHeight, margin: 0, overscan }),
  );
  useLayoutEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const next = visibleRows({
        count,
        rowHeight,
        scrollTop: scroller.scrollTop,
        viewportHeight: scroller.clientHeight,
        margin,
        overscan,
      });
      setWin((prev) => (prev.start === next.start && prev.end === next.end ? prev : next));
    };
    const onScroll = () => {
      if (frame === 0) frame = requestAnimationFrame(update);
    };
    update();
    scroller.addEventListener("scroll", onScroll, { passive: true });
    const observer = new ResizeObserver(onScroll);
    observer.observe(scroller);
    return () => {
      scroller.removeEventListener("scroll", onScroll);
      observer.disconnect();
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, [count, rowHeight, margin, overscan, scrollRef]);
  return win;
}
