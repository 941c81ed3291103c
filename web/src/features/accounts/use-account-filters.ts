import type { AccountStatus } from "@contracts/account";
import { DEFAULT_ACCOUNT_PAGE_SIZE } from "@contracts/account";
import { useState } from "react";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import type { AccountFilters } from "./queries";

/** The left panel's choices: one value per group ("" = all). */
export type FilterChoice = { status: AccountStatus | ""; online: "" | "true" | "false"; role_uuid: string };
const NO_FILTER: FilterChoice = { status: "", online: "", role_uuid: "" };

/** console.md §4/§9: search applies after 400 ms, filter changes after 500 ms. */
export const SEARCH_DEBOUNCE_MS = 400;
export const FILTER_DEBOUNCE_MS = 500;

/**
 * The accounts list's filter state. What the inputs show changes at once; what is queried
 * follows after the debounce, and any change of it (or of the page size) starts at page 1.
 */
export function useAccountFilters() {
  const [search, setSearch] = useState("");
  const [choice, setChoice] = useState<FilterChoice>(NO_FILTER);
  const [pageSize, setPageSize] = useState(DEFAULT_ACCOUNT_PAGE_SIZE);
  const appliedSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const appliedChoice = useDebouncedValue(choice, FILTER_DEBOUNCE_MS);

  // The page belongs to one set of filters: a new set reads as page 1, without an effect.
  const key = JSON.stringify([appliedSearch.trim(), appliedChoice, pageSize]);
  const [paging, setPaging] = useState({ key, page: 1 });
  const page = paging.key === key ? paging.page : 1;

  const applied: AccountFilters = { search: appliedSearch, ...appliedChoice, page, page_size: pageSize };
  const active = Boolean(search.trim() || choice.status || choice.online || choice.role_uuid);
  return {
    search,
    setSearch,
    choice,
    setChoice: (next: Partial<FilterChoice>) => setChoice((current) => ({ ...current, ...next })),
    applied,
    active,
    clear: () => {
      setSearch("");
      setChoice(NO_FILTER);
    },
    setPage: (next: number) => setPaging({ key, page: next }),
    setPageSize,
  };
}
