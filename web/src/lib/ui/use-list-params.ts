import { useCallback, useEffect, useRef, useState } from "react";
import { type SetURLSearchParams, useLocation, useResolvedPath, useSearchParams } from "react-router";

/** Each list's last query string (by the list's path), kept while one of its flyouts is open. */
const lastSearch = new Map<string, string>();
const trim = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : path);

/**
 * A list's URL search parameters (filters, ordering and view live in the URL).
 * While a flyout route under the list is open (/devices/addDeviceRunner, …) its URL has no query:
 * the list keeps the parameters it had; closing the flyout back to the bare list path puts them
 * back into the URL (replacing the entry). Call it inside the list's route.
 */
export function useListParams(): [URLSearchParams, SetURLSearchParams, { onList: boolean }] {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const own = trim(useResolvedPath(".").pathname);
  const onList = trim(pathname) === own;
  const key = params.toString();
  const wasOnList = useRef(onList);
  const saved = lastSearch.get(own) ?? "";
  const returning = onList && !wasOnList.current && key === "" && saved !== "";
  useEffect(() => {
    const cameBack = onList && !wasOnList.current;
    wasOnList.current = onList;
    if (!onList) return;
    const kept = lastSearch.get(own) ?? "";
    if (cameBack && key === "" && kept) {
      setParams(new URLSearchParams(kept), { replace: true });
      return;
    }
    lastSearch.set(own, key);
  }, [onList, key, own, setParams]);
  const effective = onList && !returning ? params : new URLSearchParams(saved);
  return [effective, setParams, { onList }];
}

/**
 * What a list's search box shows: typing shows at once (`type` also marks it as what the URL will
 * hold, so the box is not reset by its own write); a change of the URL's search from elsewhere
 * (back/forward, a saved view) is shown in the box.
 */
export function useSearchDraft(urlSearch: string) {
  const [draft, setDraft] = useState(urlSearch);
  const written = useRef(urlSearch);
  useEffect(() => {
    if (urlSearch !== written.current) {
      written.current = urlSearch;
      setDraft(urlSearch);
    }
  }, [urlSearch]);
  const type = useCallback((value: string) => {
    written.current = value.trim() ? value : "";
    setDraft(value);
  }, []);
  return [draft, type] as const;
}
