/** Query keys of a space's location groups (queryOptions arrive with the group list). */
export const groupQueries = {
  all: (space: string) => ["space", space, "groups"] as const,
};
