import { useT } from "@/lib/i18n";
import { useNavigationPending } from "./routing/app-router";

/** A thin bar at the top while a lazy route loads (instead of a frozen screen). */
export function NavigationProgress() {
  const t = useT();
  const busy = useNavigationPending();
  if (!busy) return null;
  return (
    <div
      role="progressbar"
      aria-label={t("common.loading")}
      className="pointer-events-none fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden"
    >
      <div className="h-full w-2/5 animate-progress bg-primary" />
    </div>
  );
}
