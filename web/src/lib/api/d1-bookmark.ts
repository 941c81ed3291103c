/*
 * Read-your-own-writes across requests. The API's reads may be served by a D1 read
 * replica; each reply carries the bookmark (X-D1-Bookmark) of the database state it saw, and a
 * request that sends one back reads at least that state. So a list fetched right after a save
 * shows the save. The newest bookmark is kept (they sort oldest to newest), in memory and in
 * localStorage, so a reload or another tab of the console carries it on.
 */

export const BOOKMARK_HEADER = "X-D1-Bookmark";
const STORAGE_KEY = "outpost.d1Bookmark";
/** A D1 bookmark: four hex groups, the last of 32 digits (the Worker ignores anything else). */
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/i;

let latest: string | null | undefined;

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

/** The newest bookmark this browser has seen, or null. */
export function currentBookmark(): string | null {
  if (latest === undefined) {
    const stored = storage()?.getItem(STORAGE_KEY) ?? null;
    latest = stored && BOOKMARK.test(stored) ? stored : null;
  }
  return latest;
}

/** The header to send with a request: the newest bookmark, if any. */
export function bookmarkHeaders(): Record<string, string> {
  const bookmark = currentBookmark();
  return bookmark ? { [BOOKMARK_HEADER]: bookmark } : {};
}

/** Keeps a reply's bookmark when it is newer than the one kept (replies may arrive out of order). */
export function keepBookmark(res: Pick<Response, "headers">) {
  const bookmark = res.headers.get(BOOKMARK_HEADER);
  if (!bookmark || !BOOKMARK.test(bookmark)) return;
  const kept = currentBookmark();
  if (kept && bookmark <= kept) return;
  latest = bookmark;
  try {
    storage()?.setItem(STORAGE_KEY, bookmark);
  } catch {
    // Storage full or refused: the bookmark is still kept for this page.
  }
}
