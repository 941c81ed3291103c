import type { Lang } from "@/lib/i18n";
import { secondsAgo } from "@/lib/i18n/datetime";

/**
 * A short relative time for dense lists: "now", "40 sec. ago", "3 min. ago", "2 days ago" (in
 * `lang`). A time slightly in the future (clock skew) reads "now"; an invalid time is "".
 */
export function relativeTime(iso: string, now: number, lang: Lang = "en"): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return "";
  const seconds = Math.max(0, Math.floor((now - at) / 1000));
  return secondsAgo(seconds, new Intl.RelativeTimeFormat(lang, { numeric: "auto", style: "short" }), 10);
}
