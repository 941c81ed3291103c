import "@/lib/i18n/locales/en-assets";
import { MapPinIcon } from "lucide-react";
import { NoItems } from "@/components/list-states";
import { useT } from "@/lib/i18n";

/** No locations at all, or none matching the filters. */
export function NoLocations({ filtered, onReset }: { filtered: boolean; onReset: () => void }) {
  const t = useT();
  return (
    <NoItems
      filtered={filtered}
      onReset={onReset}
      icon={MapPinIcon}
      empty={{ title: t("locations.empty.title"), text: t("locations.empty.text") }}
      noMatch={{ title: t("locations.noMatch.title"), text: t("locations.noMatch.text") }}
      clearLabel={t("locations.filter.clear")}
    />
  );
}
