import { deviceViewPath } from "@/features/devices/paths";
import { groupViewPath } from "@/features/groups/paths";
import { locationViewPath } from "@/features/locations/paths";
import type { RecentItem } from "./recent";

/** How long typing has to pause before the palette searches. */
export const PALETTE_DEBOUNCE_MS = 150;
/** Results of each kind shown. */
export const PALETTE_PER_KIND = 8;
/** The page an account jump opens (its search is then filled with the account's e-mail). */
export const ACCOUNTS_PATH = "/accounts";

/** Every word of the query is contained (case-insensitively) in one of the texts. */
export function matchesQuery(query: string, ...texts: ReadonlyArray<string | undefined>): boolean {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = texts.filter(Boolean).join(" ").toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** The query names this label: every word of the query starts a word of the label ("wall" → "Wall"). */
export function namedBy(label: string, query: string): boolean {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return false;
  const labelWords = label.toLowerCase().split(/[\s/·-]+/);
  return words.every((word) => labelWords.some((w) => w.startsWith(word)));
}

/** Where a picked item goes: a device, location or group flyout, the accounts list, a page. */
export function pathOfItem(item: Pick<RecentItem, "kind" | "id">, space: string): string {
  switch (item.kind) {
    case "device":
      return deviceViewPath(space, item.id);
    case "location":
      return locationViewPath(item.id);
    case "group":
      return groupViewPath(space, item.id);
    case "account":
      return ACCOUNTS_PATH;
    case "page":
      return item.id;
  }
}

/**
 * A list page (not a flyout) is where closing the jumped-to flyout comes back to; from a flyout
 * the flyout's own fallback applies (its list), not the other flyout.
 */
export function isFlyoutPath(pathname: string): boolean {
  const parts = pathname.split("/").filter(Boolean);
  if (parts[0] === "locations" && parts[1] === "global") return false;
  return parts.length > 1;
}

/**
 * The device whose flyout or health report is open: /{devices|locations}/device/{view|edit}/{space}/{uuid}/{tab}
 * or /performance/device/view/{space}/{uuid}/{tab}.
 */
export type OpenDevice = { section: string; space: string; uuid: string };

export function openDeviceOf(pathname: string): OpenDevice | null {
  const match = /^\/(devices|locations|performance)\/device\/(?:view|edit)\/([^/]+)\/([^/]+)(?:\/|$)/.exec(pathname);
  if (!match?.[1] || !match[2] || !match[3]) return null;
  // A health report's device: its actions' Commands tab opens under Devices.
  const section = match[1] === "performance" ? "devices" : match[1];
  return { section, space: decodeURIComponent(match[2]), uuid: decodeURIComponent(match[3]) };
}
