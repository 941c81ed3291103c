import { QueryCache, QueryClient } from "@tanstack/react-query";
import { trackFetchStarts } from "../realtime/catch-up";
import { getSession, subscribeSession } from "../session/session";
import { ApiError } from "./api";
import { alertQueryFailure } from "./query-alerts";

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: alertQueryFailure }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Real-time events invalidate what changed; focus refetches would only add noise.
      refetchOnWindowFocus: false,
      // A 4xx will not get better by asking again; network and 5xx get two more tries.
      retry: (failures, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
    },
  },
});

// When each query's fetches start: a room's welcome refetches what may have missed an event (catch-up.ts).
trackFetchStarts(queryClient.getQueryCache());

// Signed out (here or in another tab): nothing of the previous user may linger in the cache.
let hadSession = getSession() !== null;
subscribeSession(() => {
  const has = getSession() !== null;
  if (hadSession && !has) queryClient.clear();
  hadSession = has;
});
