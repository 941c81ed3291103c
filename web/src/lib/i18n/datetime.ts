import type { Lang } from "./index";

const pad = (n: number) => String(n).padStart(2, "0");

/** console.md §9 display format `dd MMM yyyy HH:mm:ss`, local time; "" for no value. */
export function formatDateTime(iso: string | null | undefined, lang: Lang = "en"): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const month = new Intl.DateTimeFormat(lang, { month: "short" }).format(d).replace(".", "");
  return `${pad(d.getDate())} ${month} ${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

const steps: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86_400],
  ["month", 30 * 86_400],
  ["week", 7 * 86_400],
  ["day", 86_400],
  ["hour", 3600],
  ["minute", 60],
];

/**
 * `seconds` ago in `format`, in the largest unit it fills ("3 min. ago", "2 days ago"); under a
 * minute, the seconds themselves from `secondsFrom` on, "now" below that (and for NaN).
 */
export function secondsAgo(seconds: number, format: Intl.RelativeTimeFormat, secondsFrom = Number.POSITIVE_INFINITY) {
  for (const [unit, size] of steps) {
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  }
  return seconds >= secondsFrom ? format.format(-seconds, "second") : format.format(0, "second");
}

/** "5 minutes ago", "2 days ago" (in `lang`); under a minute counts as "now". */
export function formatTimeAgo(iso: string, lang: Lang = "en", now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  return secondsAgo(seconds, new Intl.RelativeTimeFormat(lang, { numeric: "auto" }));
}
