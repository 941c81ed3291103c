import type { AccountStatus } from "@contracts/accounts/schema";
import { ACCOUNT_STATUSES, DEFAULT_ACCOUNT_PAGE_SIZE } from "@contracts/accounts/values";
import { useMemo, useState } from "react";
import { isOneOf } from "@/lib/api/json-checks";
import { useDebouncedValue } from "@/lib/ui/use-debounced-value";
import { useListParams, useSearchDraft } from "@/lib/ui/use-list-params";
import type { AccountFilters } from "./queries";

/** The left panel's choices: one value per group ("" = all). */
export type FilterChoice = { status: AccountStatus | ""; online: "" | "true" | "false"; role_uuid: string };
const NO_FILTER: FilterChoice = { status: "", online: "", role_uuid: "" };
const CHOICE_KEYS = ["status", "online", "role_uuid"] as const;

/** console.md §4/§9: search applies after 400 ms, filter changes after 500 ms. */
export const SEARCH_DEBOUNCE_MS = 400;
export const FILTER_DEBOUNCE_MS = 500;

/** The panel's choices a URL carries; unknown values are ignored. */
export function choiceFromSearch(params: URLSearchParams): FilterChoice {
  const status = params.get("status");
  const online = params.get("online") ?? "";
  return {
    status: isOneOf(ACCOUNT_STATUSES, status) ? status : "",
    online: online === "true" || online === "false" ? online : "",
    role_uuid: params.get("role_uuid")?.trim() ?? "",
  };
}

/** `params` with the search and choices in place of their own (empty ones left out). */
export function withAccountFilters(params: URLSearchParams, search: string, choice: FilterChoice) {
  const next = new URLSearchParams(params);
  for (const key of ["search", ...CHOICE_KEYS]) next.delete(key);
  if (search.trim()) next.set("search", search);
  for (const key of CHOICE_KEYS) if (choice[key]) next.set(key, choice[key]);
  return next;
}

/**
 * The accounts list's filter state, kept in the URL: choosing a filter adds a
 * history entry, typing in the search replaces it. What the inputs show changes at once; what is
 * queried follows after the debounce, and any change of it (or of the page size) starts at page 1.
 */
export function useAccountFilters() {
  const [params, setParams] = useListParams();
  const urlKey = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `urlKey` is the params' content.
  const choice = useMemo(() => choiceFromSearch(params), [urlKey]);
  const urlSearch = params.get("search") ?? "";
  const [search, typeSearch] = useSearchDraft(urlSearch);
  const [pageSize, setPageSize] = useState(DEFAULT_ACCOUNT_PAGE_SIZE);
  const appliedSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const appliedChoice = useDebouncedValue(choice, FILTER_DEBOUNCE_MS);

  // The page belongs to one set of filters: a new set reads as page 1, without an effect.
  const key = JSON.stringify([appliedSearch.trim(), appliedChoice, pageSize]);
  const [paging, setPaging] = useState({ key, page: 1 });
  const page = paging.key === key ? paging.page : 1;

  const write = (nextSearch: string, nextChoice: FilterChoice, replace: boolean) => {
    typeSearch(nextSearch);
    setParams((current) => withAccountFilters(current, nextSearch, nextChoice), { replace });
  };
  const applied: AccountFilters = { search: appliedSearch, ...appliedChoice, page, page_size: pageSize };
  const active = Boolean(search.trim() || choice.status || choice.online || choice.role_uuid);
  return {
    search,
    setSearch: (next: string) => write(next, choice, true),
    choice,
    setChoice: (next: Partial<FilterChoice>) => write(search, { ...choice, ...next }, false),
    applied,
    active,
    clear: () => write("", NO_FILTER, false),
    setPage: (next: number) => setPaging({ key, page: next }),
    setPageSize,
  };
}
