import type { QueryClient } from "@tanstack/react-query";

/**
 * What a list route's loader (app/router.tsx `openList`) does before the list renders: a URL
 * without filters gets the remembered ones (`remembered` returns the URL's new parameters, or
 * null to keep it), and the first page is asked for as soon as the signed-in user is known
 * (`preload` makes exactly the query the list's first render makes, so React Query hands that
 * request to the list instead of starting another).
 */
export type ListOpener = {
  remembered: (params: URLSearchParams) => URLSearchParams | null;
  preload: (client: QueryClient, params: URLSearchParams) => Promise<void>;
};
