import type { QueryClient } from "@tanstack/react-query";

/**
 * What a list route's loader (app/router.tsx `openList`) needs from the list to open it before it
 * renders: `remembered` gives a URL without filters the remembered ones (the URL's new parameters,
 * or null to keep it); `prefetchFirstPage` starts the query the list's first render makes for the
 * space and URL (the loader calls it once the signed-in user and their space are known), so React
 * Query hands that request to the list instead of starting another.
 */
export type ListOpener = {
  remembered: (params: URLSearchParams) => URLSearchParams | null;
  prefetchFirstPage: (client: QueryClient, space: string, params: URLSearchParams) => Promise<void>;
  /** Starts loading what the list's first render needs beyond its chunk (the rows view's table, when rows are the remembered view). */
  prepare?: () => void;
};
