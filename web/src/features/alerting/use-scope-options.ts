import { useQuery } from "@tanstack/react-query";
import type { ServerSearch } from "@/components/filter-combobox";
import type { ComboOption } from "@/components/ui/option-list";
import { accessQueries } from "@/features/access/queries";
import { deviceReferenceQueries } from "@/features/devices/queries";
import { tagQueries } from "@/features/locations/queries";
import { useLocationOptions } from "@/features/locations/use-location-options";
import type { ScopeKind } from "./rule-logic";

/**
 * The choices of a scope's items: locations (searched on the server), location groups, tags or
 * device types. Only the kind shown is loaded.
 */
export function useScopeOptions(
  space: string,
  kind: ScopeKind | "location" | "group" | "tag",
  selected: readonly string[],
): { options: ComboOption[]; search?: ServerSearch; loading: boolean } {
  const locations = kind === "locations" || kind === "location";
  const groupsOn = kind === "groups" || kind === "group";
  const tagsOn = kind === "tags" || kind === "tag";
  const { options: locationOptions, ...locationSearch } = useLocationOptions(space, {
    enabled: locations,
    selected: locations ? selected : [],
  });
  const groups = useQuery({ ...accessQueries.groupOptions(space), enabled: groupsOn });
  const tags = useQuery({ ...tagQueries.list(space), enabled: tagsOn });
  const types = useQuery({ ...deviceReferenceQueries.types(space), enabled: kind === "device_types" });
  if (locations) return { options: locationOptions, search: locationSearch, loading: locationSearch.loading };
  if (groupsOn)
    return { options: (groups.data ?? []).map((g) => ({ value: g.uuid, label: g.name })), loading: groups.isPending };
  if (tagsOn)
    return {
      options: (tags.data ?? []).map((x) => ({ value: x.uuid, label: x.name, hint: String(x.total_number) })),
      loading: tags.isPending,
    };
  if (kind === "device_types")
    return { options: (types.data ?? []).map((x) => ({ value: x.uuid, label: x.name })), loading: types.isPending };
  return { options: [], loading: false };
}
