import { listLocations } from "@contracts/locations/routes";
import type { Location } from "@contracts/locations/schema";
import { keepPreviousData, useQueries, useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import type { ComboOption } from "@/components/ui/option-list";
import { callApi } from "@/lib/api/api";
import { useT } from "@/lib/i18n";
import { useDebouncedValue } from "@/lib/ui/use-debounced-value";
import { locationQueries } from "./queries";

/** How many locations one answer carries: a picker shows a screenful and the search narrows it. */
export const LOCATION_PICKER_PAGE = 50;
const SEARCH_DEBOUNCE_MS = 250;

/**
 * A location picker's choices, searched on the server as the user types (name, display id, city
 * or address), so a space with thousands of locations is as reachable as one with ten. Names of
 * chosen locations that are not in the current answer (a URL filter, an earlier search) are read
 * one by one, so a choice never shows as a bare uuid.
 */
export function useLocationOptions(
  space: string,
  {
    enabled = true,
    selected = [],
    hint,
  }: {
    enabled?: boolean;
    selected?: readonly string[];
    /** A second line for each choice (e.g. its devices and city). */
    hint?: (location: Location) => string | undefined;
  } = {},
) {
  const t = useT();
  const [query, setQuery] = useState("");
  const search = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const reply = useQuery({
    queryKey: [...locationQueries.all(space), "picker", search] as const,
    queryFn: ({ signal }) =>
      callApi(listLocations, {
        params: { space },
        query: { ordering: "name", page_size: LOCATION_PICKER_PAGE, ...(search ? { search } : {}) },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
  const names = useRef(new Map<string, string>());
  for (const location of reply.data?.locations ?? []) names.current.set(location.uuid, location.name);
  const missing = selected.filter((uuid) => uuid && !names.current.has(uuid));
  const details = useQueries({
    queries: missing.map((uuid) => ({ ...locationQueries.detail(space, uuid), enabled, retry: false })),
  });
  for (const detail of details) if (detail.data) names.current.set(detail.data.uuid, detail.data.name);

  const options: ComboOption[] = (reply.data?.locations ?? []).map((x) => ({
    value: x.uuid,
    label: x.name,
    hint: hint?.(x),
  }));
  const count = reply.data?.objects_count ?? 0;
  return {
    options,
    onQueryChange: setQuery,
    // Until the answer to what was typed is here (the debounce included), the list shows the
    // last answer filtered in the browser, so a quick Enter still picks what was typed.
    loading: query.trim() !== search || (reply.isFetching && (reply.isPlaceholderData || !reply.data)),
    labelOf: (uuid: string) => names.current.get(uuid),
    moreText: count > options.length ? t("common.typeToNarrow", { shown: options.length, count }) : undefined,
  };
}
