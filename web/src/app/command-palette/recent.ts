import { isObject, isOneOf, isString } from "@/lib/api/json-checks";
import { readJson, storageKeys, writeJson } from "@/lib/session/storage";

/*
 * The command palette's Recent group: the last items picked, newest first, per
 * account and space, remembered in this browser like the other preferences (lib/storage.ts).
 */

export const RECENT_MAX = 8;

export const RECENT_KINDS = ["device", "location", "group", "account", "page"] as const;
export type RecentKind = (typeof RECENT_KINDS)[number];

export type RecentItem = {
  kind: RecentKind;
  /** The uuid (a page: its path). */
  id: string;
  label: string;
  /** A second line: a device's location, an account's e-mail. */
  hint?: string;
};

/** A stored pick as a RecentItem (its known fields only), or null. */
function asRecentItem(item: unknown): RecentItem | null {
  if (!isObject(item) || !isOneOf(RECENT_KINDS, item.kind) || !isString(item.id) || item.id === "") return null;
  if (!isString(item.label) || (item.hint !== undefined && !isString(item.hint))) return null;
  return { kind: item.kind, id: item.id, label: item.label, ...(item.hint === undefined ? {} : { hint: item.hint }) };
}

export const recentKey = (account: string, space: string) => `${storageKeys.paletteRecent}.${account}.${space}`;

/** What is stored under `key`: the valid items only (an older or broken entry reads as nothing). */
export function readRecent(key: string): RecentItem[] {
  const stored = readJson(key);
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((item) => {
    const valid = asRecentItem(item);
    return valid ? [valid] : [];
  });
}

/** `item` first, an earlier pick of the same thing dropped, at most RECENT_MAX. */
export function withRecent(items: readonly RecentItem[], item: RecentItem): RecentItem[] {
  const others = items.filter((other) => other.kind !== item.kind || other.id !== item.id);
  return [item, ...others].slice(0, RECENT_MAX);
}

/** Remembers a pick; answers the new list. */
export function rememberRecent(key: string, item: RecentItem): RecentItem[] {
  const next = withRecent(readRecent(key), item);
  writeJson(key, next);
  return next;
}

/** Forgets one item (it no longer exists). */
export function forgetRecent(key: string, item: Pick<RecentItem, "kind" | "id">): RecentItem[] {
  const next = readRecent(key).filter((other) => other.kind !== item.kind || other.id !== item.id);
  writeJson(key, next.length > 0 ? next : null);
  return next;
}
