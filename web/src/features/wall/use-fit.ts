import { type RefObject, useLayoutEffect, useState } from "react";

/**
 * How many rows (and columns) of a list fit in `ref`'s box, for lists that must never scroll on
 * a wall: rows are `rowEm` high with `gapEm` between them (em of the box's font size, which
 * scales with the viewport), columns at least `minColEm` wide. Follows the box's size.
 */
export function useFit(
  ref: RefObject<HTMLElement | null>,
  { rowEm, gapEm = 0, minColEm }: { rowEm: number; gapEm?: number; minColEm?: number },
): { rows: number; cols: number } {
  const [fit, setFit] = useState({ rows: 0, cols: 1 });
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => {
      const em = Number.parseFloat(getComputedStyle(box).fontSize) || 16;
      const rows = Math.max(0, Math.floor((box.clientHeight + gapEm * em) / ((rowEm + gapEm) * em)));
      const cols = minColEm ? Math.max(1, Math.floor((box.clientWidth + gapEm * em) / ((minColEm + gapEm) * em))) : 1;
      setFit((old) => (old.rows === rows && old.cols === cols ? old : { rows, cols }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [ref, rowEm, gapEm, minColEm]);
  return fit;
}
