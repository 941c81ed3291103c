import { Tooltip } from "@/components/ui/tooltip";
import { useI18n } from "@/lib/i18n";
import { formatDateTime } from "@/lib/i18n/datetime";
import { cn } from "@/lib/ui/utils";
import { relativeTime } from "./relative-time";
import { useNow } from "./use-now";

/** "3 min. ago", ticking; the exact local time (dd MMM yyyy HH:mm:ss) on hover and focus. */
export function RelativeTimeText({ iso, className }: { iso: string; className?: string }) {
  const { lang } = useI18n();
  const now = useNow();
  const exact = formatDateTime(iso, lang);
  return (
    <Tooltip label={exact} side="left">
      <time
        dateTime={iso}
        className={cn("shrink-0 text-xs whitespace-nowrap text-muted-foreground tabular-nums ", className)}
      >
        {relativeTime(iso, now, lang)}
      </time>
    </Tooltip>
  );
}
