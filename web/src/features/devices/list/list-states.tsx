import "@/lib/i18n/locales/en-devices";
import { MonitorSmartphoneIcon } from "lucide-react";
import { NoItems } from "@/components/list-states";
import { useT } from "@/lib/i18n";

/** No devices at all, or none matching the filters. */
export function NoDevices({ filtered, onReset }: { filtered: boolean; onReset: () => void }) {
  const t = useT();
  return (
    <NoItems
      filtered={filtered}
      onReset={onReset}
      icon={MonitorSmartphoneIcon}
      empty={{ title: t("devices.empty.title"), text: t("devices.empty.text") }}
      noMatch={{ title: t("devices.noMatch.title"), text: t("devices.noMatch.text") }}
      clearLabel={t("devices.filter.clear")}
    />
  );
}
