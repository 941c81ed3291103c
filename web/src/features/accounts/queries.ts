import { listAccounts } from "@contracts/accounts/routes";
import type { AccountStatus } from "@contracts/accounts/schema";
import { queryOptions } from "@tanstack/react-query";
import { callApi } from "@/lib/api/api";
import { previousPagesIn } from "@/lib/api/paging";

/** The list's filters as the page holds them ("" = no filter). */
export type AccountFilters = {
  search: string;
  status: AccountStatus | "";
  online: "" | "true" | "false";
  role_uuid: string;
  page: number;
  page_size: number;
};

/** The §3.10 accounts query string (empty filters left out). */
export const accountQuery = (f: AccountFilters) => ({
  search: f.search.trim(),
  status: f.status,
  online: f.online,
  role_uuid: f.role_uuid,
  page: f.page,
  page_size: f.page_size,
});

/** Query keys and options of a space's accounts; realtime presence invalidates `all`. */
export const accountQueries = {
  all: (space: string) => ["space", space, "accounts"] as const,
  /** GET /space/{space}/account/items/ — a page, its counts and the space-wide summary. */
  list: (space: string, filters: AccountFilters) =>
    queryOptions({
      queryKey: [...accountQueries.all(space), "list", filters] as const,
      queryFn: ({ signal }) => callApi(listAccounts, { params: { space }, query: accountQuery(filters), signal }),
      // Keep the current rows on screen while the next page or filter loads (never another space's).
      placeholderData: previousPagesIn(space),
    }),
};
