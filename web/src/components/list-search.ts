/*
 * The list search of the page: `/` focuses it, the command palette fills it.
 * SearchField registers itself here when given `listSearch`. A page can hold more than one list (a flyout over
 * its page): the one to use is shown and not behind a modal (Radix hides the rest with aria-hidden).
 */
type ListSearch = { input: HTMLInputElement; set: (value: string) => void };
/** Each registered search with the page it belongs to (the address when it appeared). */
const listSearches = new Set<ListSearch & { path: string }>();
/** A fill for a page being opened; forgotten after FILL_WAIT_MS (the page never came). */
let pendingFill: { path: string; value: string; until: number } | null = null;
const FILL_WAIT_MS = 10_000;

/** Called by a SearchField with `listSearch` while it is mounted; answers the unregister. */
export function registerListSearch(search: ListSearch) {
  const entry = { ...search, path: window.location.pathname };
  listSearches.add(entry);
  if (pendingFill && pendingFill.until > Date.now() && entry.path === pendingFill.path) {
    const { value } = pendingFill;
    pendingFill = null;
    search.set(value);
  }
  return () => {
    listSearches.delete(entry);
  };
}

/** The shown list search, of the page at `path` when given. */
function usableListSearch(path?: string): ListSearch | null {
  for (const search of [...listSearches].reverse()) {
    if (path !== undefined && search.path !== path) continue;
    const { input } = search;
    if (!input.isConnected || input.disabled || input.getClientRects().length === 0) continue;
    if (input.closest("[aria-hidden='true'], [inert]")) continue;
    return search;
  }
  return null;
}

/** `/`: focuses (and selects) the shown list's search; false when the page has none. */
export function focusListSearch(): boolean {
  const search = usableListSearch();
  if (!search) return false;
  search.input.focus();
  search.input.select();
  return true;
}

/**
 * Puts `value` into the list search of the page at `path`: at once when it is shown, else when
 * that page's list search appears (the caller navigates there).
 */
export function fillListSearch(path: string, value: string) {
  // Only a search that appeared on `path` is that page's: the one on screen may belong to the page
  // the caller's navigation is leaving.
  const search = usableListSearch(path);
  if (search) {
    search.set(value);
    return;
  }
  pendingFill = { path, value, until: Date.now() + FILL_WAIT_MS };
}
