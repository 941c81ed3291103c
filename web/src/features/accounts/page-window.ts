/** console.md §9: the pager shows at most 10 page buttons, a window around the current page. */
export const PAGE_BUTTONS = 10;

export function pageWindow(page: number, pages: number, size = PAGE_BUTTONS): number[] {
  if (pages <= 0) return [];
  const first = Math.max(1, Math.min(page - Math.floor(size / 2), pages - size + 1));
  const last = Math.min(pages, first + size - 1);
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}
