import { listAccounts } from "@contracts/accounts/routes";
import { listDevices } from "@contracts/devices/routes";
import { listLocationGroups } from "@contracts/location-groups/routes";
import { listLocations } from "@contracts/locations/routes";
import { useQuery } from "@tanstack/react-query";
import { callApi } from "@/lib/api/api";
import { useDebouncedValue } from "@/lib/ui/use-debounced-value";
import { PALETTE_DEBOUNCE_MS, PALETTE_PER_KIND } from "./items";

/** One result row: what to show and what to remember when it is picked. */
export type PaletteResult = { id: string; label: string; hint?: string };

const RESULT_STALE_MS = 30_000;

/**
 * The palette's searches: devices, locations, groups and accounts from their
 * list APIs with `search`, 8 of each, once typing pauses 150 ms. A newer query leaves the older
 * one without observers, and React Query aborts its request (the signal is passed on).
 * `open`: false while a closed palette animates out — its last debounced query searches nothing.
 */
export function usePaletteResults(space: string, query: string, open = true) {
  const search = useDebouncedValue(query.trim(), PALETTE_DEBOUNCE_MS);
  const on = search.length > 0;
  const key = (kind: string) => ["space", space, "palette", kind, search] as const;
  const options = { enabled: on && open, staleTime: RESULT_STALE_MS, retry: false } as const;
  const page = { search, page_size: PALETTE_PER_KIND };

  const devices = useQuery({
    ...options,
    queryKey: key("devices"),
    queryFn: ({ signal }) => callApi(listDevices, { params: { space }, query: page, signal }),
    select: (reply): PaletteResult[] =>
      reply.devices.map((d) => ({ id: d.uuid, label: d.name, hint: d.location_name ?? undefined })),
  });
  const locations = useQuery({
    ...options,
    queryKey: key("locations"),
    queryFn: ({ signal }) => callApi(listLocations, { params: { space }, query: page, signal }),
    select: (reply): PaletteResult[] =>
      reply.locations.map((l) => ({
        id: l.uuid,
        label: l.name,
        hint: [l.city, l.country_name].filter(Boolean).join(", ") || undefined,
      })),
  });
  const groups = useQuery({
    ...options,
    queryKey: key("groups"),
    queryFn: ({ signal }) => callApi(listLocationGroups, { params: { space }, query: page, signal }),
    select: (reply): PaletteResult[] => reply.location_groups.map((g) => ({ id: g.uuid, label: g.name })),
  });
  const accounts = useQuery({
    ...options,
    queryKey: key("accounts"),
    queryFn: ({ signal }) => callApi(listAccounts, { params: { space }, query: page, signal }),
    select: (reply): PaletteResult[] =>
      reply.accounts.map((a) => ({ id: a.account_uuid, label: a.display_name || a.email, hint: a.email })),
  });

  const all = [devices, locations, groups, accounts];
  return {
    /** The query the results are for (trails the typed one by the debounce). */
    search: on ? search : "",
    /** Typed but not answered yet (the debounce, or requests in flight). */
    pending: query.trim().length > 0 && (search !== query.trim() || all.some((q) => q.isFetching)),
    devices: on ? (devices.data ?? []) : [],
    locations: on ? (locations.data ?? []) : [],
    groups: on ? (groups.data ?? []) : [],
    accounts: on ? (accounts.data ?? []) : [],
  };
}
