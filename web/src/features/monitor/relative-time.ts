import type { Lang } from "@/lib/i18n";

const steps: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86_400],
  ["month", 30 * 86_400],
  ["week", 7 * 86_400],
  ["day", 86_400],
  ["hour", 3600],
  ["minute", 60],
  ["second", 10],
];

/**
 * A short relative time for dense lists: "now", "40 sec. ago", "3 min. ago", "2 days ago" (in
 * `lang`). A time slightly in the future (clock skew) reads "now"; an invalid time is "".
 */
export function relativeTime(iso: string, now: number, lang: Lang = "en"): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return "";
  const seconds = Math.max(0, Math.floor((now - at) / 1000));
  const format = new Intl.RelativeTimeFormat(lang, { numeric: "auto", style: "short" });
  for (const [unit, size] of steps) {
    if (seconds >= size) {
      const amount = unit === "second" ? seconds : Math.floor(seconds / size);
      return format.format(-amount, unit);
    }
  }
  return format.format(0, "second");
}
