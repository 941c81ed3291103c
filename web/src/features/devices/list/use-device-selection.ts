import { useCallback, useMemo, useRef, useState } from "react";

/**
 * The device list's multi-select: a click toggles one device, a shift-click
 * sets the whole range from the last clicked one to this one (to that one's new state), the
 * header checkbox takes every loaded device, and "all matching" stands for every device the
 * list's filter matches (also those not loaded yet). A new filter (`key`) clears the selection.
 * While `frozen` (the list still shows the last filter's or order's rows as the new ones load,
 * web/src/lib/paging.ts) nothing can be ticked: those rows may not be in the answer.
 */
export type DeviceSelection = ReturnType<typeof useDeviceSelection>;

/** The uuids of `order` from index `from` to `to` (either way round). */
export function rangeOf(order: readonly string[], from: number, to: number) {
  const [start, end] = from <= to ? [from, to] : [to, from];
  return order.slice(start, end + 1);
}

export function useDeviceSelection(order: readonly string[], key: string, frozen = false) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [allMatching, setAllMatching] = useState(false);
  const anchor = useRef<number | null>(null);
  const [shownKey, setShownKey] = useState(key);
  if (shownKey !== key) {
    setShownKey(key);
    setSelected(new Set());
    setAllMatching(false);
    anchor.current = null;
  }

  const toggle = useCallback(
    (uuid: string, range: boolean) => {
      if (frozen) return;
      const index = order.indexOf(uuid);
      setAllMatching(false);
      setSelected((current) => {
        const next = new Set(current);
        const on = !current.has(uuid);
        const uuids = range && anchor.current !== null && index >= 0 ? rangeOf(order, anchor.current, index) : [uuid];
        for (const u of uuids) {
          if (on) next.add(u);
          else next.delete(u);
        }
        return next;
      });
      if (index >= 0) anchor.current = index;
    },
    [order, frozen],
  );

  const selectLoaded = useCallback(
    (on: boolean) => {
      if (frozen) return;
      setAllMatching(false);
      setSelected(on ? new Set(order) : new Set());
      anchor.current = null;
    },
    [order, frozen],
  );

  const clear = useCallback(() => {
    setSelected(new Set());
    setAllMatching(false);
    anchor.current = null;
  }, []);

  return useMemo(() => {
    const loadedSelected = order.filter((u) => selected.has(u)).length;
    return {
      selected,
      allMatching,
      frozen,
      count: selected.size,
      /** The header checkbox: every loaded device, some, or none. */
      pageState:
        order.length > 0 && loadedSelected === order.length
          ? (true as const)
          : loadedSelected > 0
            ? ("indeterminate" as const)
            : (false as const),
      isSelected: (uuid: string) => allMatching || selected.has(uuid),
      toggle,
      selectLoaded,
      selectAllMatching: () => {
        setSelected(new Set(order));
        setAllMatching(true);
      },
      clear,
    };
  }, [order, selected, allMatching, frozen, toggle, selectLoaded, clear]);
}
