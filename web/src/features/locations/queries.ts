/** Query keys of a space's locations (queryOptions arrive with the location list). */
export const locationQueries = {
  all: (space: string) => ["space", space, "locations"] as const,
  detail: (space: string, uuid: string) => [...locationQueries.all(space), "detail", uuid] as const,
};
