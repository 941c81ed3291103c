import { listDisplayCaptures } from "@contracts/display-health/routes";
import { queryOptions } from "@tanstack/react-query";
import { callApi } from "@/lib/api/api";

/** GET …/display-captures?display=…: a display's state and its last 24 h of captures. */
export const displayHealthQueries = {
  captures: (space: string, uuid: string, display: string) =>
    queryOptions({
      queryKey: ["space", space, "device", uuid, "display-captures", display] as const,
      queryFn: ({ signal }) => callApi(listDisplayCaptures, { params: { space, uuid }, query: { display }, signal }),
      // A new capture comes every few minutes: refreshed each minute while shown.
      refetchInterval: 60_000,
      staleTime: 30_000,
    }),
};
