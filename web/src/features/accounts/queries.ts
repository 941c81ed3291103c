/** Query keys of a space's accounts (queryOptions arrive with the accounts table). */
export const accountQueries = {
  all: (space: string) => ["space", space, "accounts"] as const,
};
