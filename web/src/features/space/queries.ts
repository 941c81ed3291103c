import { getSpace, listRoles } from "@contracts/spaces/routes";
import { queryOptions } from "@tanstack/react-query";
import { callApi } from "@/lib/api/api";

export const spaceQueries = {
  all: (space: string) => ["space", space] as const,
  /** GET /space/{space}/ — settings, custom fields and the caller's role. */
  detail: (space: string) =>
    queryOptions({
      queryKey: [...spaceQueries.all(space), "detail"] as const,
      queryFn: ({ signal }) => callApi(getSpace, { params: { space }, signal }),
      staleTime: 5 * 60_000,
    }),
  /** GET /space/{space}/role/items/ — Admin, Content Manager, Viewer. */
  roles: (space: string) =>
    queryOptions({
      queryKey: [...spaceQueries.all(space), "roles"] as const,
      queryFn: ({ signal }) => callApi(listRoles, { params: { space }, signal }),
      staleTime: 10 * 60_000,
    }),
};
