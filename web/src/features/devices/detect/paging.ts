import {
  DETECTION_COMPACT_PAGE_SIZE,
  DETECTION_DEFAULT_PAGE_SIZE,
  DETECTION_PAGE_SIZES,
} from "@contracts/detection/schema";

/** Below this width the table is compact: 7 rows a page and no page-size choice (console.md §9). */
export const COMPACT_MAX_WIDTH = 767;

export const pageSizeFor = (compact: boolean, chosen: number) =>
  compact
    ? DETECTION_COMPACT_PAGE_SIZE
    : (DETECTION_PAGE_SIZES as readonly number[]).includes(chosen)
      ? chosen
      : DETECTION_DEFAULT_PAGE_SIZE;

/** Pages for `total` rows (at least 1, so an empty list still reads "page 1 of 1"). */
export const pageCount = (total: number, size: number) => Math.max(1, Math.ceil(total / Math.max(1, size)));

/** The page clamped into 1…pages. */
export const clampPage = (page: number, pages: number) => Math.min(Math.max(1, Math.floor(page)), Math.max(1, pages));

/** The 1-based rows a page shows: { from, to } (0–0 when empty). */
export function pageRange(page: number, size: number, total: number): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  const from = (clampPage(page, pageCount(total, size)) - 1) * size + 1;
  return { from, to: Math.min(total, from + size - 1) };
}

/** After the page size changes: the page that still shows the first row seen before. */
export function pageAfterResize(page: number, oldSize: number, newSize: number): number {
  return Math.floor(((Math.max(1, page) - 1) * oldSize) / newSize) + 1;
}
