/** Pure display rules of the device screens (devices.md §9, console.md §9). */

const pad = (n: number) => String(n).padStart(2, "0");

/** Seconds as hours:minutes:seconds ("49:05:07"); hours are not wrapped at 24. */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** The online/offline streak: time since `since` (online_since or last_seen), or null without one. */
export function streakSeconds(since: string | null, now: number): number | null {
  if (!since) return null;
  const start = Date.parse(since);
  return Number.isNaN(start) ? null : Math.max(0, Math.floor((now - start) / 1000));
}

/**
 * RAM from bytes: GB = bytes / 1024³ rounded to the nearest (console.md's display rule; a machine
 * with 7.2 GB usable is not shown as 8); null = unknown. At least 1 for any known amount, so a
 * small board never reads "0 GB".
 */
export function ramGb(bytes: number | null | undefined): number | null {
  if (bytes === null || bytes === undefined || bytes <= 0) return null;
  return Math.max(1, Math.round(bytes / 1073741824));
}

/** Memory and disk in GB with 2 decimals (from bytes). */
export const gb2 = (bytes: number) => (bytes / 1073741824).toFixed(2);

/** Traffic: below 1e4 bytes in KB, from 1e4 in MB, from 1e9 in GB (2 decimals). */
export function formatTraffic(bytes: number): string {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(2)} GB`;
  if (bytes >= 1e4) return `${(bytes / 1e6).toFixed(2)} MB`;
  return `${(bytes / 1e3).toFixed(2)} KB`;
}

/** Load as a whole percentage of the thread count (0 when the count is unknown). */
export const loadShare = (load: number, threads: number) => (threads > 0 ? Math.round((load / threads) * 100) : 0);

/** CPU load with its share of the thread count: "1.20 (30%)". */
export function formatLoad(load: number, threads: number): string {
  return `${load.toFixed(2)} (${loadShare(load, threads)}%)`;
}

/** A rate in bytes per second with the traffic units: "2.50 MB/s". */
export const formatRate = (bytesPerSecond: number) => `${formatTraffic(bytesPerSecond)}/s`;

/** Share of `size` in use as a whole percentage ("free" of "size"); 0 for an empty size. */
export const usedPercent = (size: number, free: number) => (size > 0 ? Math.round(((size - free) / size) * 100) : 0);

/**
 * Uptime past 24 h as whole days plus the rest as hh:mm:ss (the tooltip beside the
 * hours:minutes:seconds value); null up to 24 h.
 */
export function uptimeDays(totalSeconds: number): { days: number; rest: string } | null {
  const s = Math.max(0, Math.floor(totalSeconds));
  if (s <= 86_400) return null;
  return { days: Math.floor(s / 86_400), rest: formatDuration(s % 86_400) };
}

/** An installation code in blocks of 4 characters. */
export function codeBlocks(code: string): string[] {
  return code.match(/.{1,4}/g) ?? [];
}

/** Milliseconds until `expiresAt`, 0 once expired (or unparsable). */
export function msUntil(expiresAt: string | null, now: number): number {
  if (!expiresAt) return 0;
  const end = Date.parse(expiresAt);
  return Number.isNaN(end) ? 0 : Math.max(0, end - now);
}

export type CommentDay = { kind: "today" } | { kind: "yesterday" } | { kind: "daysAgo"; days: number };

/** Comment dates: Today, Yesterday or N days ago (by local calendar day) plus HH:mm. */
export function commentDay(iso: string, now: number): { day: CommentDay; time: string } {
  const date = new Date(iso);
  const startOf = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((startOf(new Date(now)) - startOf(date)) / 86_400_000);
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}`;
  const day: CommentDay =
    days <= 0 ? { kind: "today" } : days === 1 ? { kind: "yesterday" } : { kind: "daysAgo", days };
  return { day, time };
}

export type HealthLabel = "healthy" | "unmonitored" | "warning" | "critical" | "unknown";

/**
 * Health codes: 0 Healthy, 2 Warning, 3 Critical; 1 (the spec's icon without a label) is a
 * reported "not measured" and keeps its own label; "unknown" only when nothing was reported.
 */
export function healthLabel(code: number | null | undefined): HealthLabel {
  if (code === 0) return "healthy";
  if (code === 1) return "unmonitored";
  if (code === 2) return "warning";
  if (code === 3) return "critical";
  return "unknown";
}

/**
 * A device type as shown: the API's device_type_name with a capital first letter (the spec's
 * list has "camera" beside "Linux Computer"); empty stays empty.
 */
export function typeLabel(name: string | null | undefined): string {
  return name ? name.charAt(0).toUpperCase() + name.slice(1) : "";
}
