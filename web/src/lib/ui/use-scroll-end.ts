import { type RefObject, useEffect, useRef } from "react";

/**
 * console.md §9: load the next page before the end is reached. The next page is asked for as soon as
 * the end is within one page of content (the loaded height over the pages loaded), checked once per
 * animation frame while scrolling, never after the scrolling stops (no stall at each page).
 */
export const SCROLL_END_THRESHOLD_PX = 100;

type ScrollEndOptions = {
  /** False while there is nothing more to load or a page is on its way. */
  enabled: boolean;
  /** Changes when items were added: a list that does not fill its box yet asks for more. */
  itemCount: number;
  /** Pages loaded so far: the end counts as near within one page's height of content (at least 100 px). */
  pages?: number;
};

type ScrollBox = { scrollTop: number; scrollHeight: number; clientHeight: number };

/** How close to the end counts as near: one page of content when `pages` are loaded, never under 100 px. */
export function nearEndThreshold(el: ScrollBox, pages = 0): number {
  return pages > 0 ? Math.max(SCROLL_END_THRESHOLD_PX, el.scrollHeight / pages) : SCROLL_END_THRESHOLD_PX;
}

export function isNearEnd(el: ScrollBox, threshold = SCROLL_END_THRESHOLD_PX) {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= threshold;
}

/** Calls `onEnd` when the scroll box `ref` is scrolled (or already is) near its end. */
export function useScrollEnd(ref: RefObject<HTMLElement | null>, onEnd: () => void, options: ScrollEndOptions) {
  const { enabled, itemCount, pages = 0 } = options;
  const latest = useRef(onEnd);
  useEffect(() => {
    latest.current = onEnd;
  }, [onEnd]);

  useEffect(() => {
    const el = ref.current;
    if (!el || !enabled) return;
    const check = () => {
      if (isNearEnd(el, nearEndThreshold(el, pages))) latest.current();
    };
    // itemCount is a dependency on purpose: re-check once new items are laid out.
    if (itemCount >= 0) check();
    // At most one check per frame, during the scroll (no debounce: it stalled at every page).
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        check();
      });
    };
    el.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      el.removeEventListener("scroll", onScroll);
    };
  }, [ref, enabled, itemCount, pages]);
}

/** What useLoadMoreOnScroll needs of an infinite query. */
type PagedList = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** Showing the previous filter's pages while the new first page loads: no "next" of those. */
  isPlaceholderData?: boolean;
  fetchNextPage: () => Promise<unknown>;
  data?: { pages: readonly unknown[] };
};

/** Loads the infinite query `list`'s next page when `ref` is scrolled within a page of its end (`itemCount` items so far). */
export function useLoadMoreOnScroll(ref: RefObject<HTMLElement | null>, list: PagedList, itemCount: number) {
  useScrollEnd(ref, () => void list.fetchNextPage(), {
    enabled: list.hasNextPage && !list.isFetchingNextPage && !list.isPlaceholderData,
    itemCount,
    pages: list.data?.pages.length ?? 0,
  });
}
