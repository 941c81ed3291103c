import { useQueryClient } from "@tanstack/react-query";
import { LoaderCircleIcon, WifiOffIcon } from "lucide-react";
import { useEffect } from "react";
import { useT } from "@/lib/i18n";
import { connection, useConnection } from "@/lib/realtime/connection";

/**
 * One banner while the server cannot be reached (lib/connection.ts), instead of each menu and list
 * failing on its own; when the server is back the banner goes and what was read before is read
 * again (queries that failed meanwhile included).
 */
export function ConnectionBanner() {
  const t = useT();
  const queryClient = useQueryClient();
  const { lost } = useConnection();
  useEffect(() => connection.onBack(() => void queryClient.invalidateQueries()), [queryClient]);
  if (!lost) return null;
  return (
    // Over the top bar from tablets up; on a phone above the thumb zone, clear of the menu and the add button.
    <div className="pointer-events-none fixed inset-x-0 top-2 z-[100] flex justify-center px-3 max-sm:top-auto max-sm:bottom-24">
      <p
        role="alert"
        data-testid="connection-banner"
        className="pointer-events-auto flex items-center gap-2 rounded-full border border-warning bg-warning/95 px-4 py-2 text-sm font-semibold text-black shadow-lg"
      >
        <WifiOffIcon className="size-4 shrink-0" aria-hidden="true" />
        {t("connection.lost")}
        <LoaderCircleIcon className="size-4 shrink-0 animate-spin" aria-hidden="true" />
      </p>
    </div>
  );
}
