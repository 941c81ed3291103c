import { CalendarClockIcon } from "lucide-react";
import { EmptyState } from "@/components/ui/empty-state";
import { useT } from "@/lib/i18n";

/** /locations/global — the space's weekly schedule arrives with the working-time issue. */
export function WorkingTimePage() {
  const t = useT();
  return (
    <div className="p-6">
      <EmptyState
        icon={CalendarClockIcon}
        title={t("workingTime.empty.title")}
        description={t("workingTime.empty.text")}
        className="rounded-lg border border-dashed"
      />
    </div>
  );
}
