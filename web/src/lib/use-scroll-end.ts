import { type RefObject, useEffect, useRef } from "react";

/** console.md §9: load the next page within 100 px of the end, scroll events debounced 200 ms. */
export const SCROLL_END_THRESHOLD_PX = 100;
export const SCROLL_DEBOUNCE_MS = 200;

type ScrollEndOptions = {
  /** False while there is nothing more to load or a page is on its way. */
  enabled: boolean;
  /** Changes when items were added: a list that does not fill its box yet asks for more. */
  itemCount: number;
};

export function isNearEnd(el: { scrollTop: number; scrollHeight: number; clientHeight: number }) {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= SCROLL_END_THRESHOLD_PX;
}

/** Calls `onEnd` when the scroll box `ref` is scrolled (or already is) near its end. */
export function useScrollEnd(ref: RefObject<HTMLElement | null>, onEnd: () => void, options: ScrollEndOptions) {
  const { enabled, itemCount } = options;
  const latest = useRef(onEnd);
  useEffect(() => {
    latest.current = onEnd;
  }, [onEnd]);

  useEffect(() => {
    const el = ref.current;
    if (!el || !enabled) return;
    // itemCount is a dependency on purpose: re-check once new items are laid out.
    if (itemCount >= 0 && isNearEnd(el)) latest.current();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (isNearEnd(el)) latest.current();
      }, SCROLL_DEBOUNCE_MS);
    };
    el.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      el.removeEventListener("scroll", onScroll);
    };
  }, [ref, enabled, itemCount]);
}

/** What useLoadMoreOnScroll needs of an infinite query. */
type PagedList = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };

/** Loads the infinite query `list`'s next page when `ref` is scrolled near its end (`itemCount` items so far). */
export function useLoadMoreOnScroll(ref: RefObject<HTMLElement | null>, list: PagedList, itemCount: number) {
  useScrollEnd(ref, () => void list.fetchNextPage(), {
    enabled: list.hasNextPage && !list.isFetchingNextPage,
    itemCount,
  });
}
