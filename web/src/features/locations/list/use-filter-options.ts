import "@/lib/i18n/locales/en-assets";
import { useQuery } from "@tanstack/react-query";
import type { ComboOption } from "@/components/ui/option-list";
import { useCurrentSpace } from "@/features/session/current-space";
import { useT } from "@/lib/i18n";
import { referenceQueries, tagQueries } from "../queries";

/** The choices of the type, country and tag filters, each led by an "All …" choice. */
export function useFilterOptions() {
  const t = useT();
  const { space } = useCurrentSpace();
  const types = useQuery(referenceQueries.locationTypes());
  const countries = useQuery(referenceQueries.countries());
  const tags = useQuery(tagQueries.list(space.space_uuid));
  const all = (label: string): ComboOption => ({ value: "", label });
  return {
    types: [all(t("locations.filter.allTypes")), ...(types.data ?? []).map((x) => ({ value: x.uuid, label: x.name }))],
    countries: [
      all(t("locations.filter.allCountries")),
      ...(countries.data ?? []).map((x) => ({ value: x.uuid, label: x.name, hint: x.code })),
    ],
    tags: [
      all(t("locations.filter.allTags")),
      ...(tags.data ?? []).map((x) => ({ value: x.uuid, label: x.name, hint: String(x.total_number) })),
    ],
  };
}
