import type { Links } from "@contracts/http/paging";

/** The page number in a reply's `links.next` (an absolute URL with `page=`), or undefined at the end. */
export function nextPageOf(links: Links): number | undefined {
  if (!links.next) return undefined;
  const page = Number(new URL(links.next, "http://localhost").searchParams.get("page"));
  return Number.isInteger(page) && page > 0 ? page : undefined;
}

/**
 * `placeholderData` of a space's filtered list: while a new filter, search or order loads, the
 * list keeps the pages it shows (ListStates dims them and marks them busy) instead of swapping
 * them for its skeleton for a few frames — never another space's pages (keys start
 * `["space", space, …]`).
 */
export function previousPagesIn(space: string) {
  return <T>(previous: T | undefined, previousQuery?: { queryKey: readonly unknown[] }): T | undefined =>
    previousQuery?.queryKey[1] === space ? previous : undefined;
}
