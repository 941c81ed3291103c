/**
 * Query keys of a space's devices. The list and detail queryOptions join these when the
 * device list lands; real-time events already invalidate by these prefixes.
 */
export const deviceQueries = {
  all: (space: string) => ["space", space, "devices"] as const,
  detail: (space: string, uuid: string) => [...deviceQueries.all(space), "detail", uuid] as const,
};
