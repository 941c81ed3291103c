import { useListParams, useSearchDraft } from "@/lib/ui/use-list-params";
import { GROUP_SORTS, type GroupOrdering } from "./group-filters";

export const DEFAULT_GROUP_ORDERING: GroupOrdering = "-created_at";

/** The ordering a groups URL names (the default for none or an unknown one). */
export const groupOrderingOf = (params: URLSearchParams): GroupOrdering =>
  GROUP_SORTS.find((sort) => sort.value === params.get("ordering"))?.value ?? DEFAULT_GROUP_ORDERING;

/**
 * The location groups list's search and ordering, kept in the URL: choosing an
 * ordering adds a history entry, typing in the search replaces it.
 */
export function useGroupFilters() {
  const [params, setParams] = useListParams();
  const ordering = groupOrderingOf(params);
  const urlSearch = params.get("search") ?? "";
  const [search, typeSearch] = useSearchDraft(urlSearch);
  const write = (key: "search" | "ordering", value: string, replace: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace },
    );
  return {
    search,
    setSearch: (value: string) => {
      typeSearch(value);
      write("search", value.trim() ? value : "", true);
    },
    ordering,
    setOrdering: (value: GroupOrdering) => write("ordering", value === DEFAULT_GROUP_ORDERING ? "" : value, false),
  };
}
