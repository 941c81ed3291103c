import { Layers3Icon } from "lucide-react";
import { Outlet } from "react-router";
import { EmptyState } from "@/components/ui/empty-state";
import { useT } from "@/lib/i18n";

/** /groups — the location-group list arrives with the groups issue. */
export function GroupsPage() {
  const t = useT();
  return (
    <div className="p-6">
      <EmptyState
        icon={Layers3Icon}
        title={t("groups.empty.title")}
        description={t("groups.empty.text")}
        className="rounded-lg border border-dashed"
      />
      <Outlet />
    </div>
  );
}
