import type { Links } from "@contracts/paging";

/** The page number in a reply's `links.next` (an absolute URL with `page=`), or undefined at the end. */
export function nextPageOf(links: Links): number | undefined {
  if (!links.next) return undefined;
  const page = Number(new URL(links.next, "http://localhost").searchParams.get("page"));
  return Number.isInteger(page) && page > 0 ? page : undefined;
}
