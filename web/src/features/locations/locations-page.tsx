import { MapPinIcon } from "lucide-react";
import { Outlet } from "react-router";
import { EmptyState } from "@/components/ui/empty-state";
import { useT } from "@/lib/i18n";

/** /locations — the location list arrives with the locations issue. */
export function LocationsPage() {
  const t = useT();
  return (
    <div className="p-6">
      <EmptyState
        icon={MapPinIcon}
        title={t("locations.empty.title")}
        description={t("locations.empty.text")}
        className="rounded-lg border border-dashed"
      />
      <Outlet />
    </div>
  );
}
